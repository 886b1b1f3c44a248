import { type Db, poolOf } from '../db/database.ts';
import { sortedIds } from './post.ts';
import { legColumns, type Posting, type PostRow } from './wire.ts';

/** Posts one posting on its own (ledger_post_single), with its own retries. */
export type PostAlone = (db: Db, posting: Posting) => Promise<PostRow>;

/**
 * How many postings may be at the database at once per server. Postings that arrive while every lane is busy wait
 * and go together in the next call (ledger_post_batch): one lock hold and one commit for all of them, which is what
 * keeps a hot member from queueing every transfer behind the WAL flush of the one before (bench/ledger --hot).
 * Two lanes: while one batch commits, the next is already at the database, waiting for the rows the first holds.
 * More lanes make smaller batches that wait on each other's row locks inside PostgreSQL instead: with 50 members,
 * 4 lanes cost 0.28 WAL flushes per transfer where 2 cost 0.13 (bench/ledger --waits).
 */
const LANES = 2;
/** Bounds one transaction's locks and work. */
const MAX_BATCH = 64;

type Waiting = Posting & { resolve: (row: PostRow) => void; reject: (err: unknown) => void };
type Queue = { waiting: Waiting[]; lanes: number };
const queues = new WeakMap<Db, Queue>();

/** Posts `posting` alone when a lane is free, else with the others that wait for one. */
export function postBatched(db: Db, posting: Posting, alone: PostAlone): Promise<PostRow> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], lanes: 0 };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ ...posting, resolve, reject });
    if (q.lanes < LANES) void runLane(db, q, alone);
  });
}

/** A lane takes whatever waits, posts it, and goes on until nothing waits. */
async function runLane(db: Db, q: Queue, alone: PostAlone) {
  q.lanes++;
  try {
    while (q.waiting.length > 0) await settle(db, q.waiting.splice(0, MAX_BATCH), alone);
  } finally {
    q.lanes--;
  }
}

async function settle(db: Db, batch: Waiting[], alone: PostAlone) {
  const each = (p: Waiting) => alone(db, p).then(p.resolve, p.reject);
  if (batch.length === 1) return each(batch[0]!);
  let rows: (PostRow & { op_index: number })[];
  try {
    rows = await callBatch(db, batch);
  } catch {
    // The whole batch was refused (a malformed leg, a deadlock, the overdraft CHECK): posted one by one, only the
    // posting at fault fails, with the error it would have had alone.
    await Promise.all(batch.map(each));
    return;
  }
  const byIndex = new Map(rows.map((r) => [r.op_index, r]));
  await Promise.all(
    batch.map((p, i) => {
      const row = byIndex.get(i + 1);
      return row ? p.resolve(row) : each(p);
    }),
  );
}

const BATCH_SQL = `select * from ledger_post_batch($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bytea[],
  $6::int[], $7::bigint[], $8::int[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[], $13::text[],
  $14::text[], $15::jsonb[], $16::boolean[])`;

async function callBatch(db: Db, batch: Posting[]) {
  const legs = batch.flatMap((p, i) => p.wire.map((l) => ({ op: i + 1, ...l })));
  const active = batch.flatMap((p, i) => p.active.map((member) => ({ op: i + 1, member })));
  // A named statement is parsed and planned once per connection.
  const res = await poolOf(db).query<PostRow & { op_index: number }>({
    name: 'ledger_post_batch',
    text: BATCH_SQL,
    values: [
      sortedIds(legs.flatMap((l) => [l.d, l.c])),
      batch.map((p) => p.input.key),
      batch.map((p) => p.input.kind),
      batch.map((p) => p.input.memberId),
      batch.map((p) => p.hash),
      active.map((a) => a.op),
      active.map((a) => a.member),
      legs.map((l) => l.op),
      ...legColumns(legs),
    ],
  });
  return res.rows;
}
