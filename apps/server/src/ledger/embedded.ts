import { type Conn, type Db, pgConstraint, pgErrorCode } from '../db/database.ts';
import type { AccountDirectory } from './accounts.ts';
import { balancesChanged, membersOf } from './balance-changes.ts';
import { type OperationInput, requestHash } from './operation.ts';
import { legColumns, toWire } from './wire.ts';
import { type Leg, sortedIds } from './post.ts';

/**
 * A posting made inside another feature's SQL function, so that a whole use case is one round trip (the shop's
 * order: migration 0043, shop_buy). That function calls ledger_post_single with `args`, so the ledger stays the one
 * writer of its tables and applies its own rules (lock order, key, balances, no overdraft). This module does what
 * runSingleOperation (single.ts) does around its call: the request hash, the account ids (made outside any
 * transaction when new), the legs as ledger_post_single's arrays, and the read caches told after the commit.
 */
export type EmbeddedPosting = {
  hash: Buffer;
  /** ledger_post_single's arguments, in its order: key, kind, member, hash, accounts, then the legs' arrays. */
  args: unknown[];
  /** Tells the balance caches; call once the caller's statement has committed the posting. */
  committed: () => void;
};

/** The SQL types of EmbeddedPosting.args, for a caller's statement text (its parameters from `first` on). */
export function embeddedPostingParams(first: number): string {
  const types = ['text', 'text', 'bigint', 'bytea', 'bigint[]', 'bigint[]', 'bigint[]', 'bigint[]', 'text[]'];
  types.push('text[]', 'text[]', 'jsonb[]', 'boolean[]', 'bigint[]');
  return types.map((t, i) => `$${first + i}::${t}`).join(', ');
}

export async function embeddedPosting(
  ledger: { db: Db; accounts: AccountDirectory },
  input: OperationInput,
  legs: Leg[],
  requireActive: string[] = [],
): Promise<EmbeddedPosting> {
  const hash = requestHash(input);
  const ids = await ledger.accounts.idsFor(
    ledger.db,
    legs.flatMap((l) => [l.debit, l.credit]),
  );
  const wire = toWire(legs, ids);
  return {
    hash,
    args: [
      input.key,
      input.kind,
      input.memberId,
      hash,
      sortedIds(wire.flatMap((l) => [l.d, l.c])),
      ...legColumns(wire),
      requireActive,
    ],
    committed: () => balancesChanged(ledger.db, membersOf(legs.flatMap((l) => [l.debit, l.credit]))),
  };
}

/**
 * What an error from the caller's statement means for its posting: a member account would have gone below zero,
 * a member required to be active is not, or the key was taken meanwhile (read the first operation). Nothing was
 * written in any of these cases.
 */
export function embeddedRefusal(err: unknown): 'insufficient' | 'inactive' | 'existing' | undefined {
  if (pgErrorCode(err) === '23514' && pgConstraint(err) === 'ledger_accounts_no_overdraft')
    return 'insufficient';
  if (pgErrorCode(err) === 'P0423') return 'inactive';
  if (pgErrorCode(err) === 'P0409') return 'existing';
  return undefined;
}

/** The operation with this idempotency key, if there is one. */
export function operationByKey(db: Conn, key: string) {
  return db
    .selectFrom('ledger_operations')
    .select(['id', 'request_hash', 'created_at'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}
