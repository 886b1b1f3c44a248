/**
 * Proof of reserves (issue 31). A snapshot is asked for (`building`: by the daily job for its date, or by an admin
 * with an idempotency key; one at a time, a unique partial index), built by one server (a lease, as airdrop
 * campaigns have), then `published` with its tree, or `refused` with the `problem` and no tree.
 *
 * The tree is kept as rows so that one member's proof is ~20 primary-key probes, whatever the size: `reserve_leaves`
 * finds a member's leaf (its index in level 0 and its salt), `reserve_nodes` holds every node of every level (level 0
 * = the leaves) with its hash and its sums packed as the format encodes them (16 bytes big-endian per column). No
 * foreign keys on these two: they are written by COPY in one transaction with the snapshot's publication, and a
 * check per row would cost more than the write.
 *
 * The anchor transaction goes through the payout worker's queue (`chain_sends`, kind `anchor`, data = the anchor's
 * bytes, value 0 to the hot wallet itself), so its nonce comes from the same discipline as payouts'.
 */
export const up = `
CREATE TABLE reserve_snapshots (
  id bigserial PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('building', 'published', 'refused')),
  -- The daily job's date (one snapshot per day), or an admin's idempotency key.
  run_date date UNIQUE,
  idempotency_key text UNIQUE,
  started_by bigint REFERENCES members(id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  claimed_by text,
  claimed_until timestamptz,
  chain_id integer,
  block bigint,
  taken_at timestamptz,
  columns text[] NOT NULL DEFAULT '{}',
  root_hash bytea,
  root_sums numeric(40, 0)[],
  total numeric(40, 0),
  points_rp numeric(40, 0),
  points_dp numeric(40, 0),
  hot_wallet text,
  hot_wallet_balance numeric(78, 0),
  signature text,
  deposit_xpub text,
  deposit_count integer,
  deposit_balance numeric(78, 0),
  reserves_total numeric(78, 0),
  anchor_tx text,
  anchor_block bigint,
  problem text NOT NULL DEFAULT '',
  duration_ms integer,
  leaves integer NOT NULL DEFAULT 0,
  finished_at timestamptz
);
CREATE UNIQUE INDEX reserve_snapshots_one_building ON reserve_snapshots ((true)) WHERE state = 'building';
CREATE INDEX reserve_snapshots_published ON reserve_snapshots (id DESC) WHERE state = 'published';

CREATE TABLE reserve_leaves (
  snapshot_id bigint NOT NULL,
  member_id bigint NOT NULL,
  idx integer NOT NULL,
  salt bytea NOT NULL CHECK (length(salt) = 32),
  PRIMARY KEY (snapshot_id, member_id)
);

CREATE TABLE reserve_nodes (
  snapshot_id bigint NOT NULL,
  level smallint NOT NULL,
  idx integer NOT NULL,
  hash bytea NOT NULL,
  sums bytea NOT NULL,
  PRIMARY KEY (snapshot_id, level, idx)
);

ALTER TABLE chain_sends DROP CONSTRAINT chain_sends_kind_check;
ALTER TABLE chain_sends ADD CONSTRAINT chain_sends_kind_check CHECK (kind IN ('payout', 'gas', 'anchor'));
ALTER TABLE chain_sends DROP CONSTRAINT chain_sends_amount_check;
ALTER TABLE chain_sends ADD CONSTRAINT chain_sends_amount_check CHECK (amount > 0 OR (kind = 'anchor' AND amount = 0));
ALTER TABLE chain_sends ADD COLUMN data text;
`;
