import { adminTraderDecide, adminTraders, traderApply, traderProfile, traderProfileSave } from '@mp/contract';
import { sql } from 'kysely';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import type { CopyEngine } from './engine.ts';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { isoOrEmpty as iso } from '../../lib/clock.ts';

/** The member's lead-trader application or profile. */
async function profileOf(db: Conn, memberId: string) {
  const [t, m] = await Promise.all([
    db.selectFrom('lead_traders').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    db.selectFrom('members').select('kyc_state').where('id', '=', memberId).executeTakeFirstOrThrow(),
  ]);
  return {
    id: t?.id ?? '',
    state: t?.state ?? ('none' as const),
    display_name: t?.display_name ?? '',
    bio: t?.bio ?? '',
    strategy: t?.strategy ?? '',
    reason: t?.state === 'rejected' ? t.reason : '',
    applied_at: iso(t?.applied_at),
    decided_at: iso(t?.decided_at),
    kyc_approved: m.kyc_state === 'approved',
  };
}

const adminQuery = (db: Conn) =>
  db
    .selectFrom('lead_traders as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .leftJoin('members as a', 'a.id', 't.decided_by')
    .select([
      't.id',
      'm.userid',
      't.display_name',
      't.bio',
      't.strategy',
      't.state',
      't.reason',
      't.applied_at',
      't.decided_at',
      'a.userid as decided_by',
    ]);

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['executeTakeFirstOrThrow']>>;
const adminView = (r: AdminRow) => ({
  ...r,
  applied_at: iso(r.applied_at),
  decided_at: iso(r.decided_at),
  decided_by: r.decided_by ?? '',
});

/**
 * Becoming a lead trader (issue 15, first part): apply (identity approved, agreement accepted; again after a
 * rejection), an admin decides once (the row is locked), an approved trader edits their profile.
 */
export function copyRoutes(d: Deps, engine: CopyEngine): CallRoute[] {
  const { db } = d;
  return [
    handle(traderProfile, async (_i, ctx) => profileOf(db, ctx.member.id)),

    handle(traderApply, async (input, ctx) => {
      const now = await profileOf(db, ctx.member.id);
      if (!now.kyc_approved) throw fieldRefusal(403, 'kyc', 'trader_kyc_required');
      if (!input.agree) throw fieldRefusal(422, 'agree', 'trader_agree_required');
      await inTransaction(db, async (tx) => {
        const row = await tx
          .selectFrom('lead_traders')
          .select(['id', 'state'])
          .where('member_id', '=', ctx.member.id)
          .forUpdate()
          .executeTakeFirst();
        if (row?.state === 'pending') throw new Refusal(409, 'trader_already_applied');
        if (row?.state === 'approved') throw new Refusal(409, 'trader_already_approved');
        const fields = {
          display_name: input.display_name,
          bio: input.bio ?? '',
          strategy: input.strategy ?? '',
          state: 'pending' as const,
          reason: '',
          applied_at: d.clock.now(),
          decided_at: null,
          decided_by: null,
          updated_at: d.clock.now(),
        };
        // Two first applications at once: the second finds the first's row and is refused as already applied.
        const made = await tx
          .insertInto('lead_traders')
          .values({ member_id: ctx.member.id, ...fields })
          .onConflict((oc) =>
            oc.column('member_id').doUpdateSet(fields).where('lead_traders.state', '=', 'rejected'),
          )
          .returning('id')
          .executeTakeFirst();
        if (!made) throw new Refusal(409, 'trader_already_applied');
      });
      return reply(await profileOf(db, ctx.member.id), 'trader_applied');
    }),

    handle(traderProfileSave, async (input, ctx) => {
      const saved = await db
        .updateTable('lead_traders')
        .set({
          display_name: input.display_name,
          bio: input.bio ?? '',
          strategy: input.strategy ?? '',
          updated_at: d.clock.now(),
        })
        .where('member_id', '=', ctx.member.id)
        .where('state', '=', 'approved')
        .executeTakeFirst();
      if (saved.numUpdatedRows === 0n) throw new Refusal(409, 'trader_not_approved');
      return reply(await profileOf(db, ctx.member.id), 'saved');
    }),

    handle(adminTraders, async ({ page, pagesize, state }) => {
      let base = adminQuery(db);
      if (state) base = base.where('t.state', '=', state);
      const [rows, count] = await Promise.all([
        base
          .orderBy('t.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        db
          .selectFrom('lead_traders')
          .select(sql<string>`count(*)`.as('n'))
          .$if(Boolean(state), (q) => q.where('state', '=', state!))
          .executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(adminView), page, pagesize, total: Number(count.n) };
    }),

    handle(adminTraderDecide, async (input, ctx) => {
      if (!/^\d{1,18}$/.test(input.id)) throw fieldRefusal(404, 'id', 'trader_not_found');
      if (input.action === 'reject' && !input.reason) throw fieldRefusal(422, 'reason', 'reason_required');
      const { view, trader } = await inTransaction(db, async (tx) => {
        const row = await tx
          .selectFrom('lead_traders')
          .select(['id', 'state', 'member_id'])
          .where('id', '=', input.id)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw fieldRefusal(404, 'id', 'trader_not_found');
        if (row.state !== 'pending') throw new Refusal(409, 'trader_decided');
        await tx
          .updateTable('lead_traders')
          .set({
            state: input.action === 'approve' ? 'approved' : 'rejected',
            reason: input.action === 'reject' ? (input.reason ?? '') : '',
            decided_at: d.clock.now(),
            decided_by: ctx.member.id,
            updated_at: d.clock.now(),
          })
          .where('id', '=', row.id)
          .execute();
        await audit(tx, ctx.member.id, `trader.${input.action}`, `trader:${row.id}`, {
          reason: input.reason ?? '',
        });
        const decided = await adminQuery(tx).where('t.id', '=', row.id).executeTakeFirstOrThrow();
        return { view: adminView(decided), trader: row };
      });
      // An approved trader's demo account becomes the record and the source; the pool followers will own.
      if (input.action === 'approve') await engine.ensureAccounts(trader);
      return reply(view, input.action === 'approve' ? 'approved' : 'rejected');
    }),
  ];
}
