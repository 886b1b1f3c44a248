import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { sha256 } from '../lib/crypto.ts';
import type { AccountDirectory, AccountRef } from './accounts.ts';

/** The staging table a payout batch is built in; it lives until the transaction ends. */
export const PAYOUT_STAGE = 'ledger_payout_stage';

export type PayoutBatch = {
  /** The operation's idempotency key, from the first and last source ids of the batch. */
  key: (first: string, last: string) => string;
  kind: string;
  /** The platform account every leg is paid from. */
  from: AccountRef;
  /**
   * A query of the legs, one row each: `source_id` (bigint, what the leg pays for, e.g. an order), `member_id`,
   * `wallet`, `amount` (> 0, minor units of the `from` asset), `reference`, `details` (jsonb).
   */
  rows: RawBuilder<unknown>;
};

export type PayoutResult = { operationId: string; count: number; total: bigint } | null;

/**
 * Pays many members from one platform account in one ledger operation, set-based: the legs are staged, missing
 * member accounts are made, the accounts are locked in ascending id order, then one statement inserts every
 * transfer (with each account's running balance after it) and adds the sums to the balances. After it, the stage
 * (`PAYOUT_STAGE`: source_id, tid = the transfer id, amount) is readable in the same transaction, so the caller can
 * record what each leg paid for. Every leg is an ordinary ledger transfer, checked by the same invariants.
 */
export async function postPayouts(
  tx: Tx,
  accounts: AccountDirectory,
  batch: PayoutBatch,
): Promise<PayoutResult> {
  const asset = batch.from.asset;
  const [fromId] = await accounts.idsFor(tx, [batch.from]);
  // The running balances sort the batch twice: in memory, not in temporary files (this transaction only).
  await sql`set local work_mem = '64MB'`.execute(tx);
  await sql`drop table if exists ${sql.table(PAYOUT_STAGE)}`.execute(tx);
  await sql`create temp table ${sql.table(PAYOUT_STAGE)} on commit drop as
    select nextval(pg_get_serial_sequence('ledger_transfers', 'id')) as tid, r.source_id::bigint as source_id,
      r.member_id::bigint as member_id, r.wallet::text as wallet, r.amount::bigint as amount,
      r.reference::text as reference, r.details::jsonb as details, a.id as credit_id
    from (select * from (${batch.rows}) q order by q.source_id) r
    left join ledger_accounts a on a.member_id = r.member_id and a.wallet = r.wallet and a.asset = ${asset}
    order by r.source_id`.execute(tx);
  // The planner must know the stage's size, or it may scan every account to join a few thousand legs.
  await sql`analyze ${sql.table(PAYOUT_STAGE)}`.execute(tx);
  const summary = await sql<{ n: number; total: string | null; first: string | null; last: string | null }>`
    select count(*)::int n, sum(amount)::text total, min(source_id)::text first, max(source_id)::text last
    from ${sql.table(PAYOUT_STAGE)}`.execute(tx);
  const s = summary.rows[0];
  if (!s || s.n === 0 || !s.first || !s.last) return null;

  const missing = await sql`insert into ledger_accounts (member_id, platform, wallet, asset, no_overdraft)
    select distinct member_id, null::text, wallet, ${asset}, true from ${sql.table(PAYOUT_STAGE)}
    where credit_id is null order by 1, 2
    on conflict (member_id, wallet, asset) where member_id is not null do nothing`.execute(tx);
  if (Number(missing.numAffectedRows ?? 0) > 0) {
    await sql`update ${sql.table(PAYOUT_STAGE)} s set credit_id = a.id from ledger_accounts a
      where s.credit_id is null and a.member_id = s.member_id and a.wallet = s.wallet and a.asset = ${asset}`.execute(
      tx,
    );
  }
  const locked = await sql<{ id: string; posted: string }>`
    select id::text, (credits_posted - debits_posted)::text posted from ledger_accounts
    where id in (select credit_id from ${sql.table(PAYOUT_STAGE)} union select ${fromId}::bigint)
    order by id for update`.execute(tx);
  const fromPosted = locked.rows.find((r) => r.id === fromId)?.posted ?? '0';

  const key = batch.key(s.first, s.last);
  const op = await tx
    .insertInto('ledger_operations')
    .values({
      idempotency_key: key,
      kind: batch.kind,
      member_id: null,
      request_hash: sha256(key),
      result: JSON.stringify({ count: s.n, total: s.total, asset }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await sql`with legs as (
      select s.tid, s.credit_id, s.amount, s.reference, s.details,
        (c.credits_posted - c.debits_posted) + sum(s.amount) over (partition by s.credit_id order by s.tid) as ca,
        ${fromPosted}::bigint - sum(s.amount) over (order by s.tid) as da
      from ${sql.table(PAYOUT_STAGE)} s join ledger_accounts c on c.id = s.credit_id
    ), t as (
      insert into ledger_transfers (id, operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags,
        debit_balance_after, credit_balance_after, reference, details)
      select tid, ${op.id}::bigint, ${fromId}::bigint, credit_id, amount, ${asset}, ${batch.kind}, 'posted', da, ca,
        reference, details from legs
    ), cu as (
      update ledger_accounts a set credits_posted = a.credits_posted + x.total, version = a.version + 1
      from (select credit_id, sum(amount) total from ${sql.table(PAYOUT_STAGE)} group by credit_id) x
      where a.id = x.credit_id
    )
    update ledger_accounts set debits_posted = debits_posted + ${s.total}::bigint, version = version + 1
    where id = ${fromId}::bigint`.execute(tx);
  return { operationId: op.id, count: s.n, total: BigInt(s.total ?? '0') };
}
