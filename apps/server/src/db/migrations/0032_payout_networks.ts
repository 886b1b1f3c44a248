/**
 * Payouts by hand (issue 28): an approved withdrawal to a network the server does not pay automatically waits in
 * payout state 'manual' ("to be paid by hand", its money still held) until an admin records the transaction that paid
 * it. `payout_mode` says how an approved withdrawal is paid (the daily limit of automatic payouts sums those); the ones
 * approved before were paid on chain when they have a payout state, else by hand. A transaction pays one withdrawal: a
 * confirmed payout's hash is unique. The dashboard counts the withdrawals waiting for a decision or a payment by
 * hand, oldest first.
 */
export const up = `
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_payout_state_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_payout_state_check
  CHECK (payout_state IN ('queued', 'broadcast', 'confirmed', 'failed', 'manual'));
ALTER TABLE withdrawals ADD COLUMN payout_mode text CHECK (payout_mode IN ('automatic', 'manual'));
UPDATE withdrawals SET payout_mode = CASE WHEN payout_state IS NULL THEN 'manual' ELSE 'automatic' END
  WHERE status = 'approved';
CREATE INDEX withdrawals_automatic_day ON withdrawals (decided_at) WHERE payout_mode = 'automatic';
CREATE UNIQUE INDEX withdrawals_paid_tx_hash ON withdrawals (lower(tx_hash)) WHERE payout_state = 'confirmed';
CREATE INDEX withdrawals_waiting ON withdrawals (created_at) WHERE status = 'pending' OR payout_state = 'manual';
`;
