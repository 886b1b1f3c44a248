/** The network area's public face: what other parts of the server may use. Everything else here is private to it. */

/** The daily pairing bonus, a job for the scheduler (jobs/registry.ts). */
export { PAIRING_JOB, pairingJob } from './pairing-job.ts';
/** A purchase (a package or shop order) recorded for the plan: the bonus base of the buyer's uplines. */
export { type PurchaseRecord, recordPurchase } from './purchases.ts';
/** The bonus legs a purchase pays up the tree, under the plan in force. */
export { purchaseBonusLegs } from './bonus.ts';
export { currentPlan } from './plan.ts';
/** Team figures of a new member or a purchase, brought up the tree after the transaction commits. */
export { propagateAfterCommit } from './propagate.ts';
