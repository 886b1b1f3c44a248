/**
 * On-chain withdrawal payouts (issue 10): outgoing transactions from the hot wallet (`chain_sends`, a payout or a gas
 * top-up for the sweep), signed with a nonce taken under the hot wallet's locked row (`chain_hot_wallets`) and stored
 * with their hash before they are broadcast, so a restart finds them again. Nonces of transactions the node refused
 * (never broadcast) are kept in `chain_free_nonces` and used first, so no gap stalls the wallet. A withdrawal shows
 * its payout's state and hash. Deposits waiting for their confirmations are `detected` (DESIGN.md's word).
 */
export const up = `
ALTER TABLE chain_deposits DROP CONSTRAINT chain_deposits_state_check;
UPDATE chain_deposits SET state = 'detected' WHERE state = 'pending';
ALTER TABLE chain_deposits ADD CONSTRAINT chain_deposits_state_check
  CHECK (state IN ('detected', 'credited', 'dropped', 'below_minimum'));
DROP INDEX chain_deposits_pending;
CREATE INDEX chain_deposits_detected ON chain_deposits (chain_id, block_number) WHERE state = 'detected';

ALTER TABLE withdrawals
  ADD COLUMN payout_state text CHECK (payout_state IN ('queued', 'broadcast', 'confirmed', 'failed')),
  ADD COLUMN tx_hash text,
  ADD COLUMN payout_error text NOT NULL DEFAULT '',
  ADD COLUMN payout_attempt integer NOT NULL DEFAULT 0;
CREATE INDEX withdrawals_payout ON withdrawals (payout_state) WHERE payout_state IN ('queued', 'broadcast', 'failed');

CREATE TABLE chain_hot_wallets (
  chain_id integer NOT NULL,
  address text NOT NULL,
  next_nonce bigint NOT NULL,
  PRIMARY KEY (chain_id, address)
);

CREATE TABLE chain_free_nonces (
  chain_id integer NOT NULL,
  address text NOT NULL,
  nonce bigint NOT NULL,
  PRIMARY KEY (chain_id, address, nonce)
);

CREATE TABLE chain_sends (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL,
  from_address text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('payout', 'gas')),
  -- One send per (payout, attempt) or per gas top-up key.
  key text NOT NULL UNIQUE,
  withdrawal_id bigint REFERENCES withdrawals(id),
  to_address text NOT NULL,
  -- Token units for a payout, wei for gas.
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  state text NOT NULL CHECK (state IN ('queued', 'signed', 'broadcast', 'confirmed', 'failed')),
  nonce bigint,
  raw_tx text,
  tx_hash text,
  block_number bigint,
  error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chain_sends_nonce ON chain_sends (chain_id, from_address, nonce) WHERE nonce IS NOT NULL;
CREATE INDEX chain_sends_open ON chain_sends (chain_id, id) WHERE state IN ('queued', 'signed', 'broadcast');
`;
