import { adminAuditLog, adminList, adminMyRole, type AdminRole, adminSave } from '@mp/contract';
import { sql } from 'kysely';
import { type Conn, inTransaction } from '../../db/database.ts';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { Sessions } from '../../platform/session-store.ts';
import { findByUserid } from '../../platform/members.ts';
import { adminColumns, setAdminRole } from '../../platform/member-store.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { parseDay } from '../../platform/dates.ts';
import { audit } from '../../platform/audit.ts';

function adminView(m: {
  userid: string;
  name: string;
  role: string;
  admin_role: AdminRole | null;
  status: string;
  totp_enabled: boolean;
}) {
  return {
    userid: m.userid,
    name: m.name,
    role: m.role === 'admin' ? (m.admin_role ?? ('' as const)) : ('' as const),
    status: m.status,
    totp_enabled: m.totp_enabled,
  };
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * Gives a member an admin role, changes it, or takes it away. The owners' rows are locked first, so two owners
 * demoting each other at once cannot leave no owner.
 */
async function saveAdmin(
  d: MoneyDeps,
  sessions: Sessions,
  actorId: string,
  userid: string,
  role: AdminRole | '',
) {
  const target = await findByUserid(d.db, userid);
  if (!target) throw fieldRefusal(404, 'userid', 'member_not_found');
  if (target.id === actorId) throw fieldRefusal(409, 'userid', 'admin_own_role');
  const saved = await inTransaction(d.db, async (tx: Conn) => {
    const owners = await tx
      .selectFrom('members')
      .select('id')
      .where('role', '=', 'admin')
      .where('admin_role', '=', 'owner')
      .forUpdate()
      .execute();
    const before = await tx
      .selectFrom('members')
      .select(['role', 'admin_role'])
      .where('id', '=', target.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const wasOwner = before.role === 'admin' && before.admin_role === 'owner';
    if (wasOwner && role !== 'owner' && owners.length <= 1) throw new Refusal(409, 'admin_last_owner');
    const row = await setAdminRole(tx, target.id, role || null);
    await audit(tx, actorId, 'admin.role_set', target.userid, {
      from: before.role === 'admin' ? (before.admin_role ?? '') : '',
      to: role,
    });
    return row;
  });
  // An admin who is no longer one starts again from the login screen.
  if (!role) await sessions.revokeAll(target.id);
  return adminView(saved);
}

/** Admins and their roles, the caller's own role, and the audit log. */
export function adminSecurityRoutes(d: MoneyDeps, sessions: Sessions) {
  const { db } = d;
  return [
    handle(adminMyRole, async (_input, ctx) => {
      const m = await db
        .selectFrom('members')
        .select(['role', 'admin_role', 'totp_enabled'])
        .where('id', '=', ctx.member.id)
        .executeTakeFirstOrThrow();
      const isAdmin = m.role === 'admin';
      return {
        role: isAdmin ? (m.admin_role ?? ('' as const)) : ('' as const),
        totp_enabled: m.totp_enabled,
        totp_enrolment_required: isAdmin && ctx.member.adminRefusal === 'admin_totp_required',
      };
    }),

    handle(adminList, async ({ page, pagesize }) => {
      const base = db.selectFrom('members').where('role', '=', 'admin');
      const [rows, count] = await Promise.all([
        base
          .select([...adminColumns])
          .orderBy('userid')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(adminView), page, pagesize, total: Number(count.n) };
    }),

    handle(adminSave, async (input, ctx) => {
      await d.totp.require(ctx.member.id, input.totp);
      return reply(
        await saveAdmin(d, sessions, ctx.member.id, input.userid, input.role as AdminRole | ''),
        'saved',
      );
    }),

    handle(adminAuditLog, async ({ page, pagesize, actor, action, target, from, to }) => {
      const fromDay = parseDay(from, 'from');
      const toDay = parseDay(to, 'to');
      let base = db.selectFrom('audit_log as l').leftJoin('members as a', 'a.id', 'l.actor_id');
      if (actor) base = base.where(sql`lower(a.userid)`, '=', actor.toLowerCase());
      if (action) base = base.where('l.action', 'ilike', like(action));
      if (target) base = base.where('l.target', 'ilike', like(target));
      if (fromDay) base = base.where('l.created_at', '>=', fromDay);
      if (toDay) base = base.where('l.created_at', '<', new Date(toDay.getTime() + 86_400_000));
      const [rows, count] = await Promise.all([
        base
          .select(['l.id', 'a.userid', 'l.action', 'l.target', 'l.details', 'l.created_at'])
          .orderBy('l.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          actor: r.userid ?? '',
          action: r.action,
          target: r.target ?? '',
          details: JSON.stringify(r.details ?? {}),
          created_at: new Date(r.created_at).toISOString(),
        })),
        page,
        pagesize,
        total: Number(count.n),
      };
    }),
  ];
}
