/**
 * Proof of reserves (issue 31), second part: every key an admin's "snapshot now" came with names the snapshot it was
 * answered with, including a request answered with another admin's snapshot that was building (one at a time), so
 * a retry with the same key gets the same snapshot instead of starting a new one. The key column of 0036 held only
 * the key of the request that created the snapshot: replaced by this table.
 */
export const up = `
CREATE TABLE reserve_snapshot_keys (
  key text PRIMARY KEY,
  snapshot_id bigint NOT NULL REFERENCES reserve_snapshots(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE reserve_snapshots DROP COLUMN idempotency_key;
`;
