import { type Conn, inTransaction } from '../../db/database.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { queuePayout } from '../chain/index.ts';
import { approveOnce, requireFirstApproval } from './approvals.ts';
import { canPayAutomatically, payoutModeOf, readPayoutRules } from './payout-networks.ts';
import { withdrawalQuery, withdrawalView } from './service.ts';

type Decision = { id: string; action: 'approve' | 'reject' | 'retry' | 'cancel'; reason?: string };

/** The withdrawal row, locked for the decision; refused when there is none. */
export async function lockedWithdrawal(tx: Conn, id: string) {
  const w = await tx
    .selectFrom('withdrawals')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!w) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
  return w;
}

export async function viewOf(d: MoneyDeps, tx: Conn, id: string) {
  return withdrawalView(
    await withdrawalQuery(tx).where('w.id', '=', id).executeTakeFirstOrThrow(),
    d.config.chain,
  );
}

/** A failed automatic payout queued again (its next attempt). */
async function retryPayout(d: MoneyDeps, ctx: AuthedContext, id: string) {
  const chain = d.config.chain;
  return inTransaction(d.db, async (tx) => {
    const w = await lockedWithdrawal(tx, id);
    if (w.status !== 'approved' || w.payout_state !== 'failed') throw new Refusal(409, 'payout_not_failed');
    if (!chain?.hotWallet || !canPayAutomatically(chain, w.address_type))
      throw new Refusal(409, 'chain_unavailable');
    const attempt = w.payout_attempt + 1;
    await queuePayout(tx, {
      chainId: chain.chainId,
      hotWallet: chain.hotWallet,
      withdrawalId: w.id,
      attempt,
      to: w.address,
      amount: BigInt(w.amount) - BigInt(w.fee),
    });
    await tx
      .updateTable('withdrawals')
      .set({ payout_state: 'queued', payout_attempt: attempt, payout_error: '', tx_hash: null })
      .where('id', '=', w.id)
      .execute();
    await audit(tx, ctx.member.id, 'withdrawal.retry', `withdrawal:${w.id}`, {
      attempt,
      error: w.payout_error,
    });
    return viewOf(d, tx, w.id);
  });
}

/**
 * An admin decides a withdrawal. The withdrawal row is locked, so two admins acting at once decide it once; the loser
 * is told it is decided.
 * - approve: on a network paid automatically a payout is queued and the money stays held until the payout is confirmed
 *   on chain (chain/payout-follow.ts posts it); on a network paid by hand it waits "to be paid by hand", the money
 *   still held, until an admin records the transaction (manual-payouts.ts). Nothing approved is posted unpaid.
 * - reject: the holds are voided; allowed while pending, or after the payout failed.
 * - cancel: one waiting to be paid by hand will not be paid: the holds are voided (its own action: a reject sent as
 *   another admin approves must not undo an approval someone may be paying).
 * - retry: a failed payout is queued again (its next attempt).
 */
export async function decideWithdrawal(d: MoneyDeps, ctx: AuthedContext, input: Decision) {
  if (!/^\d{1,18}$/.test(input.id)) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
  if ((input.action === 'reject' || input.action === 'cancel') && !input.reason)
    throw fieldRefusal(422, 'reason', 'reason_required');
  if (input.action === 'retry') return retryPayout(d, ctx, input.id);
  const rules = { chain: d.config.chain, clock: d.clock };

  // When two admins must approve, the first approval is only recorded (approvals.ts).
  if (input.action === 'approve' && (await approveOnce(d.db, rules, ctx, input.id)) === 'recorded')
    return viewOf(d, d.db, input.id);

  const current = await d.db
    .selectFrom('withdrawals')
    .select(['status', 'payout_state'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (
    current?.status === 'approved' &&
    (current.payout_state === 'queued' || current.payout_state === 'broadcast')
  )
    throw new Refusal(409, 'payout_in_progress');
  // An approved withdrawal not paid (its payout failed, or cancelled while waiting to be paid by hand) is rejected
  // under its own key (the approval used the decision's).
  const afterApproval =
    input.action === 'cancel' || (input.action === 'reject' && current?.payout_state === 'failed');
  try {
    return await d.ledger.operation(
      {
        key: afterApproval
          ? `withdrawal:${input.id}:${input.action === 'cancel' ? 'cancel' : 'reject-failed'}`
          : `withdrawal:${input.id}:decision`,
        kind: 'withdraw_decision',
        memberId: null,
        request: { id: input.id, action: input.action, reason: input.reason ?? '' },
      },
      async (op) => {
        const w = await lockedWithdrawal(op.tx, input.id);
        const unpaid = input.action === 'cancel' ? 'manual' : 'failed';
        if (afterApproval) {
          if (w.status !== 'approved' || w.payout_state !== unpaid)
            throw new Refusal(
              409,
              input.action === 'cancel' ? 'withdrawal_not_manual' : 'withdrawal_decided',
            );
        } else if (w.status !== 'pending') throw new Refusal(409, 'withdrawal_decided');
        const holds = [w.payout_transfer_id, ...(w.fee_transfer_id ? [w.fee_transfer_id] : [])];
        if (input.action !== 'approve') {
          await op.resolve(holds, 'void');
          await op.tx
            .updateTable('withdrawals')
            .set({
              status: 'rejected',
              reason: input.reason ?? '',
              decided_by: ctx.member.id,
              decided_at: d.clock.now(),
              ...(w.payout_state === 'manual' ? { payout_state: null } : {}),
            })
            .where('id', '=', w.id)
            .execute();
          await audit(op.tx, ctx.member.id, `withdrawal.${input.action}`, `withdrawal:${w.id}`, {
            reason: input.reason ?? '',
          });
          return viewOf(d, op.tx, w.id);
        }
        await requireFirstApproval(op.tx, rules, ctx, w);
        const chain = d.config.chain;
        const wanted = payoutModeOf(await readPayoutRules(op.tx, chain), w.address_type);
        const mode = wanted === 'automatic' && chain?.hotWallet ? 'automatic' : 'manual';
        if (mode === 'automatic' && chain?.hotWallet)
          await queuePayout(op.tx, {
            chainId: chain.chainId,
            hotWallet: chain.hotWallet,
            withdrawalId: w.id,
            attempt: 1,
            to: w.address,
            amount: BigInt(w.amount) - BigInt(w.fee),
          });
        await op.tx
          .updateTable('withdrawals')
          .set({
            status: 'approved',
            reason: '',
            decided_by: ctx.member.id,
            decided_at: d.clock.now(),
            payout_mode: mode,
            payout_state: mode === 'automatic' ? 'queued' : 'manual',
            ...(mode === 'automatic' ? { payout_attempt: 1 } : {}),
          })
          .where('id', '=', w.id)
          .execute();
        await audit(op.tx, ctx.member.id, 'withdrawal.approve', `withdrawal:${w.id}`, {
          reason: '',
          payout: mode === 'automatic' ? 'on chain' : 'by hand',
        });
        return viewOf(d, op.tx, w.id);
      },
    );
  } catch (err) {
    // The same decision key with another action: someone decided it first.
    if (err instanceof Refusal && err.key === 'idempotency_conflict')
      throw new Refusal(409, 'withdrawal_decided');
    throw err;
  }
}
