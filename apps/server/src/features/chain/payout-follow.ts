import type { Hash, Hex } from 'viem';
import { inTransaction } from '../../db/database.ts';
import { platformAccount } from '../../ledger/index.ts';
import { ALREADY_SENT, errorText, nodeRefused } from './payout-errors.ts';
import { fail, type PayoutContext, paidWithdrawal, type Send } from './payout-sends.ts';

// After signing (DECISIONS 37): the broadcast of a stored transaction (again, after a crash), and following it to
// its confirmations, where a payout's held money is posted once.

/** Whether the node knows the transaction (in its pool or mined). */
const known = (d: PayoutContext, hash: Hash) =>
  d.client.getTransaction({ hash }).then(
    () => true,
    () => false,
  );

/** Sends a signed transaction (again); marks it broadcast, or failed when the node refuses it. */
export async function broadcast(d: PayoutContext, s: Send) {
  d.hooks?.beforeBroadcast?.(s);
  try {
    await d.client.sendRawTransaction({ serializedTransaction: s.raw_tx as Hex });
  } catch (err) {
    const text = errorText(err);
    if (!ALREADY_SENT.test(text)) {
      if (!nodeRefused(err) || (await known(d, s.tx_hash as Hash))) throw err;
      await fail(d, s, text, true);
      return;
    }
  }
  d.hooks?.afterBroadcast?.(s);
  if (s.state === 'signed')
    await inTransaction(d.db, async (tx) => {
      const moved = await tx
        .updateTable('chain_sends')
        .set({ state: 'broadcast', updated_at: new Date() })
        .where('id', '=', s.id)
        .where('state', '=', 'signed')
        .executeTakeFirst();
      const withdrawalId = paidWithdrawal(s);
      if (moved.numUpdatedRows > 0n && withdrawalId)
        await d.withdrawals.broadcast(tx, withdrawalId, s.tx_hash);
    });
}

/** Posts a confirmed payout's held money (once: keyed by the withdrawal) and marks it confirmed. */
async function confirm(d: PayoutContext, s: Send, blockNumber: bigint) {
  if (s.kind !== 'payout' || !s.withdrawal_id) {
    await d.db
      .updateTable('chain_sends')
      .set({ state: 'confirmed', block_number: blockNumber.toString(), updated_at: new Date() })
      .where('id', '=', s.id)
      .execute();
    return;
  }
  const wid = s.withdrawal_id;
  await d.ledger.operation(
    {
      key: `withdrawal:${wid}:paid`,
      kind: 'withdraw_paid',
      memberId: null,
      request: { withdrawal: wid, tx_hash: s.tx_hash },
    },
    async (op) => {
      const w = await op.tx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', wid)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (w.payout_state === 'confirmed') return { withdrawal: wid };
      await op.resolve([w.payout_transfer_id, ...(w.fee_transfer_id ? [w.fee_transfer_id] : [])], 'post');
      // The money has left the platform: from the withdrawals in flight to the outside world.
      const receive = BigInt(w.amount) - BigInt(w.fee);
      if (receive > 0n)
        await op.post([
          {
            debit: platformAccount('withdrawal_payouts', 'USDT'),
            credit: platformAccount('chain', 'USDT'),
            amount: receive,
            kind: 'withdraw_onchain',
            details: { withdrawal: wid, tx_hash: s.tx_hash ?? '' },
          },
        ]);
      await d.withdrawals.paid(op.tx, wid, s.tx_hash);
      await op.tx
        .updateTable('chain_sends')
        .set({ state: 'confirmed', block_number: blockNumber.toString(), updated_at: new Date() })
        .where('id', '=', s.id)
        .execute();
      return { withdrawal: wid };
    },
  );
}

/** Sends a transaction the node lost (a restarted node, a reorg) again; fails it when its nonce went to another. */
async function sendLostAgain(d: PayoutContext, s: Send, hash: Hash) {
  try {
    await d.client.sendRawTransaction({ serializedTransaction: s.raw_tx as Hex });
  } catch (err) {
    const text = errorText(err);
    if (/nonce too low/i.test(text)) {
      const mined = await d.client.getTransactionCount({
        address: d.account.address,
        blockTag: 'latest',
      });
      if (
        BigInt(mined) > BigInt(s.nonce ?? 0) &&
        !(await d.client.getTransactionReceipt({ hash }).catch(() => undefined))
      )
        await fail(d, s, 'its nonce was used by another transaction of the hot wallet', false);
    } else if (!ALREADY_SENT.test(text) && !nodeRefused(err)) throw err;
  }
}

/** Follows a broadcast send: its receipt, its confirmations, or sends it again when the node lost it. */
export async function follow(d: PayoutContext, s: Send, head: bigint) {
  const hash = s.tx_hash as Hash;
  const receipt = await d.client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (!receipt) {
    if (s.block_number !== null)
      await d.db.updateTable('chain_sends').set({ block_number: null }).where('id', '=', s.id).execute();
    if (await known(d, hash)) return;
    await sendLostAgain(d, s, hash);
    return;
  }
  if (s.block_number !== receipt.blockNumber.toString())
    await d.db
      .updateTable('chain_sends')
      .set({ block_number: receipt.blockNumber.toString() })
      .where('id', '=', s.id)
      .execute();
  // A gas top-up (for the sweep) or an anchor is enough once mined; a payout waits for its confirmations.
  const needed = s.kind === 'payout' ? BigInt(d.confirmations) : 1n;
  if (head - receipt.blockNumber + 1n < needed) return;
  if (receipt.status === 'reverted') await fail(d, s, 'the transfer reverted on chain', false);
  else await confirm(d, s, receipt.blockNumber);
}
