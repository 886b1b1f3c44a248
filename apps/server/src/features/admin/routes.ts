import { adminOutbox, adminSetPassword } from '@mp/contract';
import { inTransaction } from '../../db/database.ts';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Sessions } from '../../platform/session-store.ts';
import { findByUserid } from '../../platform/members.ts';
import { setLoginPassword } from '../../platform/member-store.ts';
import { checkNewPassword } from '../members/index.ts';
import { securityEventsChanged } from '../../platform/security-hold.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { audit } from '../../platform/audit.ts';
import { adminSecurityRoutes } from './security-routes.ts';

export function adminRoutes(deps: MoneyDeps, sessions: Sessions) {
  const { db } = deps;
  return [
    handle(adminOutbox, async ({ page, pagesize, destination }) => {
      // Codes must never be readable by admins in production: the dev outbox exists only outside it (notify/).
      if (deps.config.env === 'production') throw new Refusal(404, 'outbox_unavailable');
      let base = db.selectFrom('outbox');
      if (destination)
        base = base.where('destination', 'ilike', `%${destination.replace(/[%_\\]/g, '\\$&')}%`);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() })),
        page,
        pagesize,
        total: Number(count.n),
      };
    }),

    handle(adminSetPassword, async ({ userid, password, reason, totp }, ctx) => {
      checkNewPassword(password, password, 'password', 'password');
      await deps.totp.require(ctx.member.id, totp);
      const target = await findByUserid(db, userid);
      if (!target) throw fieldRefusal(404, 'userid', 'member_not_found');
      const hash = await hashPassword(password);
      await inTransaction(db, async (tx) => {
        await setLoginPassword(tx, target.id, hash, deps.clock.now());
        await audit(tx, ctx.member.id, 'member.set_password', target.userid, { reason });
        // A password set for someone else holds their money like a reset: whoever asked for it waits 24 h too.
        await recordSecurityEvent(tx, {
          memberId: target.id,
          kind: 'password_reset',
          ip: ctx.ip,
          at: deps.clock.now(),
          details: { by: 'admin', admin: ctx.member.userid },
        });
        securityEventsChanged(db, target.id);
      });
      await sessions.revokeAll(target.id);
      return reply({}, 'saved');
    }),

    ...adminSecurityRoutes(deps, sessions),
  ];
}
