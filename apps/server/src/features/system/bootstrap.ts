import type { AdminRole } from '@mp/contract';
import { sql } from 'kysely';
import { type Conn, type Db, inTransaction } from '../../db/database.ts';
import { hashPassword } from '../../lib/password.ts';
import { audit } from '../../platform/audit.ts';
import { insertMemberUnlessTaken } from '../../platform/member-store.ts';

/** The company root: top of both trees and the sponsor of last resort. It has no password until an admin sets one. */
export async function ensureRoot(db: Db, userid: string): Promise<string> {
  await insertMemberUnlessTaken(db, {
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
  });
  const row = await db
    .selectFrom('members')
    .select('id')
    .where(sql`lower(userid)`, '=', userid.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new admin: a member outside both trees (no sponsor, no placement) with this admin role. False when the userid is
 * taken (case-insensitively), by an admin or a member, checked by the unique index so two creators cannot both win.
 */
export async function insertAdmin(
  db: Conn,
  userid: string,
  passwordHash: string,
  role: AdminRole,
): Promise<boolean> {
  const row = await insertMemberUnlessTaken(db, {
    userid,
    name: 'Administrator',
    email: null,
    mobile: null,
    tel_prefix: null,
    password_hash: passwordHash,
    tx_password_hash: null,
    role: 'admin',
    admin_role: role,
    sponsor_id: null,
    placement_parent_id: null,
    side: null,
  });
  return row !== undefined;
}

/**
 * ADMIN_USERID + ADMIN_PASSWORD (and the demo admin): creates that owner once, when the userid is free. An existing
 * account is left as it is, whatever ADMIN_PASSWORD says now: resetting it at every start would undo the password,
 * role and two-factor changes made since, and keep a working owner password in the environment. Later changes go
 * through `npm run admin`.
 */
export async function ensureAdmin(db: Db, userid: string, password: string): Promise<'created' | 'exists'> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where(sql`lower(userid)`, '=', userid.toLowerCase())
    .executeTakeFirst();
  if (existing) return 'exists';
  const hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    if (!(await insertAdmin(tx, userid, hash, 'owner'))) return 'exists';
    await audit(tx, null, 'admin.bootstrap_create', userid);
    return 'created';
  });
}
