import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { treeTables } from './store.ts';

/**
 * The retention job's `reserve_trees` kind: the tree of the oldest snapshot taken before `before` is dropped (its two
 * partitions, migration 0039) and the snapshot marked `tree_pruned_at`; one snapshot per call. A tree is about three
 * rows per member (about 0.5 GB a snapshot at a million members), so daily snapshots kept for good would grow without
 * end; the snapshot row itself (root, totals, reserves, anchor) stays, and the newest published snapshot keeps its
 * tree whatever its age, so members can always verify one. Returns the rows that went (0: nothing left to drop).
 */
export async function purgeReserveTree(tx: Tx, before: Date): Promise<number> {
  const snapshot = await oldestTree(tx, before);
  if (!snapshot) return 0;
  const { leaves, nodes } = treeTables(snapshot);
  const counted = await sql<{ n: string }>`
    select (select count(*) from reserve_leaves where snapshot_id = ${snapshot})
      + (select count(*) from reserve_nodes where snapshot_id = ${snapshot}) n`.execute(tx);
  // Dropping a partition locks its parent for the moment it takes: a proof being read is waited for, briefly.
  await sql`drop table if exists ${sql.table(leaves)}, ${sql.table(nodes)}`.execute(tx);
  await tx
    .updateTable('reserve_snapshots')
    .set({ tree_pruned_at: sql<Date>`now()` })
    .where('id', '=', snapshot)
    .execute();
  // A snapshot whose tree was empty still counts as a step, so the job goes on to the next one.
  return Math.max(1, Number(counted.rows[0]?.n ?? 0));
}

/** The oldest published snapshot before `before` that still has its tree, never the newest published one. */
async function oldestTree(tx: Tx, before: Date): Promise<string | undefined> {
  const row = await tx
    .selectFrom('reserve_snapshots')
    .select('id')
    .where('state', '=', 'published')
    .where('tree_pruned_at', 'is', null)
    .where('taken_at', '<', before)
    .where('id', '<', (eb) =>
      eb
        .selectFrom('reserve_snapshots')
        .select(eb.fn.max('id').as('newest'))
        .where('state', '=', 'published'),
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
