import type pg from 'pg';
import { type Db, poolOf } from '../../db/database.ts';
import { copyIn } from '../../db/pg-copy.ts';
import { recordBytes, type SortedLeaves } from './tree.ts';

/**
 * Writes a tree with COPY (a million leaves are three million rows), making its upper levels as it goes, and runs
 * `publish` with the root in the same transaction: a snapshot is published with its whole tree, or nothing of it is
 * kept.
 */

/** Rows per chunk handed to COPY (under a megabyte). */
const CHUNK_ROWS = 5_000;

/** COPY's binary format: no text to build or parse for three million rows of bytea (PostgreSQL's COPY docs). */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const TRAILER = Buffer.from([0xff, 0xff]);

/** A chunk of rows in the binary format: each field is its length (int32) then its bytes. */
class Rows {
  buf: Buffer;
  at = 0;
  constructor(readonly rowBytes: number) {
    this.buf = Buffer.allocUnsafe(rowBytes * CHUNK_ROWS);
  }
  start(fields: number) {
    this.at = this.buf.writeInt16BE(fields, this.at);
  }
  int8(v: bigint) {
    this.at = this.buf.writeInt32BE(8, this.at);
    this.at = this.buf.writeBigInt64BE(v, this.at);
  }
  int4(v: number) {
    this.at = this.buf.writeInt32BE(4, this.at);
    this.at = this.buf.writeInt32BE(v, this.at);
  }
  int2(v: number) {
    this.at = this.buf.writeInt32BE(2, this.at);
    this.at = this.buf.writeInt16BE(v, this.at);
  }
  /** A field of bytes: a short one moved by a plain loop (a call of Buffer's copy costs more than its 8 bytes). */
  bytes(b: Buffer, from: number, length: number) {
    this.at = this.buf.writeInt32BE(length, this.at);
    if (length > 16) this.at += b.copy(this.buf, this.at, from, from + length);
    else for (let k = 0; k < length; k++) this.buf[this.at++] = b[from + k] as number;
  }
  /** The chunk so far, handed over as it is (the socket may still hold it): the next chunk gets a new buffer. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.at);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.at = 0;
    return out;
  }
  get full() {
    return this.at + this.rowBytes > this.buf.length;
  }
}

/**
 * The leaves' rows, in the order the members were read (by id, as a table scan gives them), so the primary key on
 * (snapshot, member) is built from rows nearly in its order; each names its position in level 0. Between chunks, the
 * levels above the leaves are hashed as far as a chunk's worth of nodes: PostgreSQL stores one chunk while Node
 * hashes, and the leaves' COPY hides about a million hashes.
 */
async function* leafRows(snapshotId: string, tree: SortedLeaves): AsyncGenerator<Buffer> {
  yield HEADER;
  const rows = new Rows(2 + 12 + 12 + 8 + 36);
  const snapshot = BigInt(snapshotId);
  const { ids, salts } = tree.leaves;
  const positions = new Uint32Array(tree.order.length);
  for (const [p, i] of tree.order.entries()) positions[i] = p;
  for (const [i, p] of positions.entries()) {
    rows.start(4);
    rows.int8(snapshot);
    rows.bytes(ids, 8 * i, 8);
    rows.int4(p);
    rows.bytes(salts, 32 * i, 32);
    if (rows.full) {
      yield rows.take();
      tree.levels.advance(CHUNK_ROWS);
    }
  }
  yield rows.take();
  yield TRAILER;
}

/** Each level's rows, bottom up; whatever of a level was not hashed during the leaves' COPY is hashed as it goes. */
async function* nodeRows(snapshotId: string, tree: SortedLeaves): AsyncGenerator<Buffer> {
  yield HEADER;
  const { levels } = tree;
  const size = recordBytes(levels.columns);
  const rows = new Rows(2 + 12 + 6 + 8 + 4 + size + 4);
  const snapshot = BigInt(snapshotId);
  for (let level = 0; ; level++) {
    levels.reach(level, 0);
    const made = levels.levels[level];
    if (!made) break;
    for (let i = 0; i < made.count; i++) {
      if (i % CHUNK_ROWS === 0) levels.reach(level, Math.min(made.count, i + CHUNK_ROWS));
      // A node's record is its hash then its sums as the format encodes them: both go as they are.
      rows.start(5);
      rows.int8(snapshot);
      rows.int2(level);
      rows.int4(i);
      rows.bytes(made.records, size * i, 32);
      rows.bytes(made.records, size * i + 32, size - 32);
      if (rows.full) yield rows.take();
    }
  }
  yield rows.take();
  yield TRAILER;
}

/**
 * How long each step of the store took, in ms: the leaves' COPY (with the upper levels hashed between its chunks),
 * the nodes' COPY (the rest of them hashed as it goes), the two primary keys, attaching and publishing.
 */
export type StoreTimes = { leaves: number; nodes: number; keys: number; publish: number };

/** The tables that hold one snapshot's tree: partitions of `reserve_leaves` and `reserve_nodes` (migration 0039). */
export function treeTables(snapshotId: string) {
  if (!/^\d+$/.test(snapshotId)) throw new Error(`not a snapshot id: ${snapshotId}`);
  return { leaves: `reserve_leaves_s${snapshotId}`, nodes: `reserve_nodes_s${snapshotId}` };
}

/**
 * Stores the tree's leaves and nodes, then `publish(client)`, in one transaction. Each goes into a new table with no
 * index (COPY FREEZE: the table is this transaction's own, so its rows need no later hint-bit writes), whose primary
 * key is built once from the loaded rows, then attached as the snapshot's partition: its CHECK proves the partition's
 * bound, so attaching reads no row. Maintaining the key row by row during COPY was about half of a build.
 */
export async function storeTree(
  db: Db,
  snapshotId: string,
  tree: SortedLeaves,
  publish: (client: pg.PoolClient, root: { hash: Buffer; sums: bigint[] }) => Promise<void>,
): Promise<StoreTimes> {
  const { leaves, nodes } = treeTables(snapshotId);
  const client = await poolOf(db).connect();
  const times: StoreTimes = { leaves: 0, nodes: 0, keys: 0, publish: 0 };
  let lap = performance.now();
  const mark = (step: keyof StoreTimes) => {
    const now = performance.now();
    times[step] = Math.round(now - lap);
    lap = now;
  };
  try {
    await client.query('begin');
    // Sorting three million keys in memory rather than in runs on disk (this transaction only).
    await client.query("set local maintenance_work_mem = '256MB'");
    await client.query(
      `create table ${leaves} (like reserve_leaves including constraints, check (snapshot_id = ${snapshotId}))`,
    );
    await copyIn(
      client,
      `copy ${leaves} (snapshot_id, member_id, idx, salt) from stdin (format binary, freeze)`,
      leafRows(snapshotId, tree),
    );
    mark('leaves');
    await client.query(
      `create table ${nodes} (like reserve_nodes including constraints, check (snapshot_id = ${snapshotId}))`,
    );
    await copyIn(
      client,
      `copy ${nodes} (snapshot_id, level, idx, hash, sums) from stdin (format binary, freeze)`,
      nodeRows(snapshotId, tree),
    );
    mark('nodes');
    await client.query(`alter table ${leaves} add primary key (snapshot_id, member_id)`);
    await client.query(`alter table ${nodes} add primary key (snapshot_id, level, idx)`);
    mark('keys');
    await client.query(`alter table reserve_leaves attach partition ${leaves} for values in (${snapshotId})`);
    await client.query(`alter table reserve_nodes attach partition ${nodes} for values in (${snapshotId})`);
    await publish(client, tree.levels.root());
    await client.query('commit');
    mark('publish');
    return times;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
