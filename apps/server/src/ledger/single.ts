import { type Db, pgConstraint, pgErrorCode, poolOf } from '../db/database.ts';
import { fieldRefusal } from '../lib/errors.ts';
import type { AccountDirectory } from './accounts.ts';
import { balancesChanged, membersOf } from './balance-changes.ts';
import { type OperationInput, requestHash } from './operation.ts';
import { InsufficientFunds, type Leg, sortedIds } from './post.ts';

/** What the fast path remembers of a posting: each leg's balances after it, as the accounts saw them. */
export type PostedBalances = { debitBalanceAfter: bigint; creditBalanceAfter: bigint }[];

export type SingleResult<T> = (operationId: string, posted: PostedBalances, createdAt: Date) => T;

type Row = {
  op_id: string;
  op_created_at: Date;
  op_hash: Buffer;
  op_result: { afters: { da: string; ca: string }[] };
  outcome: 'posted' | 'existing';
};

/** A member the posting required to be active is not (frozen). Nothing was posted. */
export class InactiveMember extends Error {}

const POST_SQL = `select * from ledger_post_single($1, $2, $3::bigint, $4, $5::bigint[], $6::bigint[], $7::bigint[],
  $8::bigint[], $9::text[], $10::text[], $11::text[], $12::jsonb[], $13::boolean[], $14::bigint[])`;

async function callPost(
  db: Db,
  input: OperationInput,
  hash: Buffer,
  legs: Wire[],
  active: string[],
): Promise<Row> {
  // A named statement is parsed and planned once per connection.
  const res = await poolOf(db).query<Row>({
    name: 'ledger_post_single',
    text: POST_SQL,
    values: [
      input.key,
      input.kind,
      input.memberId,
      hash,
      sortedIds(legs.flatMap((l) => [l.d, l.c])),
      legs.map((l) => l.d),
      legs.map((l) => l.c),
      legs.map((l) => l.a),
      legs.map((l) => l.asset),
      legs.map((l) => l.kind),
      legs.map((l) => l.ref),
      legs.map((l) => JSON.stringify(l.details)),
      legs.map((l) => l.p),
      active,
    ],
  });
  return res.rows[0]!;
}

type Wire = {
  d: string;
  c: string;
  a: string;
  asset: string;
  kind: string;
  ref: string;
  details: Record<string, string>;
  p: boolean;
};

async function readExisting(db: Db, key: string): Promise<Row> {
  const r = await db
    .selectFrom('ledger_operations')
    .select(['id', 'created_at', 'request_hash', 'result'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  return {
    op_id: r.id,
    op_created_at: r.created_at,
    op_hash: r.request_hash,
    op_result: r.result as Row['op_result'],
    outcome: 'existing',
  };
}

/**
 * The hot path for an operation that is one set of linked legs (a transfer, an exchange, an airdrop): one round
 * trip to `ledger_post_single` (ledger/sql/post-single.sql), which applies the same rules as `runOperation`. The
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
  attempt = 1,
): Promise<T> {
  const hash = requestHash(input);
  const ids = await accounts.idsFor(
    db,
    legs.flatMap((l) => [l.debit, l.credit]),
  );
  const wire: Wire[] = legs.map((l, i) => {
    if (l.debit.asset !== l.credit.asset) throw new Error('ledger: legs must move one asset');
    return {
      d: ids[2 * i]!,
      c: ids[2 * i + 1]!,
      a: l.amount.toString(),
      asset: l.debit.asset,
      kind: l.kind,
      ref: l.reference ?? '',
      details: l.details ?? {},
      p: Boolean(l.pending),
    };
  });
  let row: Row;
  try {
    row = await callPost(db, input, hash, wire, requireActive);
  } catch (err) {
    if (pgErrorCode(err) === '23514' && pgConstraint(err) === 'ledger_accounts_no_overdraft') {
      // A request with this key may have spent the money first: then its answer is the answer.
      const first = await db
        .selectFrom('ledger_operations')
        .select('id')
        .where('idempotency_key', '=', input.key)
        .executeTakeFirst();
      if (!first) throw new InsufficientFunds('');
      row = await readExisting(db, input.key);
    } else if (pgErrorCode(err) === 'P0423') {
      throw new InactiveMember();
    } else if (pgErrorCode(err) === 'P0409') {
      row = await readExisting(db, input.key);
    } else if ((pgErrorCode(err) === '40P01' || pgErrorCode(err) === '40001') && attempt < 5) {
      // Bounded retry on deadlock or serialization failure only, as every ledger operation.
      return runSingleOperation(db, accounts, input, legs, result, requireActive, attempt + 1);
    } else {
      throw err;
    }
  }
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
