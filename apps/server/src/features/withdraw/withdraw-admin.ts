import type {
  adminApproveWd,
  adminUnbindAddress,
  adminWdList,
  adminWdManualPaid,
  MessageKey,
  ParsedRequestOf,
} from '@mp/contract';
import { inTransaction } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { parseDay } from '../../platform/dates.ts';
import { findByUserid } from '../../platform/members.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { adminViews } from './approvals.ts';
import { decideWithdrawal } from './decide.ts';
import { recordManualPayment } from './manual-payouts.ts';
import { withdrawalRow } from './service.ts';
import { adminWithdrawalsPage, deleteAddress } from './withdraw-queries.ts';

/** The admin's withdrawal calls: the list with its totals, a decision, unbinding a member's address. */

/** Withdrawals by status, member and days, with the count and sums of all that match. */
export async function adminWithdrawals(d: MoneyDeps, input: ParsedRequestOf<typeof adminWdList>) {
  const { page, pagesize, status, userid, from, to } = input;
  const fromDay = parseDay(from, 'from');
  const toDay = parseDay(to, 'to');
  let memberId: string | undefined;
  if (userid) {
    const m = await findByUserid(d.db, userid);
    if (!m) return { list: [], page, pagesize, total: 0, total_amount: '0', total_fee: '0' };
    memberId = m.id;
  }
  const { rows, totals } = await adminWithdrawalsPage(
    d.db,
    { status, memberId, fromDay, toDay },
    page,
    pagesize,
  );
  return {
    list: await adminViews(d, rows),
    page,
    pagesize,
    total: Number(totals.n),
    total_amount: money(totals.amount, WITHDRAW.asset),
    total_fee: money(totals.fee, WITHDRAW.asset),
  };
}

/** An admin's decision (with their 2FA code): the withdrawal after it, and the message saying what happened. */
export async function decide(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof adminApproveWd>,
) {
  await d.totp.require(ctx.member.id, input.totp);
  const decided = await decideWithdrawal(d, ctx, input);
  const [view] = await adminViews(d, [await withdrawalRow(d.db, decided.id)]);
  const waiting = input.action === 'approve' && view!.awaiting_second_approval;
  const msg: MessageKey = waiting
    ? 'first_approval_recorded'
    : input.action === 'approve'
      ? view!.payout_state === 'manual'
        ? 'approved_manual'
        : 'approved'
      : input.action === 'retry'
        ? 'payout_retried'
        : 'rejected';
  return { view: view!, msg };
}

/** An admin records the transaction of a withdrawal paid by hand: the withdrawal after it, as the list shows it. */
export async function manualPaid(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof adminWdManualPaid>,
) {
  const paid = await recordManualPayment(d, ctx, input);
  const [view] = await adminViews(d, [await withdrawalRow(d.db, paid.id)]);
  return view!;
}

/** Customer service removes a member's withdrawal address (audited, with the reason and the address removed). */
export async function unbindAddress(
  d: MoneyDeps,
  adminId: string,
  { userid, reason }: ParsedRequestOf<typeof adminUnbindAddress>,
) {
  const m = await findByUserid(d.db, userid);
  if (!m) throw fieldRefusal(404, 'userid', 'member_not_found');
  await inTransaction(d.db, async (tx) => {
    const removed = await deleteAddress(tx, m.id);
    if (!removed) throw fieldRefusal(404, 'userid', 'address_unbound');
    await audit(tx, adminId, 'withdraw_address.unbind', m.userid, {
      reason,
      address: removed.address,
      address_type: removed.address_type,
    });
  });
  return {};
}
