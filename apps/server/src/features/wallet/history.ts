import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { parseDay } from '../../platform/dates.ts';

/**
 * How a member's screens read the ledger's transfers, at any size (issue 32, DECISIONS.md section 58). Each account's
 * transfers are in two indexes by (account, kind, time) (migration 0044): a page is a merge of the member's
 * (account, side, kind) ranges, newest first, that stops after the page; a count reads those ranges in the index
 * alone, and for a busy member the complete days it has rolled up (ledger_history_days, one row per account, kind and
 * day), so its cost does not grow with the member's past.
 */

/** Transfers a count reads one by one since the member's last roll-up before it rolls the complete days up. */
export const ROLLUP_AFTER = 1000;

type Side = 'd' | 'c';
/** One index range: an account's transfers on one side, of one kind. */
export type Branch = { account: string; side: Side; kind: string };
/** Which transfers: the history's (posted and pending: a settlement shows on its hold) or the posted ones. */
export type Flags = 'shown' | 'posted';
/** Whole days: `from` included, `to` excluded. */
export type Window = { from?: Date; to?: Date };

export type History = {
  memberId: string;
  accounts: Map<string, { wallet: string; asset: string }>;
  /** Every (account, side, kind) that has transfers. */
  branches: Branch[];
  /** Every day before this one is rolled up; null when none is. */
  through: Date | null;
};

const DAY_MS = 86_400_000;
const dayText = (d: Date) => d.toISOString().slice(0, 10);
const later = (a: Date | null | undefined, b: Date | undefined) => (a && (!b || a > b) ? a : b);

/** The filter's days (YYYY-MM-DD, both included) as a window; a malformed day is the caller's 422. */
export function windowOf(from: string | undefined, to: string | undefined): Window {
  const start = parseDay(from, 'from');
  const end = parseDay(to, 'to');
  return { from: start, to: end ? new Date(end.getTime() + DAY_MS) : undefined };
}

const column = (side: Side) => sql.raw(side === 'd' ? 'debit_account_id' : 'credit_account_id');
const flagsAre = (flags: Flags) =>
  sql.raw(flags === 'posted' ? "flags = 'posted'" : "flags in ('posted', 'pending')");

/** The first kind after `after` (or the first) that the account has on the side: one step of a loose index scan. */
function nextKind(account: RawBuilder<unknown>, side: RawBuilder<unknown>, after?: RawBuilder<unknown>) {
  const step = (s: Side) =>
    sql`(select t.kind from ledger_transfers t where t.${column(s)} = ${account}${after ? sql` and t.kind > ${after}` : sql``}
      and t.${flagsAre('shown')} order by t.kind limit 1)`;
  return sql`case ${side} when 'd' then ${step('d')} else ${step('c')} end`;
}

/**
 * The member's accounts (of one wallet or asset if asked), the kinds each has on each side (`creditsOnly`: the
 * credits), and how far the member is rolled up: one round trip.
 */
export async function historyOf(
  db: Conn,
  memberId: string,
  o: { wallet?: string; asset?: string; creditsOnly?: boolean } = {},
): Promise<History> {
  const sides = o.creditsOnly ? sql`(values ('c'))` : sql`(values ('d'), ('c'))`;
  const rows = await sql<{
    id: string;
    wallet: string;
    asset: string;
    side: Side | null;
    kind: string | null;
    through: string | null;
  }>`with recursive acc as (
      select id, wallet, asset from ledger_accounts where member_id = ${memberId}
        ${o.wallet ? sql`and wallet = ${o.wallet}` : sql``} ${o.asset ? sql`and asset = ${o.asset}` : sql``}
    ), kinds(account_id, side, kind) as (
      select a.id, s.side, ${nextKind(sql`a.id`, sql`s.side`)} from acc a cross join ${sides} s(side)
      union all
      select k.account_id, k.side, ${nextKind(sql`k.account_id`, sql`k.side`, sql`k.kind`)} from kinds k
      where k.kind is not null
    )
    select a.id::text id, a.wallet, a.asset, k.side, k.kind,
      (select r.through::text from ledger_history_rollups r where r.member_id = ${memberId}) through
    from acc a left join kinds k on k.account_id = a.id and k.kind is not null`.execute(db);
  const accounts = new Map(rows.rows.map((r) => [r.id, { wallet: r.wallet, asset: r.asset }]));
  const branches = rows.rows.flatMap((r) =>
    r.side && r.kind ? [{ account: r.id, side: r.side, kind: r.kind }] : [],
  );
  const through = rows.rows[0]?.through;
  return {
    memberId,
    accounts,
    branches,
    through: through && through !== '-infinity' ? new Date(`${through}T00:00:00Z`) : null,
  };
}

/** One range's (created_at, id), newest first, in the window, at most `limit` of them. */
function range(b: Branch, w: Window, flags: Flags, limit: number | null) {
  return sql`(select created_at, id from ledger_transfers where ${column(b.side)} = ${b.account} and kind = ${b.kind}
    and ${flagsAre(flags)}${w.from ? sql` and created_at >= ${w.from}` : sql``}${w.to ? sql` and created_at < ${w.to}` : sql``}
    order by created_at desc, id desc${limit === null ? sql`` : sql` limit ${limit}`})`;
}

export type TransferRow = {
  id: string;
  created_at: Date;
  kind: string;
  flags: string;
  amount: string;
  asset: string;
  reference: string;
  details: Record<string, string>;
  debit_account_id: string;
  credit_account_id: string;
  debit_balance_after: string;
  credit_balance_after: string;
  /** The settlement of a hold: post_pending or void_pending, and the balances after it. */
  resolved: string | null;
  resolved_debit_after: string | null;
  resolved_credit_after: string | null;
};

/**
 * One page of the ranges merged, newest first (a transfer between two of the member's accounts is in two ranges and
 * shows once), with each hold's settlement.
 */
export async function pageOf(
  db: Conn,
  branches: Branch[],
  w: Window,
  flags: Flags,
  page: { offset: number; size: number },
): Promise<TransferRow[]> {
  if (branches.length === 0) return [];
  const ranges = branches.map((b) => range(b, w, flags, page.offset + page.size));
  const rows =
    await sql<TransferRow>`select t.id, t.created_at, t.kind, t.flags, t.amount, t.asset, t.reference,
      t.details, t.debit_account_id, t.credit_account_id, t.debit_balance_after, t.credit_balance_after,
      r.flags resolved, r.debit_balance_after resolved_debit_after, r.credit_balance_after resolved_credit_after
    from (select created_at, id from (${sql.join(ranges, sql` union `)}) u
      order by created_at desc, id desc limit ${page.size} offset ${page.offset}) p
    join ledger_transfers t on t.id = p.id
    left join ledger_transfers r on r.pending_id = t.id
    order by p.created_at desc, p.id desc`.execute(db);
  return rows.rows;
}

/** The rolled-up days' part of a count (the same accounts, sides and kinds), or of a sum. */
function rolledUp(h: History, branches: Branch[], w: Window, what: RawBuilder<unknown>) {
  const accounts = [...h.accounts.keys()];
  const sides = [...new Set(branches.map((b) => b.side))];
  const kinds = [...new Set(branches.map((b) => b.kind))];
  // A credit from another shown account of the member is counted on that account's debit side.
  return sql`(select coalesce(sum(${what}), 0) from ledger_history_days d
    where d.account_id = any(${accounts}::bigint[]) and d.side = any(${sides}::text[]) and d.kind = any(${kinds}::text[])
      ${w.from ? sql`and d.day >= ${dayText(w.from)}::date` : sql``} ${w.to ? sql`and d.day < ${dayText(w.to)}::date` : sql``}
      and (d.side = 'd' or d.peer <> all(${accounts}::bigint[])))`;
}

/** How many transfers the ranges hold in the window: rolled-up days plus the rest, read in the index (capped). */
async function countOnce(
  db: Conn,
  h: History,
  branches: Branch[],
  w: Window,
  flags: Flags,
  cap: number | null,
) {
  const live = { from: later(h.through, w.from), to: w.to };
  const ranges = branches.map((b) => range(b, live, flags, cap));
  const r = await sql<{ rolled: string; live: string }>`select
      ${h.through ? rolledUp(h, branches, w, sql.raw(flags === 'posted' ? 'd.posted' : 'd.shown')) : sql`0`}::text rolled,
      (select count(*) from (select 1 from (${sql.join(ranges, sql` union `)}) u${cap === null ? sql`` : sql` limit ${cap}`}) x)::text live`.execute(
    db,
  );
  return { rolled: Number(r.rows[0]?.rolled ?? 0), live: Number(r.rows[0]?.live ?? 0) };
}

/** The exact number of transfers the ranges hold in the window; rolls the member up first when that pays. */
export async function countOf(
  db: Conn,
  h: History,
  branches: Branch[],
  w: Window,
  flags: Flags,
): Promise<number> {
  if (branches.length === 0) return 0;
  return readRolledUp(db, h, async (through, cap) => {
    const n = await countOnce(db, { ...h, through }, branches, w, flags, cap);
    return { live: n.live, value: n.rolled + n.live };
  });
}

/**
 * A read of the member's rolled-up days plus the transfers since (`read(through, cap)`, which says how many live
 * transfers it met, counting up to `cap`): as it is when they are few, else again after rolling the member up.
 */
export async function readRolledUp<T>(
  db: Conn,
  h: History,
  read: (through: Date | null, cap: number | null) => Promise<{ live: number | null; value: T }>,
): Promise<T> {
  const first = await read(h.through, ROLLUP_AFTER + 1);
  if (first.live !== null && first.live <= ROLLUP_AFTER) return first.value;
  const through = (await rollUpHistory(db, h.memberId)) ?? h.through;
  return (await read(through, null)).value;
}

/**
 * Rolls the member's complete days up (every account, both sides), from where the last roll-up stopped to the day
 * the oldest transaction now running began (UTC): a transfer's created_at is its transaction's start, so no transfer
 * can still appear on an earlier day. Returns the new bound; null inside a caller's transaction (its snapshot may be
 * older than that bound), where counts read every transfer instead.
 */
export async function rollUpHistory(db: Conn, memberId: string): Promise<Date | null> {
  if (db.isTransaction) return null;
  return db.transaction().execute(async (tx) => {
    await sql`insert into ledger_history_rollups (member_id, through) values (${memberId}, '-infinity')
      on conflict (member_id) do nothing`.execute(tx);
    const at = await sql<{ through: string }>`select through::text from ledger_history_rollups
      where member_id = ${memberId} for update`.execute(tx);
    // Read before the statement that sums: its snapshot then sees every transaction that began before the bound.
    const b = await sql<{
      bound: string;
    }>`select ((least(clock_timestamp(), min(xact_start)) at time zone 'UTC')::date)::text bound
      from pg_stat_activity where datname = current_database() and backend_type = 'client backend'
        and pid <> pg_backend_pid() and xact_start is not null`.execute(tx);
    const through = at.rows[0]!.through;
    const bound = b.rows[0]!.bound;
    // What the member's accounts have been through so far (history-task.ts picks members by what came since).
    await sql`update ledger_history_rollups set versions = (select coalesce(sum(version), 0) from ledger_accounts
      where member_id = ${memberId}) where member_id = ${memberId}`.execute(tx);
    if (through !== '-infinity' && through >= bound) return new Date(`${through}T00:00:00Z`);
    const since = sql`(${through}::date)::timestamp at time zone 'UTC'`;
    const until = sql`(${bound}::date)::timestamp at time zone 'UTC'`;
    const sums = sql`count(*), count(*) filter (where t.flags = 'posted'),
      coalesce(sum(t.amount) filter (where t.flags = 'posted'), 0)`;
    const day = sql`(t.created_at at time zone 'UTC')::date`;
    await sql`insert into ledger_history_days (account_id, side, kind, day, peer, shown, posted, amount)
      select a.id, 'd', t.kind, ${day}, 0, ${sums}
      from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id
      where a.member_id = ${memberId} and t.${flagsAre('shown')} and t.created_at >= ${since} and t.created_at < ${until}
      group by a.id, t.kind, ${day}
      union all
      select a.id, 'c', t.kind, ${day}, p.peer, ${sums}
      from ledger_accounts a join ledger_transfers t on t.credit_account_id = a.id
      cross join lateral (select case when t.debit_account_id in (select id from ledger_accounts where member_id = ${memberId})
        then t.debit_account_id else 0 end peer) p
      where a.member_id = ${memberId} and t.${flagsAre('shown')} and t.created_at >= ${since} and t.created_at < ${until}
      group by a.id, t.kind, ${day}, p.peer`.execute(tx);
    await sql`update ledger_history_rollups set through = ${bound}::date where member_id = ${memberId}`.execute(
      tx,
    );
    return new Date(`${bound}T00:00:00Z`);
  });
}
