import { broadcast, follow } from './payout-follow.ts';
import { ensureWallet, openSends, type PayoutContext, type PayoutDeps } from './payout-sends.ts';
import { signNext } from './payout-sign.ts';

export { type PayoutDeps, payoutCounts, queuePayout } from './payout-sends.ts';
export { feeParams } from './payout-sign.ts';

/**
 * The payout worker (DESIGN.md section 7): sends what `chain_sends` queues (withdrawal payouts in USDT, gas top-ups of
 * the sweep) from the hot wallet, and follows each to its confirmations.
 *
 * - Sign (payout-sign.ts): the nonce is taken under the hot wallet's locked row (a nonce the node refused earlier
 *   first, else the larger of the row's next nonce and the chain's pending count), and the signed transaction and its
 *   hash are stored in the same transaction, before anything is broadcast. A process killed at any point after that
 *   finds the same transaction on restart and sends it again: the same nonce and hash cannot pay twice.
 * - Broadcast (payout-follow.ts): a node that already has it (or has mined it) is fine; a node that refuses it (e.g.
 *   no gas) fails the send with its reason and frees the nonce; a network failure leaves it to the next step.
 * - Follow (payout-follow.ts): the receipt by hash; once its block has the confirmations a successful payout posts the
 *   withdrawal's held money (one ledger operation keyed by the withdrawal) and a reverted one fails, its money still
 *   held for an admin to retry or reject. A receipt that disappears (a reorg) sends the transaction again.
 *
 * Several servers may run steps at once: signing claims a send with SKIP LOCKED, sending the same signed transaction
 * twice is harmless, and the ledger operation's key posts once.
 */
export function createPayoutWorker(deps: PayoutDeps) {
  const d: PayoutContext = { ...deps, from: deps.account.address.toLowerCase() };
  return { step: () => step(d), address: deps.account.address };
}

export type PayoutWorker = ReturnType<typeof createPayoutWorker>;

/** One step: sign what is queued, send what is signed, follow what is out. */
async function step(d: PayoutContext) {
  await ensureWallet(d);
  for (let i = 0; i < 50 && (await signNext(d)); i++);
  for (const s of await openSends(d, 'signed').execute()) await broadcast(d, s);
  const out = await openSends(d, 'broadcast').execute();
  if (out.length === 0) return;
  const head = await d.client.getBlockNumber({ cacheTime: 0 });
  for (const s of out) await follow(d, s, head);
}
