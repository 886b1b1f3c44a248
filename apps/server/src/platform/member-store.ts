import type { AdminRole } from '@mp/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Conn } from '../db/database.ts';
import type { MembersTable } from '../db/schema.ts';

// The one writer of the account row (issue 26): sign-up, passwords, two-factor, roles, status, KYC state and profile
// are written here, by small named statements. Each takes the caller's database or transaction, so the caller keeps
// its transaction, row locks and order. Look-ups stay in members.ts. Network's own bookkeeping on the row (rank,
// tree_pending) is still written by its SQL in features/network.

export type NewMember = Insertable<MembersTable>;

/** A member placed in both trees (sign-up, demo data); the unique indexes refuse a taken name, contact or spot. */
export function insertMember(db: Conn, row: NewMember) {
  return db.insertInto('members').values(row).returning(['id', 'userid']).executeTakeFirstOrThrow();
}

/**
 * An account outside the trees (the company root, an admin: system's bootstrap), unless its userid is taken, ignoring
 * case: then nothing is written and the answer is undefined. The unique index decides, so two creators cannot both win.
 */
export function insertMemberUnlessTaken(db: Conn, row: NewMember) {
  return db
    .insertInto('members')
    .values(row)
    .onConflict((oc) => oc.expression(sql`lower(userid)`).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** A new login password: the member's own change, a reset by code, and an admin's (the console or the CLI). */
export async function setLoginPassword(db: Conn, memberId: string, hash: string, at: Date) {
  await db
    .updateTable('members')
    .set({ password_hash: hash, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}

export async function setTxPassword(db: Conn, memberId: string, hash: string, at: Date) {
  await db
    .updateTable('members')
    .set({ tx_password_hash: hash, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}

/** Name, language and contact, only the fields given. */
export type ProfileChange = Pick<
  Updateable<MembersTable>,
  'name' | 'lang' | 'email' | 'mobile' | 'tel_prefix'
>;

export async function setProfile(db: Conn, memberId: string, change: ProfileChange, at: Date) {
  await db
    .updateTable('members')
    .set({ ...change, updated_at: at })
    .where('id', '=', memberId)
    .execute();
}

/** A fresh secret (sealed) while two-factor is being set up, before it is turned on. */
export async function setTotpSecret(db: Conn, memberId: string, sealed: string) {
  await db.updateTable('members').set({ totp_secret: sealed }).where('id', '=', memberId).execute();
}

/**
 * The stored secret re-sealed (a plain legacy one on first read, or any under the newest key when the ring rotates),
 * only while it is still `stored`: a secret changed meanwhile is left to its writer. True when it was replaced.
 */
export async function resealTotpSecret(db: Conn, memberId: string, stored: string, sealed: string) {
  const done = await db
    .updateTable('members')
    .set({ totp_secret: sealed })
    .where('id', '=', memberId)
    .where('totp_secret', '=', stored)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/**
 * Marks a code's time step used, only moving forward, so the same code (or an older one) cannot be replayed. False
 * when the step was not after the last one used.
 */
export async function useTotpStep(db: Conn, memberId: string, step: number) {
  const used = await db
    .updateTable('members')
    .set({ totp_last_step: step })
    .where('id', '=', memberId)
    .where(sql<boolean>`totp_last_step < ${step}`)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

export async function enableTotp(db: Conn, memberId: string) {
  await db.updateTable('members').set({ totp_enabled: true }).where('id', '=', memberId).execute();
}

/**
 * Two-factor off and its secret gone. `at` stamps updated_at too: the admin CLI's reset gives it, a member turning
 * their own off does not.
 */
export async function disableTotp(db: Conn, memberId: string, at?: Date) {
  await db
    .updateTable('members')
    .set({ totp_enabled: false, totp_secret: null, ...(at ? { updated_at: at } : {}) })
    .where('id', '=', memberId)
    .execute();
}

/** The columns an admin list shows of an admin (features/admin). */
export const adminColumns = ['userid', 'name', 'admin_role', 'status', 'totp_enabled', 'role'] as const;

/** Makes the member an admin with this role, or (null) a plain member again; answers the row as admin lists show it. */
export function setAdminRole(db: Conn, memberId: string, role: AdminRole | null) {
  return db
    .updateTable('members')
    .set(role ? { role: 'admin', admin_role: role } : { role: 'member', admin_role: null })
    .where('id', '=', memberId)
    .returning([...adminColumns])
    .executeTakeFirstOrThrow();
}

/** Freezes or unfreezes, only from the other state: false when the member already had this status. */
export async function setStatus(db: Conn, memberId: string, status: 'active' | 'frozen', at: Date) {
  const changed = await db
    .updateTable('members')
    .set({ status, updated_at: at })
    .where('id', '=', memberId)
    .where('status', '<>', status)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** The member's KYC state as their latest submission stands: pending when sent, then the admin's decision. */
export async function setKycState(db: Conn, memberId: string, state: 'pending' | 'approved' | 'rejected') {
  await db.updateTable('members').set({ kyc_state: state }).where('id', '=', memberId).execute();
}
