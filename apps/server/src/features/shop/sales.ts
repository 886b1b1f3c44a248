import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { money } from '../../lib/amount.ts';
import { addDays, todayOf } from '../../platform/dates.ts';
import { bonusNet } from '../wallet/index.ts';

const USDT = 'USDT';
const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

/** My purchases and my legs' new volume per day, for the last `days` days (today included). */
export async function salesByDay(db: Conn, clock: Clock, memberId: string, days: number) {
  const today = todayOf(clock);
  const from = addDays(today, -(days - 1));
  const rows = await sql<{ date: string; personal: string; left: string; right: string }>`
    WITH d AS (SELECT generate_series(${from}::date, ${today}::date, '1 day')::date AS day),
    mine AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, sum(volume) AS v FROM purchases
      WHERE member_id = ${memberId} AND created_at >= ${from}::date AND asset = ${USDT} GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(mine.v, 0)::text AS personal,
      coalesce(l.left_volume, 0)::text AS left, coalesce(l.right_volume, 0)::text AS right
    FROM d LEFT JOIN mine ON mine.day = d.day
    LEFT JOIN leg_volume_daily l ON l.member_id = ${memberId} AND l.day = d.day
    ORDER BY d.day`.execute(db);
  let personal = 0n;
  let team = 0n;
  const list = rows.rows.map((r) => {
    const t = BigInt(r.left) + BigInt(r.right);
    personal += BigInt(r.personal);
    team += t;
    return {
      date: r.date,
      personal: money(r.personal, USDT),
      left: money(r.left, USDT),
      right: money(r.right, USDT),
      team: money(t, USDT),
    };
  });
  return { asset: USDT, days: list, totals: { personal: money(personal, USDT), team: money(team, USDT) } };
}

/** The latest purchases of my sponsor downline, up to 10 levels. */
export async function latestTeamSales(db: Conn, memberId: string, limit: number) {
  const rows = await sql<{ userid: string; level: number; source: string; amount: string; at: Date }>`
    WITH RECURSIVE team(id, level) AS (
      SELECT id, 1 FROM members WHERE sponsor_id = ${memberId}
      UNION ALL
      SELECT m.id, team.level + 1 FROM members m JOIN team ON m.sponsor_id = team.id WHERE team.level < 10
    )
    SELECT m.userid, team.level, p.source, p.volume::text AS amount, p.created_at AS at
    FROM purchases p JOIN team ON team.id = p.member_id JOIN members m ON m.id = p.member_id
    WHERE p.asset = ${USDT}
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit}`.execute(db);
  return {
    list: rows.rows.map((r) => ({
      userid: r.userid,
      level: r.level,
      source: r.source,
      amount: money(r.amount, USDT),
      at: r.at.toISOString(),
    })),
  };
}

export async function salesSummaryOf(db: Conn, clock: Clock, memberId: string) {
  const today = todayOf(clock);
  const month = monthStart(today);
  const r = await sql<{
    personal_month: string;
    personal_total: string;
    team_month: string;
    left_total: string;
    right_total: string;
    direct_count: string;
    team_count: string;
    shop_orders_month: string;
  }>`
    SELECT
      (SELECT coalesce(sum(volume), 0) FROM purchases WHERE member_id = ${memberId} AND asset = ${USDT}
        AND created_at >= ${month}::date)::text AS personal_month,
      coalesce(s.personal_volume, 0)::text AS personal_total,
      (SELECT coalesce(sum(left_volume + right_volume), 0) FROM leg_volume_daily
        WHERE member_id = ${memberId} AND day >= ${month}::date)::text AS team_month,
      coalesce(s.left_volume, 0)::text AS left_total,
      coalesce(s.right_volume, 0)::text AS right_total,
      coalesce(s.direct_count, 0)::text AS direct_count,
      coalesce(s.left_count + s.right_count, 0)::text AS team_count,
      (SELECT count(*) FROM shop_orders WHERE member_id = ${memberId} AND source = 'purchase'
        AND created_at >= ${month}::date)::text AS shop_orders_month
    FROM (SELECT 1) one LEFT JOIN member_stats s ON s.member_id = ${memberId}`.execute(db);
  const x = r.rows[0]!;
  return {
    asset: USDT,
    personal_month: money(x.personal_month, USDT),
    personal_total: money(x.personal_total, USDT),
    team_month: money(x.team_month, USDT),
    team_total: money(BigInt(x.left_total) + BigInt(x.right_total), USDT),
    left_total: money(x.left_total, USDT),
    right_total: money(x.right_total, USDT),
    direct_count: Number(x.direct_count),
    team_count: Number(x.team_count),
    shop_orders_month: Number(x.shop_orders_month),
  };
}

/** The pairing pool: what is carried on each leg, today's new volume, the last pairing and the bonuses earned. */
export async function infoPoolOf(db: Conn, clock: Clock, memberId: string) {
  const today = todayOf(clock);
  const month = monthStart(today);
  const [r, bonuses] = await Promise.all([
    sql<{
      left_carried: string;
      right_carried: string;
      left_today: string;
      right_today: string;
      last_pair_date: string | null;
      last_pairs: string | null;
      last_bonus: string | null;
    }>`
    WITH carried AS (SELECT * FROM pairing_carried(${memberId}::bigint)),
    last AS (SELECT pair_date, pairs, bonus FROM pairing_results WHERE member_id = ${memberId}
      ORDER BY pair_date DESC LIMIT 1),
    fresh AS (SELECT coalesce(sum(left_volume), 0) l, coalesce(sum(right_volume), 0) r FROM leg_volume_daily
      WHERE member_id = ${memberId} AND day > coalesce((SELECT max(run_date) FROM job_runs WHERE job = 'pairing'), '-infinity'::date))
    SELECT carried.left_volume::text AS left_carried, carried.right_volume::text AS right_carried,
      fresh.l::text AS left_today, fresh.r::text AS right_today,
      to_char(last.pair_date, 'YYYY-MM-DD') AS last_pair_date, last.pairs::text AS last_pairs, last.bonus::text AS last_bonus
    FROM carried CROSS JOIN fresh LEFT JOIN last ON true`.execute(db),
    // Bonuses paid to me, less any taken back (a cancelled shop order's), from the wallet's rolled-up days.
    bonusNet(db, memberId, new Date(`${month}T00:00:00Z`)),
  ]);
  const x = r.rows[0]!;
  return {
    asset: USDT,
    left_carried: money(x.left_carried, USDT),
    right_carried: money(x.right_carried, USDT),
    left_today: money(x.left_today, USDT),
    right_today: money(x.right_today, USDT),
    last_pair_date: x.last_pair_date ?? '',
    last_pairs: Number(x.last_pairs ?? 0),
    last_bonus: money(x.last_bonus ?? '0', USDT),
    bonus_month: money(bonuses.month, USDT),
    bonus_total: money(bonuses.total, USDT),
  };
}
