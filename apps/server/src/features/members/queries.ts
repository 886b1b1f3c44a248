import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';

export function findById(db: Conn, id: string) {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function useridOf(db: Conn, id: string | null): Promise<string> {
  if (!id) return '';
  const row = await db.selectFrom('members').select('userid').where('id', '=', id).executeTakeFirst();
  return row?.userid ?? '';
}

/** Which sides under a placement parent are taken. */
export async function takenSides(db: Conn, parentId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('members')
    .select('side')
    .where('placement_parent_id', '=', parentId)
    .execute();
  return new Set(rows.map((r) => r.side ?? ''));
}

/** Is `ancestorId` the member `id` itself or above it in the placement tree? */
export async function isInPlacementSubtree(db: Conn, ancestorId: string, id: string): Promise<boolean> {
  // Jump pointers (migration 0006): a few key probes however deep the tree.
  const result = await sql<{ found: boolean | null }>`
    select tree_contains(${ancestorId}::bigint, ${id}::bigint, false) as found`.execute(db);
  return result.rows[0]?.found === true;
}

/** The outermost member on one side of `startId`: follow the side's child until there is none. */
export async function outermostOnSide(db: Conn, startId: string, side: 'L' | 'R'): Promise<string> {
  const result = await sql<{ id: string }>`
    with recursive chain(id, depth) as (
      select ${startId}::bigint, 0
      union all
      select m.id, c.depth + 1 from members m join chain c on m.placement_parent_id = c.id and m.side = ${side}
    )
    select id from chain order by depth desc limit 1`.execute(db);
  return result.rows[0]?.id ?? startId;
}
