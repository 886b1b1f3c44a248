import type pg from 'pg';
import { type Db, poolOf } from '../../db/database.ts';
import { copyIn } from '../../db/pg-copy.ts';
import type { BuiltTree } from './tree.ts';

/**
 * Writes a built tree with COPY (a million leaves are three million rows) and runs `publish` in the same
 * transaction: a snapshot is published with its whole tree, or nothing of it is kept.
 */

/** Rows per chunk handed to COPY (about a megabyte). */
const CHUNK_ROWS = 5_000;

/** COPY's text format: a bytea is written `\\x<hex>` (the backslash escaped). */
const bytea = (b: Buffer) => `\\\\x${b.toString('hex')}`;

async function* leafRows(snapshotId: string, tree: BuiltTree): AsyncGenerator<Buffer> {
  let lines: string[] = [];
  for (const [i, leaf] of tree.leaves.entries()) {
    lines.push(`${snapshotId}\t${leaf.memberId}\t${i}\t${bytea(leaf.salt)}\n`);
    if (lines.length >= CHUNK_ROWS) {
      yield Buffer.from(lines.join(''));
      lines = [];
    }
  }
  if (lines.length) yield Buffer.from(lines.join(''));
}

async function* nodeRows(snapshotId: string, tree: BuiltTree): AsyncGenerator<Buffer> {
  const width = 16 * tree.columns;
  let lines: string[] = [];
  const sums = Buffer.alloc(width);
  for (const [level, nodes] of tree.levels.entries()) {
    for (let i = 0; i < nodes.count; i++) {
      for (let c = 0; c < tree.columns; c++) {
        sums.fill(0, 16 * c, 16 * c + 8);
        sums.writeBigUInt64BE(nodes.sums[i * tree.columns + c] as bigint, 16 * c + 8);
      }
      const hash = nodes.hashes.subarray(32 * i, 32 * i + 32);
      lines.push(`${snapshotId}\t${level}\t${i}\t${bytea(hash)}\t${bytea(sums)}\n`);
      if (lines.length >= CHUNK_ROWS) {
        yield Buffer.from(lines.join(''));
        lines = [];
      }
    }
  }
  if (lines.length) yield Buffer.from(lines.join(''));
}

/** Stores the tree's leaves and nodes, then `publish(client)`, in one transaction. */
export async function storeTree(
  db: Db,
  snapshotId: string,
  tree: BuiltTree,
  publish: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await poolOf(db).connect();
  try {
    await client.query('begin');
    await copyIn(
      client,
      'copy reserve_leaves (snapshot_id, member_id, idx, salt) from stdin',
      leafRows(snapshotId, tree),
    );
    await copyIn(
      client,
      'copy reserve_nodes (snapshot_id, level, idx, hash, sums) from stdin',
      nodeRows(snapshotId, tree),
    );
    await publish(client);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
