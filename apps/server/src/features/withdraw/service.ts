import {
  type AddressType,
  feeCeil,
  MIN_WITHDRAWAL_USD,
  parseAmount,
  ASSETS,
  type ParsedRequestOf,
  type updateCAddress,
  WITHDRAWAL_FEE_BPS,
  type withdrawSave,
} from '@mp/contract';
import type { ChainConfig } from '../../config.ts';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { explorerUrl } from '../chain/index.ts';
import { queuePayout } from '../chain/index.ts';
import { approveOnce, requireFirstApproval } from './approvals.ts';
import { addressChange, confirmWithPassword, noticeToMember } from '../members/index.ts';
import { recordChange } from '../members/index.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { maskAddress, normalizeAddress, networkName } from './address.ts';

export function boundAddress(db: Conn, memberId: string) {
  return db.selectFrom('withdraw_addresses').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/**
 * Whether the member had a withdrawal address before (bound, then unbound by customer service): binding again is then
 * a change, which needs the login password and holds money.
 */
async function hadAddressBefore(db: Conn, memberId: string, userid: string): Promise<boolean> {
  const [event, unbound] = await Promise.all([
    db
      .selectFrom('security_events')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'address_changed')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'withdraw_address.unbind')
      .where('target', '=', userid)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(event || unbound);
}

/**
 * Binds the withdrawal address once; after that the member is told to contact customer service. Refused while a
 * security change holds money; binding again after an unbind is itself such a change.
 */
export async function bindAddress(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof updateCAddress>,
) {
  if (await boundAddress(d.db, ctx.member.id)) throw fieldRefusal(409, 'address', 'address_bound');
  const address = normalizeAddress(input.address_type as AddressType, input.address);
  if (!address)
    throw fieldRefusal(422, 'address', 'address_invalid', { network: networkName(input.address_type) });
  const isChange = await hadAddressBefore(d.db, ctx.member.id, ctx.member.userid);
  if (isChange) await confirmWithPassword(d, ctx.member.id, input.password);
  await refuseWhileHeld(d, ctx.member.id);
  await d.totp.require(ctx.member.id, input.totp);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const change = addressChange({ memberId: ctx.member.id, ip: ctx.ip }, maskAddress(address), isChange);
  const inserted = await inTransaction(d.db, async (tx) => {
    const row = await tx
      .insertInto('withdraw_addresses')
      .values({ member_id: ctx.member.id, address, address_type: input.address_type })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw fieldRefusal(409, 'address', 'address_bound');
    await recordChange(d, tx, change);
    return row;
  });
  await noticeToMember(d, change);
  return {
    bound: true,
    address,
    address_type: input.address_type,
    bound_at: new Date(inserted.bound_at).toISOString(),
  };
}

export function withdrawalFee(amount: bigint): bigint {
  return feeCeil(amount, WITHDRAWAL_FEE_BPS);
}

/** Checks an amount against the withdrawal rules; returns it with its fee. */
export function withdrawalAmount(text: string) {
  const amount = parseMoney(text, WITHDRAW.asset);
  const min = parseAmount(MIN_WITHDRAWAL_USD, ASSETS[WITHDRAW.asset].decimals);
  if (min.ok && amount < min.value)
    throw fieldRefusal(422, 'amount', 'amount_min', { min: MIN_WITHDRAWAL_USD, asset: WITHDRAW.asset });
  const fee = withdrawalFee(amount);
  return { amount, fee, receive: amount - fee };
}

type WithdrawalRow = {
  id: string;
  userid: string;
  amount: string;
  fee: string;
  asset: string;
  address: string;
  address_type: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  payout_state: 'queued' | 'broadcast' | 'confirmed' | 'failed' | null;
  tx_hash: string | null;
  payout_error: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by_userid: string | null;
};

export function withdrawalView(r: WithdrawalRow, chain: ChainConfig | undefined) {
  return {
    id: r.id,
    userid: r.userid,
    amount: money(r.amount, r.asset),
    fee: money(r.fee, r.asset),
    receive: money(BigInt(r.amount) - BigInt(r.fee), r.asset),
    asset: r.asset,
    address: r.address,
    address_type: r.address_type,
    status: r.status,
    reason: r.reason,
    payout_state: r.payout_state ?? ('' as const),
    tx_hash: r.tx_hash ?? '',
    explorer_url: explorerUrl(chain, 'tx', r.tx_hash),
    payout_error: r.payout_error,
    created_at: new Date(r.created_at).toISOString(),
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : '',
    decided_by: r.decided_by_userid ?? '',
  };
}

export function withdrawalQuery(db: Conn) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .leftJoin('members as a', 'a.id', 'w.decided_by')
    .select([
      'w.id',
      'm.userid',
      'w.amount',
      'w.fee',
      'w.asset',
      'w.address',
      'w.address_type',
      'w.status',
      'w.reason',
      'w.payout_state',
      'w.tx_hash',
      'w.payout_error',
      'w.created_at',
      'w.decided_at',
      'a.userid as decided_by_userid',
    ]);
}

/**
 * Requests a withdrawal: the amount is held at once (two pending transfers: the payout and the fee) and paid
 * or released when an admin decides.
 */
export async function requestWithdrawal(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof withdrawSave>,
) {
  const { amount, fee, receive } = withdrawalAmount(input.amount);
  const address = await boundAddress(d.db, ctx.member.id);
  if (!address) throw new Refusal(422, 'address_required');
  await refuseWhileHeld(d, ctx.member.id);
  await d.totp.require(ctx.member.id, input.totp);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const from = memberAccount(ctx.member.id, WITHDRAW.wallet, WITHDRAW.asset);
  return d.ledger.operation(
    {
      key: `m:${ctx.member.id}:${input.idempotency_key}`,
      kind: 'withdraw',
      memberId: ctx.member.id,
      request: { amount: amount.toString(), address: address.address },
    },
    async (op) => {
      const details = { from: ctx.member.userid, address: address.address, network: address.address_type };
      const holds = await refuseShortfall(() =>
        op.post([
          {
            debit: from,
            credit: platformAccount('withdrawal_payouts', WITHDRAW.asset),
            amount: receive,
            kind: 'withdraw',
            details,
            pending: true,
          },
          ...(fee > 0n
            ? [
                {
                  debit: from,
                  credit: platformAccount('fees', WITHDRAW.asset),
                  amount: fee,
                  kind: 'withdraw_fee',
                  details,
                  pending: true,
                },
              ]
            : []),
        ]),
      );
      const row = await op.tx
        .insertInto('withdrawals')
        .values({
          member_id: ctx.member.id,
          operation_id: op.operationId,
          wallet: WITHDRAW.wallet,
          asset: WITHDRAW.asset,
          amount: amount.toString(),
          fee: fee.toString(),
          address: address.address,
          address_type: address.address_type,
          payout_transfer_id: holds[0]!.id,
          fee_transfer_id: holds[1]?.id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const view = await withdrawalQuery(op.tx).where('w.id', '=', row.id).executeTakeFirstOrThrow();
      return withdrawalView(view, d.config.chain);
    },
  );
}

/** Whether approved withdrawals to this address type are paid on chain (a chain with a hot wallet, the same network). */
export function paysOnChain(
  chain: ChainConfig | undefined,
  addressType: string,
): chain is ChainConfig & { hotWallet: `0x${string}` } {
  return Boolean(chain?.hotWallet) && addressType === `USDT-${chain!.network.toUpperCase()}`;
}

/**
 * An admin decides a withdrawal. The withdrawal row is locked, so two admins acting at once decide it once; the loser
 * is told it is decided.
 * - approve: with a hot wallet on the withdrawal's network, a payout is queued and the money stays held until the
 *   payout is confirmed on chain (payouts.ts posts it); otherwise the holds are posted at once (paid by hand).
 * - reject: the holds are voided; allowed while pending, or after the payout failed.
 * - retry: a failed payout is queued again (its next attempt).
 */
export async function decideWithdrawal(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: { id: string; action: 'approve' | 'reject' | 'retry'; reason?: string },
) {
  if (!/^\d{1,18}$/.test(input.id)) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
  if (input.action === 'reject' && !input.reason) throw fieldRefusal(422, 'reason', 'reason_required');
  const chain = d.config.chain;
  const locked = async (tx: Conn) => {
    const w = await tx
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!w) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
    return w;
  };
  const view = async (tx: Conn, id: string) =>
    withdrawalView(await withdrawalQuery(tx).where('w.id', '=', id).executeTakeFirstOrThrow(), chain);

  if (input.action === 'retry')
    return inTransaction(d.db, async (tx) => {
      const w = await locked(tx);
      if (w.status !== 'approved' || w.payout_state !== 'failed') throw new Refusal(409, 'payout_not_failed');
      if (!paysOnChain(chain, w.address_type)) throw new Refusal(409, 'chain_unavailable');
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
      return view(tx, w.id);
    });

  // Above the two-person threshold the first approval is only recorded (approvals.ts).
  if (input.action === 'approve' && (await approveOnce(d.db, ctx, input.id)) === 'recorded')
    return view(d.db, input.id);

  // A payout that failed may be rejected: the holds are voided (its own key: the approval used the decision's).
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
  const afterFailure = input.action === 'reject' && current?.payout_state === 'failed';
  try {
    return await d.ledger.operation(
      {
        key: afterFailure ? `withdrawal:${input.id}:reject-failed` : `withdrawal:${input.id}:decision`,
        kind: 'withdraw_decision',
        memberId: null,
        request: { id: input.id, action: input.action, reason: input.reason ?? '' },
      },
      async (op) => {
        const w = await locked(op.tx);
        if (afterFailure) {
          if (w.status !== 'approved' || w.payout_state !== 'failed')
            throw new Refusal(409, 'withdrawal_decided');
        } else if (w.status !== 'pending') throw new Refusal(409, 'withdrawal_decided');
        if (input.action === 'approve') await requireFirstApproval(op.tx, ctx, w);
        const holds = [w.payout_transfer_id, ...(w.fee_transfer_id ? [w.fee_transfer_id] : [])];
        const onChain = input.action === 'approve' && paysOnChain(chain, w.address_type);
        if (input.action === 'reject') await op.resolve(holds, 'void');
        else if (onChain)
          await queuePayout(op.tx, {
            chainId: chain!.chainId,
            hotWallet: chain!.hotWallet!,
            withdrawalId: w.id,
            attempt: 1,
            to: w.address,
            amount: BigInt(w.amount) - BigInt(w.fee),
          });
        else await op.resolve(holds, 'post');
        await op.tx
          .updateTable('withdrawals')
          .set({
            status: input.action === 'approve' ? 'approved' : 'rejected',
            reason: input.action === 'reject' ? (input.reason ?? '') : '',
            decided_by: ctx.member.id,
            decided_at: d.clock.now(),
            ...(onChain ? { payout_state: 'queued' as const, payout_attempt: 1 } : {}),
          })
          .where('id', '=', w.id)
          .execute();
        await audit(op.tx, ctx.member.id, `withdrawal.${input.action}`, `withdrawal:${w.id}`, {
          reason: input.reason ?? '',
          ...(onChain ? { payout: 'on chain' } : {}),
        });
        return view(op.tx, w.id);
      },
    );
  } catch (err) {
    // The same decision key with another action: someone decided it first.
    if (err instanceof Refusal && err.key === 'idempotency_conflict')
      throw new Refusal(409, 'withdrawal_decided');
    throw err;
  }
}
