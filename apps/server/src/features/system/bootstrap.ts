import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/password.ts';
import { audit } from '../admin/audit.ts';

/** The company root: top of both trees and the sponsor of last resort. It has no password until an admin sets one. */
export async function ensureRoot(db: Db, userid: string): Promise<string> {
  await db
    .insertInto('members')
    .values({
      userid,
      name: 'Company',
      email: null,
      mobile: null,
      tel_prefix: null,
      password_hash: null,
      tx_password_hash: null,
      sponsor_id: null,
      placement_parent_id: null,
      side: null,
    })
    .onConflict((oc) => oc.expression(sql`lower(userid)`).doNothing())
    .execute();
  const row = await db
    .selectFrom('members')
    .select('id')
    .where(sql`lower(userid)`, '=', userid.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** ADMIN_USERID + ADMIN_PASSWORD: creates that admin (an owner), or resets its password and role, at every start. */
export async function ensureAdmin(db: Db, userid: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const existing = await db
    .selectFrom('members')
    .select(['id', 'role'])
    .where(sql`lower(userid)`, '=', userid.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('members')
      .set({ password_hash: hash, role: 'admin', admin_role: 'owner', status: 'active' })
      .where('id', '=', existing.id)
      .execute();
    await audit(db, null, 'admin.bootstrap_reset', userid);
    return;
  }
  await db
    .insertInto('members')
    .values({
      userid,
      name: 'Administrator',
      email: null,
      mobile: null,
      tel_prefix: null,
      password_hash: hash,
      tx_password_hash: null,
      role: 'admin',
      admin_role: 'owner',
      sponsor_id: null,
      placement_parent_id: null,
      side: null,
    })
    .execute();
  await audit(db, null, 'admin.bootstrap_create', userid);
}
