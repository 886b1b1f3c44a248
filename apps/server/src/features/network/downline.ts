import { type Rank, SPONSOR_LEVELS } from '@mp/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { pairDay } from './pairing-math.ts';
import { currentPlan, share } from './plan.ts';
import { nextRankRule } from './ranks.ts';
import { type LegRow, legColumns, legFigures, usd } from './figures.ts';
import { findMember, type Me, scanDownline, searchable } from './tree.ts';

/** Sponsor-downline lists: direct recruits, a level, a search. */

type Row = {
  userid: string;
  rank: Rank;
  created_at: Date;
  level: number;
  sponsor: string | null;
  personal_volume: string | null;
  direct_count: string | null;
  left_count: string | null;
  right_count: string | null;
  left_volume: string | null;
  right_volume: string | null;
};

const columns = (
  baseDepth: number,
) => sql`m.userid, m.rank, m.created_at, m.sponsor_depth - ${baseDepth} level,
  sp.userid sponsor, s.personal_volume::text, s.direct_count::text, s.left_count::text, s.right_count::text,
  s.left_volume::text, s.right_volume::text`;
const joins = sql`left join members sp on sp.id = m.sponsor_id left join member_stats s on s.member_id = m.id`;

function view(r: Row) {
  return {
    userid: r.userid,
    rank: r.rank,
    joined: new Date(r.created_at).toISOString(),
    level: r.level,
    sponsor: r.sponsor ?? '',
    personal_volume: usd(r.personal_volume),
    direct_count: Number(r.direct_count ?? 0),
    team_count: Number(r.left_count ?? 0) + Number(r.right_count ?? 0),
    team_volume: usd(BigInt(r.left_volume ?? 0) + BigInt(r.right_volume ?? 0)),
  };
}

async function paged(
  db: Conn,
  rows: RawBuilder<Row>,
  count: RawBuilder<{ n: string }>,
  page: number,
  pagesize: number,
) {
  const [list, total] = await Promise.all([rows.execute(db), count.execute(db)]);
  return { list: list.rows.map(view), page, pagesize, total: Number(total.rows[0]?.n ?? 0) };
}

/** Members at sponsor levels 1..`levels` below `top`, as a query of (id, level). */
const levelsBelow = (top: string, levels: number) => sql`with recursive d(id, level) as (
    select id, 1 from members where sponsor_id = ${top}::bigint
    union all
    select m.id, d.level + 1 from d join members m on m.sponsor_id = d.id where d.level < ${levels}
  )`;

export async function directDownline(db: Conn, me: Me, page: number, pagesize: number) {
  const mine = await findMember(db, me.userid);
  return paged(
    db,
    sql<Row>`select ${columns(mine?.sponsor_depth ?? 0)} from members m ${joins}
      where m.sponsor_id = ${me.id}::bigint order by m.id desc limit ${pagesize} offset ${(page - 1) * pagesize}`,
    sql<{ n: string }>`select count(*)::text n from members where sponsor_id = ${me.id}::bigint`,
    page,
    pagesize,
  );
}

export async function levelDownline(db: Conn, me: Me, level: number, page: number, pagesize: number) {
  const mine = await findMember(db, me.userid);
  const below = levelsBelow(me.id, level);
  return paged(
    db,
    sql<Row>`${below} select ${columns(mine?.sponsor_depth ?? 0)} from d join members m on m.id = d.id ${joins}
      where d.level = ${level} order by m.id desc limit ${pagesize} offset ${(page - 1) * pagesize}`,
    sql<{ n: string }>`${below} select count(*)::text n from d where level = ${level}`,
    page,
    pagesize,
  );
}

/**
 * Sponsor-downline members (any level) whose userid starts with the keyword. The total counts matches up to one past
 * this page (so the list knows whether another page exists), not all of them.
 */
export async function searchSponsorDownline(
  db: Conn,
  me: Me,
  keyword: string,
  page: number,
  pagesize: number,
) {
  const prefix = searchable(keyword);
  const mine = await findMember(db, me.userid);
  if (!prefix || !mine) return { list: [], page, pagesize, total: 0 };
  const offset = (page - 1) * pagesize;
  const { ids } = await scanDownline(db, mine, prefix, true, offset + pagesize + 1);
  const pageIds = ids.slice(offset, offset + pagesize);
  const rows = await sql<Row>`select ${columns(mine.sponsor_depth)} from members m ${joins}
    where m.id = any(${pageIds}::bigint[]) order by lower(m.userid)`.execute(db);
  return { list: rows.rows.map(view), page, pagesize, total: ids.length };
}

export async function fiveLevels(db: Conn, me: Me) {
  const rows = await sql<{
    level: number;
    count: string;
    volume: string;
  }>`${levelsBelow(me.id, SPONSOR_LEVELS)}
    select d.level, count(*)::text count, coalesce(sum(s.personal_volume), 0)::text volume
    from d left join member_stats s on s.member_id = d.id group by d.level`.execute(db);
  const levels = Array.from({ length: SPONSOR_LEVELS }, (_, i) => {
    const r = rows.rows.find((x) => x.level === i + 1);
    return { level: i + 1, count: Number(r?.count ?? 0), volume: usd(r?.volume) };
  });
  const total = rows.rows.reduce((s, r) => s + BigInt(r.volume), 0n);
  return { levels, count: levels.reduce((s, l) => s + l.count, 0), volume: usd(total) };
}

/** The member's team summary, with an estimate of today's pairing from the volumes not yet paired. */
export async function groupInfo(db: Conn, me: Me) {
  const plan = await currentPlan(db);
  const r = await sql<
    {
      rank: Rank;
      personal_volume: string | null;
      direct_count: string | null;
      sponsor_team_count: string | null;
      first_pair_done: boolean | null;
      open_l: string;
      open_r: string;
    } & LegRow
  >`select m.rank, s.personal_volume::text, s.direct_count::text, s.sponsor_team_count::text,
      ${legColumns}, s.first_pair_done,
      -- Volume of days not yet run: all that is open less what is carried.
      (coalesce(s.left_open, 0) - c.left_volume)::text open_l, (coalesce(s.right_open, 0) - c.right_volume)::text open_r
    from members m left join member_stats s on s.member_id = m.id
    cross join lateral pairing_carried(m.id) c
    where m.id = ${me.id}::bigint`.execute(db);
  const m = r.rows[0];
  if (!m) throw new Error('member missing');
  const last = await sql<{
    d: string;
    bonus: string;
  }>`select pair_date::text d, bonus::text from pairing_results
    where member_id = ${me.id}::bigint order by pair_date desc limit 1`.execute(db);
  const cap = plan.caps[m.rank];
  const estimate = pairDay({
    leftBefore: BigInt(m.left_balance ?? 0),
    rightBefore: BigInt(m.right_balance ?? 0),
    leftAdded: BigInt(m.open_l),
    rightAdded: BigInt(m.open_r),
    firstPairDone: m.first_pair_done ?? false,
    unit: plan.unit,
    perPair: share(plan.unit, plan.pairingBps),
    cap,
    ratio: plan.ratio,
    capExcess: plan.capExcess,
    carryForward: plan.carryForward,
  });
  const next = nextRankRule(plan, m.rank);
  return {
    rank: m.rank,
    next_rank: next?.rank ?? '',
    next_rank_needs: {
      personal_volume: usd(next?.personal ?? 0n),
      direct_sponsors: Number(next?.directs ?? 0n),
      team_volume: usd(next?.team ?? 0n),
    },
    personal_volume: usd(m.personal_volume),
    direct_count: Number(m.direct_count ?? 0),
    // As ranks.ts measures it.
    team_volume: usd(BigInt(m.left_volume ?? 0) + BigInt(m.right_volume ?? 0)),
    sponsor_team_count: Number(m.sponsor_team_count ?? 0),
    ...legFigures(m),
    left_today: usd(m.open_l),
    right_today: usd(m.open_r),
    today_pairing: usd(estimate.bonus),
    cap: usd(cap),
    // pairDay never pays more than the cap.
    cap_used: usd(estimate.bonus),
    last_pairing_date: last.rows[0]?.d ?? '',
    last_pairing: usd(last.rows[0]?.bonus),
  };
}
