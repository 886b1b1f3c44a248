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
  /**
   * Legs to the same member account with the same reference are paid by one transfer of their sum (details: those of
   * the leg with the lowest source id), e.g. one per member and day for all of a member's orders. Their stage rows
   * share its `tid`. Off: one transfer per leg.
   */
  combine?: boolean;
  /**
   * Runs once, the stage built (its `tid`s are the transfers' ids to be; it may be empty), before the accounts are
   * locked: a caller recording what each leg paid for does it before the payer's account is held (until commit).
   */
  staged?: () => Promise<void>;
};

export type PayoutResult = { operationId: string; count: number; total: bigint } | null;

/** Running balances and hash joins of a large batch: in memory, not in temporary files (this transaction only). */
const PAYOUT_WORK_MEM = '256MB';

/** What the payout's steps share: the platform account paid from (its id) and the asset of every leg. */
type Payer = { fromId: string; asset: string };

/** The stage's figures, read while the accounts are locked: the legs' count and sum and the first and last source. */
type StageSummary = { n: number; total: string | null; first: string; last: string };

const stage = sql.table(PAYOUT_STAGE);

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
  // idsFor answers one id per reference (or throws).
  const payer: Payer = { fromId: (await accounts.idsFor(tx, [batch.from]))[0]!, asset: batch.from.asset };
  await stageLegs(tx, batch, payer.asset);
  await openMemberAccounts(tx, payer.asset);
  await batch.staged?.();
  const s = await lockAndSummarise(tx, payer.fromId);
  if (!s) return null;
  const operationId = await insertOperation(tx, batch, s, payer.asset);
  await insertTransfers(tx, batch, payer, operationId, s.total);
  return { operationId, count: s.n, total: BigInt(s.total ?? '0') };
}

/** Builds the stage (`stageQuery`) as a temporary table, which the transaction's end drops. */
async function stageLegs(tx: Tx, batch: PayoutBatch, asset: string) {
  await sql`set local work_mem = ${sql.lit(PAYOUT_WORK_MEM)}`.execute(tx);
  await sql`drop table if exists ${stage}`.execute(tx);
  await sql`create temp table ${stage} on commit drop as ${stageQuery(batch, asset)}`.execute(tx);
  // The planner must know the stage's size, or it may scan every account to join a few thousand legs.
  await sql`analyze ${stage}`.execute(tx);
}

/**
 * Accounts a member does not have yet are made; the stage takes their ids from the rows made (or, when another
 * transaction made one first, from the account).
 */
async function openMemberAccounts(tx: Tx, asset: string) {
  await sql`with made as (
      insert into ledger_accounts (member_id, platform, wallet, asset, no_overdraft)
      select distinct member_id, null::text, wallet, ${asset}, true from ${stage}
      where credit_id is null order by 1, 2
      on conflict (member_id, wallet, asset) where member_id is not null do nothing
      returning id, member_id, wallet
    )
    update ${stage} s set credit_id = m.id from made m
    where s.credit_id is null and m.member_id = s.member_id and m.wallet = s.wallet`.execute(tx);
  const unmatched = await sql`select 1 from ${stage} where credit_id is null limit 1`.execute(tx);
  if (unmatched.rows.length > 0) {
    await sql`update ${stage} s set credit_id = a.id from ledger_accounts a
      where s.credit_id is null and a.member_id = s.member_id and a.wallet = s.wallet and a.asset = ${asset}`.execute(
      tx,
    );
  }
}

/**
 * One round trip: the stage's summary, and every touched account locked in ascending id order (the LockRows node
 * sits above the ordered scan), without sending the accounts back. The ids are probed as an array on the primary
 * key: as a semi-join the planner may read every account (a million or more) to lock a batch of them; `from_posted`
 * reads the locked rows, so that the locking query runs at all. Null when the stage is empty.
 */
async function lockAndSummarise(tx: Tx, fromId: string): Promise<StageSummary | null> {
  const summary = await sql<{
    n: number;
    total: string | null;
    first: string | null;
    last: string | null;
    from_posted: string | null;
  }>`with locked as (
      select id, credits_posted - debits_posted posted from ledger_accounts
      where id = any(array(select credit_id from ${stage} union select ${fromId}::bigint)) order by id for update
    )
    select s.n, s.total, s.first, s.last, (select max(posted) filter (where id = ${fromId}::bigint) from locked)::text
      from_posted
    from (select count(*)::int n, sum(amount)::text total, min(source_id)::text first, max(source_id)::text last
      from ${stage}) s`.execute(tx);
  const s = summary.rows[0];
  if (!s || s.n === 0 || !s.first || !s.last) return null;
  return { n: s.n, total: s.total, first: s.first, last: s.last };
}

/** The batch's ledger operation, keyed by its first and last source ids; returns its id. */
async function insertOperation(tx: Tx, batch: PayoutBatch, s: StageSummary, asset: string): Promise<string> {
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
  return op.id;
}

/**
 * Every transfer in one statement, with the sums added to the balances. The balances after each transfer come from
 * the updated accounts themselves (RETURNING), read back by the running sums of their own transfers in id order.
 */
async function insertTransfers(
  tx: Tx,
  batch: PayoutBatch,
  payer: Payer,
  operationId: string,
  total: string | null,
) {
  const { fromId, asset } = payer;
  const legs = batch.combine
    ? sql`select tid, credit_id, sum(amount) amount, min(reference) reference,
        (array_agg(details order by source_id))[1] details from ${stage} group by tid, credit_id`
    : sql`select tid, credit_id, amount, reference, details from ${stage}`;
  await sql`with legs as materialized (${legs}),
    cu as (
      update ledger_accounts a set credits_posted = a.credits_posted + x.total, version = a.version + 1
      from (select credit_id, sum(amount) total from legs group by credit_id) x
      where a.id = x.credit_id
      returning a.id, a.credits_posted - a.debits_posted - x.total opening
    ), du as (
      update ledger_accounts set debits_posted = debits_posted + ${total}::bigint, version = version + 1
      where id = ${fromId}::bigint
      returning credits_posted - debits_posted + ${total}::bigint opening
    )
    insert into ledger_transfers (id, operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags,
      debit_balance_after, credit_balance_after, reference, details)
    select l.tid, ${operationId}::bigint, ${fromId}::bigint, l.credit_id, l.amount, ${asset}, ${batch.kind}, 'posted',
      du.opening - sum(l.amount) over (order by l.tid),
      cu.opening + sum(l.amount) over (partition by l.credit_id order by l.tid), l.reference, l.details
    from legs l join cu on cu.id = l.credit_id cross join du`.execute(tx);
}

/**
 * The stage: the legs with their member account (null when it does not exist yet) and transfer id, one new id per
 * leg, or with `combine`, per member, wallet and reference (numbered in order of their lowest source id).
 */
function stageQuery(batch: PayoutBatch, asset: string) {
  const tid = sql`nextval('ledger_transfers_id_seq'::regclass)`;
  const cols = sql`r.source_id::bigint as source_id, r.member_id::bigint as member_id, r.wallet::text as wallet,
    r.amount::bigint as amount, r.reference::text as reference, r.details::jsonb as details`;
  const account = (r: string) => sql`left join ledger_accounts a on a.member_id = ${sql.ref(`${r}.member_id`)}
    and a.wallet = ${sql.ref(`${r}.wallet`)} and a.asset = ${asset}`;
  if (!batch.combine) {
    return sql`select ${tid} as tid, ${cols}, a.id as credit_id
      from (select * from (${batch.rows}) q order by q.source_id) r ${account('r')} order by r.source_id`;
  }
  // The account is looked up once per transfer, not per leg.
  return sql`with r as materialized (${batch.rows}),
    g as (
      select ${tid} as tid, x.member_id, x.wallet, x.reference, a.id as credit_id
      from (select member_id, wallet, reference, min(source_id) first from r group by 1, 2, 3 order by first) x
      ${account('x')}
    )
    select g.tid, ${cols}, g.credit_id
    from r join g on g.member_id = r.member_id and g.wallet = r.wallet and g.reference = r.reference`;
}
