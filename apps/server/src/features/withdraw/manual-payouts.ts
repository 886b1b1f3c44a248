import type { adminWdManualPaid, ParsedRequestOf } from '@mp/contract';
import { pgConstraint, pgErrorCode } from '../../db/database.ts';
import { platformAccount } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { paysToken } from '../chain/index.ts';
import { WITHDRAW } from '../wallet/index.ts';
import { networkName, normalizeTxHash } from './address.ts';
import { lockedWithdrawal, viewOf } from './decide.ts';
import { followedNetwork } from './payout-networks.ts';

type Input = ParsedRequestOf<typeof adminWdManualPaid>;

/**
 * An admin records the transaction that paid a withdrawal by hand (issue 28). The hash must have its network's form,
 * and on the chain this server follows it must be a confirmed USDT transfer of at least the amount to the member's
 * address. Then, once (keyed by the withdrawal), the held money is posted and leaves the platform through the
 * by-hand payouts account, and the member sees the withdrawal paid with its hash. A hash pays one withdrawal.
 */
export async function recordManualPayment(d: MoneyDeps, ctx: AuthedContext, input: Input) {
  if (!/^\d{1,18}$/.test(input.id)) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
  await d.totp.require(ctx.member.id, input.totp);
  const w = await d.db
    .selectFrom('withdrawals')
    .select(['id', 'status', 'payout_state', 'address', 'address_type', 'amount', 'fee', 'tx_hash'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!w) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
  const hash = normalizeTxHash(w.address_type, input.tx_hash);
  if (!hash) throw fieldRefusal(422, 'tx_hash', 'tx_hash_invalid', { network: networkName(w.address_type) });
  // Recorded already with this hash: the same answer again (a double click, a retried request).
  if (w.payout_state === 'confirmed' && w.tx_hash === hash) return viewOf(d, d.db, w.id);
  if (w.status !== 'approved' || w.payout_state !== 'manual') throw new Refusal(409, 'withdrawal_not_manual');
  const receive = BigInt(w.amount) - BigInt(w.fee);
  const chain = d.config.chain;
  if (
    chain &&
    w.address_type === followedNetwork(chain) &&
    !(await paysToken(chain, hash, w.address, receive))
  )
    throw fieldRefusal(422, 'tx_hash', 'tx_not_on_chain', { amount: money(receive, WITHDRAW.asset) });
  try {
    return await postManualPayment(d, ctx, w.id, hash, receive);
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'withdrawals_paid_tx_hash')
      throw fieldRefusal(409, 'tx_hash', 'tx_hash_used');
    if (err instanceof Refusal && err.key === 'idempotency_conflict')
      throw new Refusal(409, 'withdrawal_not_manual');
    throw err;
  }
}

async function postManualPayment(
  d: MoneyDeps,
  ctx: AuthedContext,
  id: string,
  hash: string,
  receive: bigint,
) {
  return d.ledger.operation(
    {
      key: `withdrawal:${id}:paid`,
      kind: 'withdraw_paid',
      memberId: null,
      request: { withdrawal: id, tx_hash: hash },
    },
    async (op) => {
      const w = await lockedWithdrawal(op.tx, id);
      if (w.status !== 'approved' || w.payout_state !== 'manual')
        throw new Refusal(409, 'withdrawal_not_manual');
      const used = await op.tx
        .selectFrom('withdrawals')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['tx_hash']), '=', hash))
        .where('payout_state', '=', 'confirmed')
        .executeTakeFirst();
      if (used) throw fieldRefusal(409, 'tx_hash', 'tx_hash_used');
      await op.resolve([w.payout_transfer_id, ...(w.fee_transfer_id ? [w.fee_transfer_id] : [])], 'post');
      if (receive > 0n)
        await op.post([
          {
            debit: platformAccount('withdrawal_payouts', WITHDRAW.asset),
            credit: platformAccount('manual_payouts', WITHDRAW.asset),
            amount: receive,
            kind: 'withdraw_manual',
            details: { withdrawal: w.id, tx_hash: hash, network: w.address_type },
          },
        ]);
      await op.tx
        .updateTable('withdrawals')
        .set({ payout_state: 'confirmed', tx_hash: hash, payout_error: '' })
        .where('id', '=', w.id)
        .execute();
      await audit(op.tx, ctx.member.id, 'withdrawal.manual_paid', `withdrawal:${w.id}`, {
        tx_hash: hash,
        network: w.address_type,
        amount: money(receive, WITHDRAW.asset),
      });
      return viewOf(d, op.tx, w.id);
    },
  );
}
