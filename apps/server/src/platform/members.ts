import { sql } from 'kysely';
import type { Conn } from '../db/database.ts';

// Members found by what people type (userid, e-mail, mobile): every feature that takes a member by name asks here.

/** Members are found by userid ignoring case (the unique index is on lower(userid)). */
export function findByUserid(db: Conn, userid: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where(sql`lower(userid)`, '=', userid.toLowerCase())
    .executeTakeFirst();
}

export async function isEmailTaken(db: Conn, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('members').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function isMobileTaken(db: Conn, telPrefix: string, mobile: string, exceptId?: string) {
  let q = db
    .selectFrom('members')
    .select('id')
    .where('tel_prefix', '=', telPrefix)
    .where('mobile', '=', mobile);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}
