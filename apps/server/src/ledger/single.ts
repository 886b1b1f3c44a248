import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/database.ts';
import type { AccountDirectory } from './accounts.ts';
import { DuplicateKey, firstResult, requestHash, type OperationInput } from './operation.ts';
import {
  apply,
  InsufficientFunds,
  type Leg,
  type PostedTransfer,
  sortedIds,
  toAccountStates,
  toMovements,
  toPosted,
  writeStatementParts,
  writeValues,
} from './post.ts';

/**
 * The hot path for an operation that is one set of linked legs (a transfer, an exchange, an airdrop): the same
 * rules as `runOperation`, in four round trips. One statement takes an operation id, reads any earlier result for
 * the key and locks the accounts (ascending ids); the balances are checked in memory; one statement then inserts
 * the operation (with its result), the transfers and the new balances, and does nothing at all when a concurrent
 * request with the same key got there first.
 */
export async function runSingleOperation<T>(
  db: Db,
  accounts: AccountDirectory,
  input: OperationInput,
  legs: Leg[],
  result: (operationId: string, posted: PostedTransfer[]) => T,
): Promise<T> {
  const hash = requestHash(input);
  try {
    return await inTransaction(db, async (tx) => {
      const ids = await accounts.idsFor(
        tx,
        legs.flatMap((l) => [l.debit, l.credit]),
      );
      const movements = toMovements(ids, legs);
      const locked = await sql<{
        op_id: string;
        existing: boolean;
        accounts: {
          id: string;
          asset: string;
          no_overdraft: boolean;
          debits_posted: string;
          credits_posted: string;
          debits_pending: string;
          credits_pending: string;
        }[];
      }>`with n as (select nextval(pg_get_serial_sequence('ledger_operations', 'id'))::text as id),
          a as (select id::text, asset, no_overdraft, debits_posted::text, credits_posted::text, debits_pending::text,
                  credits_pending::text
                from ledger_accounts where id = any(${sortedIds(ids)}::bigint[]) order by id for update)
        select (select id from n) op_id,
          exists (select 1 from ledger_operations where idempotency_key = ${input.key}) existing,
          (select json_agg(a) from a) accounts`.execute(tx);
      const row = locked.rows[0]!;
      if (row.existing) throw new DuplicateKey();
      const states = toAccountStates(row.accounts ?? []);
      let afters: { debitAfter: bigint; creditAfter: bigint }[];
      try {
        afters = movements.map((m) => apply(states, m));
      } catch (err) {
        // A request with this key may have just spent the money: then its result is the answer, not a refusal.
        if (err instanceof InsufficientFunds) {
          const first = await tx
            .selectFrom('ledger_operations')
            .select('id')
            .where('idempotency_key', '=', input.key)
            .executeTakeFirst();
          if (first) throw new DuplicateKey();
        }
        throw err;
      }
      const provisional = toPosted(
        movements,
        afters,
        movements.map(() => ''),
      );
      const value = result(row.op_id, provisional);
      const parts = writeStatementParts(writeValues(movements, afters, states));
      const written = await sql<{ n: string }>`with op as (
          insert into ledger_operations (id, idempotency_key, kind, member_id, request_hash, result)
          values (${row.op_id}::bigint, ${input.key}, ${input.kind}, ${input.memberId}::bigint, ${hash}, ${JSON.stringify(value)}::jsonb)
          on conflict (idempotency_key) do nothing returning id),
        t as (${parts.transfers}), u as (${parts.balances})
        select count(*)::text n from op`.execute(tx);
      if (written.rows[0]?.n !== '1') throw new DuplicateKey();
      return value;
    });
  } catch (err) {
    if (err instanceof DuplicateKey) return firstResult<T>(db, input.key, hash);
    throw err;
  }
}
