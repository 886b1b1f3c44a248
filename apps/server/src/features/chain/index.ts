/** The chain area's public face: what other parts of the server may use. Everything else here is private to it. */

/** A transaction's page on the network's explorer. */
export { explorerUrl } from './explorer.ts';
/** An approved withdrawal queued for the hot wallet to pay. */
export { queuePayout } from './payouts.ts';
/** What the payout worker reports about a withdrawal it pays (the withdraw area implements it). */
export type { WithdrawalPayouts } from './payout-port.ts';
/** Whether a transaction on the followed chain paid an amount of USDT to an address (payouts made by hand). */
export { paysToken } from './payment-check.ts';
/** Proof-of-reserves anchors: queued for the hot wallet like payouts (one nonce sequence), and where each one is. */
export { anchorSend, queueAnchor } from './anchors.ts';
