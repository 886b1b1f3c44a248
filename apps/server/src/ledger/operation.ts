import { inTransaction, type Db, type Tx } from '../db/database.ts';
import { fieldRefusal } from '../lib/errors.ts';
import { sha256 } from '../lib/crypto.ts';
import type { AccountDirectory, AccountRef } from './accounts.ts';
import { balancesChanged, membersOf } from './balance-changes.ts';
import { type Leg, type PostedTransfer, postLegs, resolvePending } from './post.ts';

export type OperationContext = {
  tx: Tx;
  operationId: string;
  post: (legs: Leg[]) => Promise<PostedTransfer[]>;
  resolve: (pendingIds: string[], action: 'post' | 'void') => Promise<PostedTransfer[]>;
};

export type OperationInput = {
  /** Unique across the platform; callers scope a client key, e.g. `m:<member id>:<client key>`. */
  key: string;
  kind: string;
  memberId: string | null;
  /** What makes two requests "the same": secrets (passwords, codes) must not be in it. */
  request: Record<string, unknown>;
};

export class DuplicateKey extends Error {}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
}

/**
 * One business operation in one transaction, applied at most once per idempotency key: the same key and
 * request return the first result (also to callers racing on it); the same key with another request is a 409.
 * A refused operation (an error thrown by `work`) rolls back and leaves the key unused.
 */
export function requestHash(input: OperationInput): Buffer {
  return sha256(stable({ kind: input.kind, ...input.request }));
}

/** The stored result of the operation with this key: the same request gets it, another request is a 409. */
export async function firstResult<T>(db: Db, key: string, hash: Buffer): Promise<T> {
  const first = await db
    .selectFrom('ledger_operations')
    .select(['request_hash', 'result'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  if (!first.request_hash.equals(hash)) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  return first.result as T;
}

export async function runOperation<T>(
  db: Db,
  accounts: AccountDirectory,
  input: OperationInput,
  work: (op: OperationContext) => Promise<T>,
): Promise<T> {
  const hash = requestHash(input);
  // The members whose balances the operation changes, told to the read caches once it committed.
  const changed = { refs: [] as AccountRef[], all: false };
  try {
    const result = await inTransaction(db, async (tx) => {
      changed.refs = [];
      // Blocks while another transaction holds the same key; after it commits, nothing is inserted here.
      const row = await tx
        .insertInto('ledger_operations')
        .values({
          idempotency_key: input.key,
          kind: input.kind,
          member_id: input.memberId,
          request_hash: hash,
          result: null,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new DuplicateKey();
      const op: OperationContext = {
        tx,
        operationId: row.id,
        post: (legs) => {
          changed.refs.push(...legs.flatMap((l) => [l.debit, l.credit]));
          return postLegs(tx, accounts, row.id, legs);
        },
        resolve: (ids, action) => {
          changed.all = true;
          return resolvePending(tx, row.id, ids, action);
        },
      };
      const result = await work(op);
      await tx
        .updateTable('ledger_operations')
        .set({ result: JSON.stringify(result) })
        .where('id', '=', row.id)
        .execute();
      return result;
    });
    balancesChanged(db, changed.all ? 'all' : membersOf(changed.refs));
    return result;
  } catch (err) {
    if (!(err instanceof DuplicateKey)) throw err;
    return firstResult<T>(db, input.key, hash);
  }
}
