import type { AdminRole } from '@mp/contract';
import { sql } from 'kysely';
import { type Db, inTransaction, type Tx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Sessions } from '../../platform/session-store.ts';
import { securityEventsChanged } from '../../platform/security-hold.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import { insertAdmin } from '../system/index.ts';
import { audit } from '../../platform/audit.ts';
import { disableTotp, setLoginPassword } from '../../platform/member-store.ts';

/**
 * Admin accounts as the operator's command line changes them (`npm run admin`, admin-cli.ts): for the first owner and
 * for an admin locked out of the admin area, where no other admin can help. Audited with no actor (the audit log's
 * "system"), since whoever runs it holds the server's configuration, not a session.
 */

/** A refusal the command reports to the operator as it is (exit 1). */
export class AdminAccountError extends Error {}

export type AdminRow = {
  userid: string;
  role: AdminRole | null;
  status: string;
  totp_enabled: boolean;
  /** The newest session's start: sessions are what a login leaves behind. */
  last_login: Date | null;
};

type AccountDeps = { db: Db; clock: Clock; sessions: Sessions };

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  return db
    .selectFrom('members as m')
    .select((eb) => [
      'm.userid',
      'm.admin_role as role',
      'm.status',
      'm.totp_enabled',
      eb
        .selectFrom('sessions as s')
        .select((s) => s.fn.max('s.created_at').as('at'))
        .whereRef('s.member_id', '=', 'm.id')
        .as('last_login'),
    ])
    .where('m.role', '=', 'admin')
    .orderBy('m.userid')
    .execute();
}

type Account = { id: string; userid: string; role: 'member' | 'admin'; totp_enabled: boolean };

function accountQuery(db: Db | Tx, userid: string) {
  return db
    .selectFrom('members')
    .select(['id', 'userid', 'role', 'totp_enabled'])
    .where(sql`lower(userid)`, '=', userid.toLowerCase());
}

/** Refuses a userid no one has, and a member who is not an admin (Admin/setmemberpassword is for them). */
function mustBeAdmin(m: Account | undefined, userid: string): Account {
  if (!m) throw new AdminAccountError(`no account ${userid}: npm run admin -- list shows the admins`);
  if (m.role !== 'admin')
    throw new AdminAccountError(
      `${m.userid} is a member, not an admin: its password is set with Admin/setmemberpassword`,
    );
  return m;
}

/** Checked before the operator types a password (and again under the row lock when the password is set). */
export async function checkAdmin(db: Db, userid: string): Promise<void> {
  mustBeAdmin(await accountQuery(db, userid).executeTakeFirst(), userid);
}

const taken = (userid: string) =>
  new AdminAccountError(
    `${userid} exists already: npm run admin -- reset-password ${userid} sets an admin's password (Admin/adminsave makes a member an admin)`,
  );

export async function checkUseridFree(db: Db, userid: string): Promise<void> {
  if (await accountQuery(db, userid).executeTakeFirst()) throw taken(userid);
}

async function lockAdmin(tx: Tx, userid: string): Promise<Account> {
  return mustBeAdmin(await accountQuery(tx, userid).forUpdate().executeTakeFirst(), userid);
}

export async function createAdminAccount(db: Db, userid: string, password: string, role: AdminRole) {
  const hash = await hashPassword(password);
  await inTransaction(db, async (tx) => {
    if (!(await insertAdmin(tx, userid, hash, role))) throw taken(userid);
    await audit(tx, null, 'admin.cli_create', userid, { role });
  });
}

/**
 * A new password for an admin; every session of theirs ends. Recorded as a password reset, which holds their own
 * money movements like any other reset (security-hold.ts).
 */
export async function resetAdminPassword(deps: AccountDeps, userid: string, password: string) {
  const hash = await hashPassword(password);
  const admin = await inTransaction(deps.db, async (tx) => {
    const m = await lockAdmin(tx, userid);
    await setLoginPassword(tx, m.id, hash, deps.clock.now());
    await audit(tx, null, 'admin.cli_reset_password', m.userid);
    await recordSecurityEvent(tx, {
      memberId: m.id,
      kind: 'password_reset',
      at: deps.clock.now(),
      details: { by: 'admin_cli' },
    });
    securityEventsChanged(deps.db, m.id);
    return m;
  });
  await deps.sessions.revokeAll(admin.id);
  return admin.userid;
}

/**
 * Two-factor off and its secret gone, every session ended: at the next login the admin is kept to enrolling a new
 * authenticator before anything else (outside demo mode, sessions.ts). Returns whether it had been on.
 */
export async function resetAdminTotp(deps: AccountDeps, userid: string) {
  const admin = await inTransaction(deps.db, async (tx) => {
    const m = await lockAdmin(tx, userid);
    await disableTotp(tx, m.id, deps.clock.now());
    await audit(tx, null, 'admin.cli_reset_2fa', m.userid, { was_enabled: m.totp_enabled });
    if (m.totp_enabled) {
      await recordSecurityEvent(tx, {
        memberId: m.id,
        kind: 'totp_disabled',
        at: deps.clock.now(),
        details: { by: 'admin_cli' },
      });
      securityEventsChanged(deps.db, m.id);
    }
    return m;
  });
  await deps.sessions.revokeAll(admin.id);
  return { userid: admin.userid, wasEnabled: admin.totp_enabled };
}
