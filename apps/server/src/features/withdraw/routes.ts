import {
  ADDRESS_TYPES,
  adminApproveWd,
  adminUnbindAddress,
  adminWdList,
  getBankList,
  getCAddress,
  getCRAddress,
  MIN_WITHDRAWAL_USD,
  showWithdrawAddress,
  translate,
  updateCAddress,
  WITHDRAWAL_FEE_BPS,
  withdrawAddressType,
  withdrawHistory,
  withdrawMenu,
  withdrawNote,
  withdrawPreview,
  withdrawSave,
} from '@mp/contract';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database.ts';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import { findByUserid } from '../../platform/members.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { parseDay } from '../../platform/dates.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { maskAddress, networkName } from './address.ts';
import { withApprovals } from './approvals.ts';
import { WITHDRAW_NOTES } from './notes.ts';
import {
  bindAddress,
  boundAddress,
  decideWithdrawal,
  requestWithdrawal,
  withdrawalAmount,
  withdrawalQuery,
  withdrawalView,
} from './service.ts';

const typeList = () => ADDRESS_TYPES.map((code) => ({ code, name: networkName(code), asset: 'USDT' }));

export function withdrawRoutes(d: MoneyDeps) {
  const { db } = d;
  const addressView = async (memberId: string) => {
    const a = await boundAddress(db, memberId);
    return a
      ? {
          bound: true,
          address: a.address,
          address_type: a.address_type,
          bound_at: new Date(a.bound_at).toISOString(),
        }
      : { bound: false, address: '', address_type: '', bound_at: '' };
  };

  return [
    handle(withdrawAddressType, async () => ({ list: typeList() })),
    handle(getBankList, async () => ({ list: typeList() })),
    handle(getCAddress, async (_i, ctx) => addressView(ctx.member.id)),
    handle(getCRAddress, async (_i, ctx) => {
      const a = await addressView(ctx.member.id);
      return { ...a, network: a.bound ? networkName(a.address_type) : '', masked: maskAddress(a.address) };
    }),
    handle(updateCAddress, async (input, ctx) => reply(await bindAddress(d, ctx, input), 'saved')),
    handle(showWithdrawAddress, async (_i, ctx) => {
      const a = await addressView(ctx.member.id);
      return { bound: a.bound, masked: maskAddress(a.address), address_type: a.address_type };
    }),

    handle(withdrawMenu, async (_i, ctx) => {
      const b = await d.ledger.memberBalance(db, ctx.member.id, WITHDRAW.wallet, WITHDRAW.asset);
      return {
        wallet: WITHDRAW.wallet,
        asset: WITHDRAW.asset,
        min_amount: MIN_WITHDRAWAL_USD,
        fee_percent: String(WITHDRAWAL_FEE_BPS / 100),
        available: money(b.available, WITHDRAW.asset),
        address_bound: Boolean(await boundAddress(db, ctx.member.id)),
        totp_required: await d.totp.status(ctx.member.id),
      };
    }),

    handle(withdrawPreview, async ({ amount }, ctx) => {
      const w = withdrawalAmount(amount);
      const a = await boundAddress(db, ctx.member.id);
      return {
        amount: money(w.amount, WITHDRAW.asset),
        fee: money(w.fee, WITHDRAW.asset),
        receive: money(w.receive, WITHDRAW.asset),
        asset: WITHDRAW.asset,
        address: a ? maskAddress(a.address) : '',
      };
    }),

    handle(withdrawNote, async (_i, ctx) => ({
      notes: WITHDRAW_NOTES.map((key) =>
        translate(key, ctx.lang, { min: MIN_WITHDRAWAL_USD, fee: String(WITHDRAWAL_FEE_BPS / 100) }),
      ),
    })),

    handle(withdrawSave, async (input, ctx) =>
      reply(await requestWithdrawal(d, ctx, input), 'withdraw_requested'),
    ),

    handle(withdrawHistory, async ({ page, pagesize }, ctx) => {
      const base = withdrawalQuery(db).where('w.member_id', '=', ctx.member.id);
      const [rows, count] = await Promise.all([
        base
          .orderBy('w.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', ctx.member.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => withdrawalView(r, d.config.chain)),
        page,
        pagesize,
        total: Number(count.n),
      };
    }),

    handle(adminWdList, async ({ page, pagesize, status, userid, from, to }) => {
      const fromDay = parseDay(from, 'from');
      const toDay = parseDay(to, 'to');
      let member: string | undefined;
      if (userid) {
        const m = await findByUserid(db, userid);
        if (!m) return { list: [], page, pagesize, total: 0, total_amount: '0', total_fee: '0' };
        member = m.id;
      }
      let filtered = db.selectFrom('withdrawals as w');
      if (status) filtered = filtered.where('w.status', '=', status);
      if (member) filtered = filtered.where('w.member_id', '=', member);
      if (fromDay) filtered = filtered.where('w.created_at', '>=', fromDay);
      if (toDay) filtered = filtered.where('w.created_at', '<', new Date(toDay.getTime() + 86_400_000));
      const ids = filtered.select('w.id');
      const [rows, totals] = await Promise.all([
        withdrawalQuery(db)
          .where('w.id', 'in', ids)
          .orderBy('w.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        filtered
          .select([
            sql<string>`count(*)`.as('n'),
            sql<string>`coalesce(sum(w.amount), 0)::text`.as('amount'),
            sql<string>`coalesce(sum(w.fee), 0)::text`.as('fee'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: await withApprovals(
          db,
          rows.map((r) => withdrawalView(r, d.config.chain)),
        ),
        page,
        pagesize,
        total: Number(totals.n),
        total_amount: money(totals.amount, WITHDRAW.asset),
        total_fee: money(totals.fee, WITHDRAW.asset),
      };
    }),

    handle(adminApproveWd, async (input, ctx) => {
      await d.totp.require(ctx.member.id, input.totp);
      const [view] = await withApprovals(db, [await decideWithdrawal(d, ctx, input)]);
      const waiting = input.action === 'approve' && view!.awaiting_second_approval;
      return reply(
        view!,
        waiting
          ? 'first_approval_recorded'
          : input.action === 'approve'
            ? 'approved'
            : input.action === 'retry'
              ? 'payout_retried'
              : 'rejected',
      );
    }),

    handle(adminUnbindAddress, async ({ userid, reason }, ctx) => {
      const m = await findByUserid(db, userid);
      if (!m) throw fieldRefusal(404, 'userid', 'member_not_found');
      await inTransaction(db, async (tx) => {
        const removed = await tx
          .deleteFrom('withdraw_addresses')
          .where('member_id', '=', m.id)
          .returningAll()
          .executeTakeFirst();
        if (!removed) throw fieldRefusal(404, 'userid', 'address_unbound');
        await audit(tx, ctx.member.id, 'withdraw_address.unbind', m.userid, {
          reason,
          address: removed.address,
          address_type: removed.address_type,
        });
      });
      return reply({}, 'saved');
    }),
  ];
}
