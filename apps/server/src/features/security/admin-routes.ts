import { adminSecurityEvents } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { handle } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function dayStart(text: string, field: string): Date {
  const d = new Date(`${text}T00:00:00Z`);
  if (!DATE_RE.test(text) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text)
    throw fieldRefusal(422, field, 'field_invalid');
  return d;
}

/** Admin/securityevents: lockouts and security changes per member (security_events), newest first. */
export function securityAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  return [
    handle(adminSecurityEvents, async ({ page, pagesize, userid, kind, from, to }) => {
      let base = db.selectFrom('security_events as e').leftJoin('members as m', 'm.id', 'e.member_id');
      if (userid) base = base.where((eb) => eb(eb.fn('lower', ['m.userid']), '=', userid.toLowerCase()));
      if (kind === 'lockout') base = base.where('e.kind', 'like', 'lockout\\_%');
      else if (kind) base = base.where('e.kind', '=', kind);
      if (from) base = base.where('e.at', '>=', dayStart(from, 'from'));
      if (to) base = base.where('e.at', '<', new Date(dayStart(to, 'to').getTime() + 86_400_000));
      const [rows, count] = await Promise.all([
        base
          .select(['e.id', 'm.userid', 'e.kind', 'e.at', 'e.until', 'e.ip', 'e.details'])
          .orderBy('e.at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          userid: r.userid ?? '',
          kind: r.kind,
          at: new Date(r.at).toISOString(),
          until: r.until ? new Date(r.until).toISOString() : '',
          ip: r.ip ?? '',
          details: (r.details ?? {}) as Record<string, unknown>,
        })),
        page,
        pagesize,
        total: Number(count.n),
      };
    }),
  ];
}
