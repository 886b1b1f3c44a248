import { BONUS_TYPES, type BonusType } from '@mp/contract';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { countOf, type History, historyOf, pageOf, readRolledUp, windowOf } from './history.ts';

/** Bonus payouts are ledger transfers of kind `bonus_<type>` into a member's accounts. */
const kindOf = (type: BonusType) => `bonus_${type}`;

/** Bonus totals by type: all time, this month and today (UTC days of `now`). */
export async function bonusTotals(db: Conn, memberId: string, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const h = await historyOf(db, memberId, { asset: 'USDT', creditsOnly: true });
  const rows =
    h.accounts.size === 0
      ? []
      : await postedSums(db, h, { credits: BONUS_TYPES.map(kindOf), debits: [] }, { today, month });
  const list = BONUS_TYPES.map((type) => {
    const r = rows.find((x) => x.kind === kindOf(type));
    return {
      type,
      total: money(r?.total ?? '0', 'USDT'),
      today: money(r?.today ?? '0', 'USDT'),
      month: money(r?.this_month ?? '0', 'USDT'),
    };
  });
  const sum = (k: 'total' | 'today') => rows.reduce((s, r) => s + BigInt(r[k]), 0n);
  return { total: money(sum('total'), 'USDT'), today: money(sum('today'), 'USDT'), list };
}

type Sums = { side: 'c' | 'd'; kind: string; total: string; today: string; this_month: string };

/**
 * The posted transfers of the member's accounts (`h`) summed by side and kind, credits of the kinds in `credits` and
 * debits of those in `debits`: the rolled-up days (history.ts) plus the transfers since, which are read one by one
 * only when they are few (else the member is rolled up first).
 */
async function postedSums(
  db: Conn,
  h: History,
  kinds: { credits: string[]; debits: string[] },
  at: { today: Date; month: Date },
): Promise<Sums[]> {
  const accounts = [...h.accounts.keys()];
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const once = async (through: Date | null, cap: number | null) => {
    const since = through ? sql` and t.created_at >= ${through}` : sql``;
    const live = sql`t.flags = 'posted' and ((t.credit_account_id = any(${accounts}::bigint[])
      and t.kind = any(${kinds.credits}::text[])${since}) or (t.debit_account_id = any(${accounts}::bigint[])
      and t.kind = any(${kinds.debits}::text[])${since}))`;
    const r = await sql<Sums & { n: string | null }>`
      with n as (${cap === null ? sql`select null::bigint c` : sql`select count(*) c from (select 1 from ledger_transfers t where ${live} limit ${cap}) x`}),
      s as (
        select case when t.credit_account_id = any(${accounts}::bigint[]) and t.kind = any(${kinds.credits}::text[])
            then 'c' else 'd' end side, t.kind, t.amount, t.created_at >= ${at.month} m, t.created_at >= ${at.today} d
        from ledger_transfers t
        where ${cap === null ? sql`true` : sql`(select c from n) < ${cap}`} and ${live}
        union all
        select side, kind, amount, day >= ${day(at.month)}::date, day >= ${day(at.today)}::date from ledger_history_days
        where account_id = any(${accounts}::bigint[])
          and ((side = 'c' and kind = any(${kinds.credits}::text[])) or (side = 'd' and kind = any(${kinds.debits}::text[])))
      )
      select (select c from n)::text n, g.* from (select 1) one left join (
        select side, kind, sum(amount)::text total, coalesce(sum(amount) filter (where m), 0)::text this_month,
          coalesce(sum(amount) filter (where d), 0)::text today
        from s group by side, kind) g on true`.execute(db);
    return {
      live: r.rows[0]?.n == null ? null : Number(r.rows[0].n),
      value: r.rows.filter((x) => x.kind !== null),
    };
  };
  return readRolledUp(db, h, once);
}

/** What the pairing pool shows as bonuses: sponsor, level and pairing bonuses paid in USDT. */
const POOL_BONUSES = ['bonus_sponsor', 'bonus_level', 'bonus_pairing'];

/**
 * The bonuses the member was paid in USDT (sponsor, level, pairing) less those taken back (a cancelled shop order's
 * `bonus_reversal`), all time and since `month` (UTC), in minor units.
 */
export async function bonusNet(
  db: Conn,
  memberId: string,
  month: Date,
): Promise<{ total: bigint; month: bigint }> {
  const h = await historyOf(db, memberId, { asset: 'USDT', creditsOnly: true });
  if (h.accounts.size === 0) return { total: 0n, month: 0n };
  const rows = await postedSums(
    db,
    h,
    { credits: POOL_BONUSES, debits: ['bonus_reversal'] },
    { today: month, month },
  );
  const sum = (k: 'total' | 'this_month') =>
    rows.reduce((s, r) => s + (r.side === 'd' ? -BigInt(r[k]) : BigInt(r[k])), 0n);
  return { total: sum('total'), month: sum('this_month') };
}

export async function bonusRecords(
  db: Conn,
  f: { memberId: string; type?: BonusType; from?: string; to?: string; page: number; pagesize: number },
) {
  const window = windowOf(f.from, f.to);
  const kinds: string[] = f.type ? [kindOf(f.type)] : BONUS_TYPES.map(kindOf);
  const h = await historyOf(db, f.memberId, { creditsOnly: true });
  const branches = h.branches.filter((b) => kinds.includes(b.kind));
  const page = { offset: (f.page - 1) * f.pagesize, size: f.pagesize };
  const [rows, total] = await Promise.all([
    pageOf(db, branches, window, 'posted', page),
    countOf(db, h, branches, window, 'posted'),
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
        wallet: h.accounts.get(r.credit_account_id)?.wallet ?? '',
        asset: r.asset,
        reference: r.reference,
        source_userid: details.source_userid ?? '',
        details,
      };
    }),
    page: f.page,
    pagesize: f.pagesize,
    total,
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
