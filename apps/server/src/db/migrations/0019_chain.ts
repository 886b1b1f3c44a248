/**
 * USDT on a chain (issue 10): members' deposit addresses (watch-only, derived from the operator's xpub), the
 * scanner's durable cursor, and deposits keyed by (chain, tx hash, log index), credited once after the
 * confirmations (from the platform's `chain` account), dropped when a reorg removes their block.
 */
export const up = `
CREATE TABLE chain_addresses (
  chain_id integer NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  address text NOT NULL,
  derivation_index bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, member_id),
  UNIQUE (chain_id, address)
);

CREATE TABLE chain_cursors (
  chain_id integer PRIMARY KEY,
  next_block bigint NOT NULL,
  -- The hash of block next_block - 1 when it was scanned: a different one now means a reorg.
  last_hash text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE chain_deposits (
  id bigserial PRIMARY KEY,
  chain_id integer NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  address text NOT NULL,
  from_address text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  state text NOT NULL CHECK (state IN ('pending', 'credited', 'dropped', 'below_minimum')),
  detected_at timestamptz NOT NULL DEFAULT now(),
  credited_at timestamptz,
  UNIQUE (chain_id, tx_hash, log_index)
);
CREATE INDEX chain_deposits_member ON chain_deposits (member_id, id DESC);
CREATE INDEX chain_deposits_pending ON chain_deposits (chain_id, block_number) WHERE state = 'pending';
`;
