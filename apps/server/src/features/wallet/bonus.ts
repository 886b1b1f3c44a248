import { BONUS_TYPES, type BonusType } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { parseDay } from '../../platform/dates.ts';

/** Bonus payouts are ledger transfers of kind `bonus_<type>` into a member's accounts. */
const kindOf = (type: BonusType) => `bonus_${type}`;

export async function bonusTotals(db: Conn, memberId: string, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const rows = await sql<{ kind: string; total: string; today: string; this_month: string }>`
    select t.kind, sum(t.amount)::text total,
      coalesce(sum(t.amount) filter (where t.created_at >= ${today}), 0)::text today,
      coalesce(sum(t.amount) filter (where t.created_at >= ${month}), 0)::text this_month
    from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
    where a.member_id = ${memberId} and a.asset = 'USDT' and t.kind = any(${BONUS_TYPES.map(kindOf)}::text[]) and t.flags = 'posted'
    group by t.kind`.execute(db);
  const list = BONUS_TYPES.map((type) => {
    const r = rows.rows.find((x) => x.kind === kindOf(type));
    return {
      type,
      total: money(r?.total ?? '0', 'USDT'),
      today: money(r?.today ?? '0', 'USDT'),
      month: money(r?.this_month ?? '0', 'USDT'),
    };
  });
  const sum = (k: 'total' | 'today') => rows.rows.reduce((s, r) => s + BigInt(r[k]), 0n);
  return { total: money(sum('total'), 'USDT'), today: money(sum('today'), 'USDT'), list };
}

export async function bonusRecords(
  db: Conn,
  f: { memberId: string; type?: BonusType; from?: string; to?: string; page: number; pagesize: number },
) {
  const fromDay = parseDay(f.from, 'from');
  const toDay = parseDay(f.to, 'to');
  let q = db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
    .where('a.member_id', '=', f.memberId)
    .where('t.flags', '=', 'posted')
    .where('t.kind', 'in', f.type ? [kindOf(f.type)] : BONUS_TYPES.map(kindOf));
  if (fromDay) q = q.where('t.created_at', '>=', fromDay);
  if (toDay) q = q.where('t.created_at', '<', new Date(toDay.getTime() + 86_400_000));
  const [rows, count] = await Promise.all([
    q
      .select([
        't.id',
        't.created_at',
        't.kind',
        't.amount',
        't.asset',
        't.reference',
        't.details',
        'a.wallet',
      ])
      .orderBy('t.id', 'desc')
      .limit(f.pagesize)
      .offset((f.page - 1) * f.pagesize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const pairings = await pairingDetails(
    db,
    f.memberId,
    rows.filter((r) => r.kind === kindOf('pairing')).map((r) => r.reference.replace(/^pairing:/, '')),
  );
  return {
    list: rows.map((r) => {
      const details =
        r.kind === kindOf('pairing')
          ? (pairings.get(r.reference.replace(/^pairing:/, '')) ?? {})
          : ((r.details ?? {}) as Record<string, string>);
      return {
        id: r.id,
        created_at: new Date(r.created_at).toISOString(),
        type: r.kind.replace(/^bonus_/, ''),
        amount: money(r.amount, r.asset),
        wallet: r.wallet,
        asset: r.asset,
        reference: r.reference,
        source_userid: details.source_userid ?? '',
        details,
      };
    }),
    page: f.page,
    pagesize: f.pagesize,
    total: Number(count.n),
  };
}

/**
 * A pairing payout's volumes, from the day's pairing result (network/pairing-job.ts): before, added, pairs, the
 * cap, what was flushed and what is carried, as wire strings keyed by date.
 */
async function pairingDetails(db: Conn, memberId: string, dates: string[]) {
  const found = new Map<string, Record<string, string>>();
  if (dates.length === 0) return found;
  const rows = await db
    .selectFrom('pairing_results')
    .selectAll()
    .select(sql<string>`pair_date::text`.as('date'))
    .where('member_id', '=', memberId)
    .where(sql<boolean>`pair_date = any(${dates}::date[])`)
    .execute();
  const usdt = (v: string) => money(v, 'USDT');
  for (const r of rows)
    found.set(r.date, {
      date: r.date,
      left_before: usdt(r.left_before),
      right_before: usdt(r.right_before),
      left_added: usdt(r.left_added),
      right_added: usdt(r.right_added),
      pairs: r.pairs,
      paid_pairs: r.paid_pairs,
      capped: String(BigInt(r.paid_pairs) < BigInt(r.pairs)),
      cap: usdt(r.cap),
      flushed_left: usdt(r.flushed_left),
      flushed_right: usdt(r.flushed_right),
      left_after: usdt(r.left_after),
      right_after: usdt(r.right_after),
      plan_version: String(r.plan_version),
    });
  return found;
}
