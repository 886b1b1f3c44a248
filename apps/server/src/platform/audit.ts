import type { Conn } from '../db/database.ts';

/** Every admin action is written here: who, what, on what, when. */
export async function audit(
  db: Conn,
  actorId: string | null,
  action: string,
  target: string,
  details: object = {},
) {
  await db
    .insertInto('audit_log')
    .values({ actor_id: actorId, action, target, details: JSON.stringify(details) })
    .execute();
}
