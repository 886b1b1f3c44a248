/** The withdraw area's public face: what other parts of the server may use. Everything else here is private to it. */

/** A withdrawal's payout states as the chain's payout worker reports them (passed in by the composition root). */
export { withdrawalPayouts } from './payout-outcomes.ts';
/** Withdrawals waiting too long for a decision or a payment by hand (the admin dashboard's warning). */
export { waitingTooLong } from './payout-networks.ts';
