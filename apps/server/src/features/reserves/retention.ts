import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';

/**
 * The retention job's `reserve_trees` kind: the trees of snapshots taken before `before` are deleted, at most `limit`
 * rows per call (oldest snapshot first, nodes then leaves), and a snapshot whose rows are all gone is marked
 * `tree_pruned_at`. A tree is about three rows per member (about 0.5 GB a snapshot at a million members), so daily
 * snapshots kept for good would grow without end; the snapshot row itself (root, totals, reserves, anchor) stays, and
 * the newest published snapshot keeps its tree whatever its age, so members can always verify one.
 */
export async function purgeReserveTrees(tx: Tx, before: Date, limit: number): Promise<number> {
  let purged = 0;
  while (purged < limit) {
    const snapshot = await oldestTree(tx, before);
    if (!snapshot) break;
    purged += await deleteRows(tx, 'reserve_nodes', snapshot, limit - purged);
    if (purged < limit) purged += await deleteRows(tx, 'reserve_leaves', snapshot, limit - purged);
    if (purged >= limit) break;
    await tx
      .updateTable('reserve_snapshots')
      .set({ tree_pruned_at: sql<Date>`now()` })
      .where('id', '=', snapshot)
      .execute();
  }
  return purged;
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

async function deleteRows(
  tx: Tx,
  table: 'reserve_nodes' | 'reserve_leaves',
  snapshot: string,
  limit: number,
): Promise<number> {
  const result = await sql`
    delete from ${sql.table(table)} where ctid in (
      select ctid from ${sql.table(table)} where snapshot_id = ${snapshot} limit ${limit})`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
}
