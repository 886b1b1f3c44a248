import type { AssetCode } from '@mp/contract';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { TransferFlags } from '../db/schema.ts';
import type { AccountDirectory, AccountRef } from './accounts.ts';

/** One movement of `amount` minor units from the debit account to the credit account. */
export type Leg = {
  debit: AccountRef;
  credit: AccountRef;
  amount: bigint;
  kind: string;
  reference?: string;
  details?: Record<string, string>;
  /** A hold: reserves the amount until it is posted or voided (two-phase transfer). */
  pending?: boolean;
};

export type PostedTransfer = {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  asset: string;
  kind: string;
  flags: TransferFlags;
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
};

/** A member account would go below zero. Carries the leg's index so callers can say which. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super('insufficient funds');
  }
}

export type AccountState = {
  id: string;
  asset: string;
  noOverdraft: boolean;
  dp: bigint;
  cp: bigint;
  dpe: bigint;
  cpe: bigint;
  changed: boolean;
};

export type Movement = {
  debitId: string;
  creditId: string;
  amount: bigint;
  asset: string;
  kind: string;
  flags: TransferFlags;
  pendingId: string | null;
  reference: string;
  details: Record<string, string>;
};

type AccountRow = {
  id: string;
  asset: string;
  no_overdraft: boolean;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
};

export function sortedIds(ids: string[]): string[] {
  return [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
}

function toAccountStates(rows: AccountRow[]): Map<string, AccountState> {
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        asset: r.asset,
        noOverdraft: r.no_overdraft,
        dp: BigInt(r.debits_posted),
        cp: BigInt(r.credits_posted),
        dpe: BigInt(r.debits_pending),
        cpe: BigInt(r.credits_pending),
        changed: false,
      },
    ]),
  );
}

/** Locks the accounts in ascending id order (so concurrent operations cannot deadlock) and reads them. */
async function lockAccounts(tx: Tx, ids: string[]): Promise<Map<string, AccountState>> {
  const rows =
    await sql<AccountRow>`select id, asset, no_overdraft, debits_posted, credits_posted, debits_pending,
      credits_pending from ledger_accounts where id = any(${sortedIds(ids)}::bigint[]) order by id for update`.execute(
      tx,
    );
  return toAccountStates(rows.rows);
}

function apply(a: Map<string, AccountState>, m: Movement) {
  const debit = a.get(m.debitId);
  const credit = a.get(m.creditId);
  if (!debit || !credit) throw new Error('ledger: account not locked');
  if (m.amount <= 0n) throw new Error('ledger: amount must be positive');
  if (m.debitId === m.creditId) throw new Error('ledger: debit and credit are the same account');
  if (debit.asset !== m.asset || credit.asset !== m.asset) throw new Error('ledger: asset mismatch');
  switch (m.flags) {
    case 'posted':
      debit.dp += m.amount;
      credit.cp += m.amount;
      break;
    case 'pending':
      debit.dpe += m.amount;
      credit.cpe += m.amount;
      break;
    case 'post_pending':
      debit.dpe -= m.amount;
      debit.dp += m.amount;
      credit.cpe -= m.amount;
      credit.cp += m.amount;
      break;
    case 'void_pending':
      debit.dpe -= m.amount;
      credit.cpe -= m.amount;
      break;
  }
  debit.changed = true;
  credit.changed = true;
  if (debit.noOverdraft && debit.cp - debit.dp - debit.dpe < 0n) throw new InsufficientFunds(debit.id);
  return { debitAfter: debit.cp - debit.dp, creditAfter: credit.cp - credit.dp };
}

/** The rows to insert and the balances to write for movements already applied in memory. */
function writeValues(
  movements: Movement[],
  afters: { debitAfter: bigint; creditAfter: bigint }[],
  accounts: Map<string, AccountState>,
) {
  const transfers = sql.join(
    movements.map(
      (m, i) =>
        sql`(${i}::int, ${m.debitId}::bigint, ${m.creditId}::bigint, ${m.amount.toString()}::bigint, ${m.asset}::text, ${m.kind}::text,
          ${m.flags}::text, ${m.pendingId}::bigint, ${afters[i]!.debitAfter.toString()}::bigint,
          ${afters[i]!.creditAfter.toString()}::bigint, ${m.reference}::text, ${JSON.stringify(m.details)}::jsonb)`,
    ),
  );
  const balances = sql.join(
    [...accounts.values()]
      .filter((a) => a.changed)
      .map(
        (a) =>
          sql`(${a.id}::bigint, ${a.dp.toString()}::bigint, ${a.cp.toString()}::bigint, ${a.dpe.toString()}::bigint, ${a.cpe.toString()}::bigint)`,
      ),
  );
  return { transfers, balances };
}

/** SQL (for a WITH clause) that inserts the transfers of operation `op` and writes the balances, as one statement. */
function writeStatementParts(values: ReturnType<typeof writeValues>) {
  return {
    transfers: sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
        flags, pending_id, debit_balance_after, credit_balance_after, reference, details)
      select op.id, v.d, v.c, v.amount, v.asset, v.kind, v.flags, v.pending_id, v.da, v.ca, v.reference, v.details
      from op cross join (values ${values.transfers}) as v(i, d, c, amount, asset, kind, flags, pending_id, da, ca, reference, details)
      order by v.i returning id`,
    balances: sql`update ledger_accounts a set debits_posted = v.dp, credits_posted = v.cp, debits_pending = v.dpe,
        credits_pending = v.cpe, version = a.version + 1
      from (values ${values.balances}) as v(id, dp, cp, dpe, cpe) where a.id = v.id and exists (select 1 from op) returning a.id`,
  };
}

function posted(
  movements: Movement[],
  afters: { debitAfter: bigint; creditAfter: bigint }[],
  ids: string[],
): PostedTransfer[] {
  return movements.map((m, i) => ({
    id: ids[i]!,
    debitAccountId: m.debitId,
    creditAccountId: m.creditId,
    amount: m.amount,
    asset: m.asset,
    kind: m.kind,
    flags: m.flags,
    debitBalanceAfter: afters[i]!.debitAfter,
    creditBalanceAfter: afters[i]!.creditAfter,
  }));
}

/** Applies movements in one go: lock, check, then one statement inserts the transfers and writes the balances. */
async function commitMovements(
  tx: Tx,
  operationId: string,
  movements: Movement[],
): Promise<PostedTransfer[]> {
  if (movements.length === 0) return [];
  const accounts = await lockAccounts(
    tx,
    movements.flatMap((m) => [m.debitId, m.creditId]),
  );
  const afters = movements.map((m) => apply(accounts, m));
  const parts = writeStatementParts(writeValues(movements, afters, accounts));
  const result = await sql<{ id: string }>`with op as (select ${operationId}::bigint as id),
      t as (${parts.transfers}), u as (${parts.balances})
    select id from t`.execute(tx);
  // Ids come from one sequence in insertion order (the VALUES order), so sorted ids match the movements.
  return posted(movements, afters, sortedIds(result.rows.map((r) => r.id)));
}

export function toMovements(ids: string[], legs: Leg[]): Movement[] {
  return legs.map((leg, i) => {
    if (leg.debit.asset !== leg.credit.asset) throw new Error('ledger: legs must move one asset');
    return {
      debitId: ids[2 * i]!,
      creditId: ids[2 * i + 1]!,
      amount: leg.amount,
      asset: leg.debit.asset as AssetCode,
      kind: leg.kind,
      flags: leg.pending ? 'pending' : 'posted',
      pendingId: null,
      reference: leg.reference ?? '',
      details: leg.details ?? {},
    };
  });
}

/** Posts linked legs: all of them or none. */
export async function postLegs(tx: Tx, accounts: AccountDirectory, operationId: string, legs: Leg[]) {
  const ids = await accounts.idsFor(
    tx,
    legs.flatMap((l) => [l.debit, l.credit]),
  );
  return commitMovements(tx, operationId, toMovements(ids, legs));
}

/** Posts or voids pending transfers, each exactly once (a unique index on pending_id backs this up). */
export async function resolvePending(
  tx: Tx,
  operationId: string,
  pendingIds: string[],
  action: 'post' | 'void',
) {
  const rows = await tx
    .selectFrom('ledger_transfers as t')
    .leftJoin('ledger_transfers as r', 'r.pending_id', 't.id')
    .select([
      't.id',
      't.debit_account_id',
      't.credit_account_id',
      't.amount',
      't.asset',
      't.kind',
      't.flags',
      't.reference',
      'r.id as resolved_by',
    ])
    .where('t.id', 'in', pendingIds)
    .execute();
  if (rows.length !== pendingIds.length) throw new Error('ledger: pending transfer not found');
  const movements: Movement[] = rows.map((r) => {
    if (r.flags !== 'pending') throw new Error('ledger: not a pending transfer');
    if (r.resolved_by) throw new Error('ledger: pending transfer already resolved');
    return {
      debitId: r.debit_account_id,
      creditId: r.credit_account_id,
      amount: BigInt(r.amount),
      asset: r.asset,
      kind: r.kind,
      flags: action === 'post' ? 'post_pending' : 'void_pending',
      pendingId: r.id,
      reference: r.reference,
      details: {},
    };
  });
  return commitMovements(tx, operationId, movements);
}
