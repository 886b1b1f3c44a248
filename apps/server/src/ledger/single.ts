import { type Db, pgConstraint, pgErrorCode, poolOf } from '../db/database.ts';
import { fieldRefusal } from '../lib/errors.ts';
import type { AccountDirectory } from './accounts.ts';
import { balancesChanged, membersOf } from './balance-changes.ts';
import { type OperationInput, requestHash } from './operation.ts';
import { legColumns, type Posting, type PostRow, toWire } from './wire.ts';
import { postBatched } from './batch.ts';
import { InsufficientFunds, type Leg, sortedIds } from './post.ts';

/** What the fast path remembers of a posting: each leg's balances after it, as the accounts saw them. */
export type PostedBalances = { debitBalanceAfter: bigint; creditBalanceAfter: bigint }[];

export type SingleResult<T> = (operationId: string, posted: PostedBalances, createdAt: Date) => T;

/** A member the posting required to be active is not (frozen). Nothing was posted. */
export class InactiveMember extends Error {}

const POST_SQL = `select * from ledger_post_single($1, $2, $3::bigint, $4, $5::bigint[], $6::bigint[], $7::bigint[],
  $8::bigint[], $9::text[], $10::text[], $11::text[], $12::jsonb[], $13::boolean[], $14::bigint[])`;

async function callPost(db: Db, { input, hash, wire: legs, active }: Posting): Promise<PostRow> {
  // A named statement is parsed and planned once per connection.
  const res = await poolOf(db).query<PostRow>({
    name: 'ledger_post_single',
    text: POST_SQL,
    values: [
      input.key,
      input.kind,
      input.memberId,
      hash,
      sortedIds(legs.flatMap((l) => [l.d, l.c])),
      ...legColumns(legs),
      active,
    ],
  });
  return res.rows[0]!;
}

async function readExisting(db: Db, key: string): Promise<PostRow> {
  const r = await db
    .selectFrom('ledger_operations')
    .select(['id', 'created_at', 'request_hash', 'result'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return {
    op_id: r.id,
    op_created_at: r.created_at,
    op_hash: r.request_hash,
    op_result: r.result as PostRow['op_result'],
    outcome: 'existing',
  };
}

/** One posting in its own call to ledger_post_single, the refusals it can meet turned into outcomes. */
async function postAlone(db: Db, posting: Posting, attempt = 1): Promise<PostRow> {
  const { key } = posting.input;
  try {
    return await callPost(db, posting);
  } catch (err) {
    if (pgErrorCode(err) === '23514' && pgConstraint(err) === 'ledger_accounts_no_overdraft') {
      // A request with this key may have spent the money first: then its answer is the answer.
      const first = await db
        .selectFrom('ledger_operations')
        .select('id')
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return first ? readExisting(db, key) : refused('insufficient');
    }
    if (pgErrorCode(err) === 'P0423') return refused('inactive');
    if (pgErrorCode(err) === 'P0409') return readExisting(db, key);
    // Bounded retry on deadlock or serialization failure only, as every ledger operation.
    if ((pgErrorCode(err) === '40P01' || pgErrorCode(err) === '40001') && attempt < 5)
      return postAlone(db, posting, attempt + 1);
    throw err;
  }
}

function refused(outcome: 'insufficient' | 'inactive'): PostRow {
  return {
    op_id: '',
    op_created_at: new Date(0),
    op_hash: Buffer.alloc(0),
    op_result: { afters: [] },
    outcome,
  };
}

/**
 * The hot path for an operation that is one set of linked legs (a transfer, an exchange, an airdrop): one round
 * trip to `ledger_post_single` (ledger/sql/post-single.sql), which applies the same rules as `runOperation`, or, while
 * other postings are at the database, one call to `ledger_post_batch` shared with those that wait (ledger/batch.ts). The
 * stored result is the legs' balances after; `result` turns it (and the operation's id and time) into the answer,
 * so a retry with the same key and request gets the very same answer.
 */
export async function runSingleOperation<T>(
  db: Db,
  accounts: AccountDirectory,
  input: OperationInput,
  legs: Leg[],
  result: SingleResult<T>,
  requireActive: string[] = [],
): Promise<T> {
  const hash = requestHash(input);
  const ids = await accounts.idsFor(
    db,
    legs.flatMap((l) => [l.debit, l.credit]),
  );
  const wire = toWire(legs, ids);
  const row = await postBatched(db, { input, hash, wire, active: requireActive }, postAlone);
  if (row.outcome === 'insufficient') throw new InsufficientFunds('');
  if (row.outcome === 'inactive') throw new InactiveMember();
  if (row.outcome === 'existing' && !row.op_hash.equals(hash)) {
    throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  }
  if (row.outcome === 'posted') balancesChanged(db, membersOf(legs.flatMap((l) => [l.debit, l.credit])));
  const posted = (row.op_result?.afters ?? []).map((a) => ({
    debitBalanceAfter: BigInt(a.da),
    creditBalanceAfter: BigInt(a.ca),
  }));
  return result(row.op_id, posted, new Date(row.op_created_at));
}
