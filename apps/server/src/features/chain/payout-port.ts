import type { Tx } from '../../db/database.ts';

/**
 * What the payout worker reports about a withdrawal it pays. The withdraw area owns the withdrawals and implements
 * this (features/withdraw/payout-outcomes.ts); the composition root passes it in, as chain may not import withdraw
 * (withdraw queues the payouts). Each report is written in the caller's transaction, beside the send's own row.
 */
export type WithdrawalPayouts = {
  /** The payout's transaction is signed: its hash is stored before anything is broadcast. */
  signed: (tx: Tx, withdrawalId: string, hash: string) => Promise<void>;
  /** The node took the transaction. */
  broadcast: (tx: Tx, withdrawalId: string, hash: string | null) => Promise<void>;
  /** The send failed for this reason: the withdrawal goes back to the admin queue, its money still held. */
  failed: (tx: Tx, withdrawalId: string, hash: string | null, error: string) => Promise<void>;
  /** Confirmed on chain; the caller posts the held money in the same transaction. */
  paid: (tx: Tx, withdrawalId: string, hash: string | null) => Promise<void>;
};
