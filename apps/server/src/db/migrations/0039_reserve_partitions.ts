/**
 * Proof of reserves (issue 31): each snapshot's tree is its own partition of `reserve_leaves` and `reserve_nodes`
 * (list partitions by snapshot, named `reserve_leaves_s<id>` and `reserve_nodes_s<id>`). A build COPYs a million
 * members' three million rows into new tables without an index, builds each primary key once from the loaded rows,
 * and attaches both in the transaction that publishes the snapshot: about half of a build used to be COPY keeping
 * the primary keys up to date row by row. Retention drops a snapshot's two tables instead of deleting its rows.
 *
 * The trees 0036 stored are moved into partitions of their own here.
 */
export const up = `
ALTER TABLE reserve_leaves RENAME TO reserve_leaves_old;
ALTER INDEX reserve_leaves_pkey RENAME TO reserve_leaves_old_pkey;
ALTER TABLE reserve_nodes RENAME TO reserve_nodes_old;
ALTER INDEX reserve_nodes_pkey RENAME TO reserve_nodes_old_pkey;

CREATE TABLE reserve_leaves (
  snapshot_id bigint NOT NULL,
  member_id bigint NOT NULL,
  idx integer NOT NULL,
  salt bytea NOT NULL CHECK (length(salt) = 32),
  PRIMARY KEY (snapshot_id, member_id)
) PARTITION BY LIST (snapshot_id);

CREATE TABLE reserve_nodes (
  snapshot_id bigint NOT NULL,
  level smallint NOT NULL,
  idx integer NOT NULL,
  hash bytea NOT NULL,
  sums bytea NOT NULL,
  PRIMARY KEY (snapshot_id, level, idx)
) PARTITION BY LIST (snapshot_id);

DO $$
DECLARE s bigint;
BEGIN
  FOR s IN SELECT snapshot_id FROM reserve_leaves_old UNION SELECT snapshot_id FROM reserve_nodes_old LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF reserve_leaves FOR VALUES IN (%s)', 'reserve_leaves_s' || s, s);
    EXECUTE format('CREATE TABLE %I PARTITION OF reserve_nodes FOR VALUES IN (%s)', 'reserve_nodes_s' || s, s);
  END LOOP;
END $$;

INSERT INTO reserve_leaves SELECT snapshot_id, member_id, idx, salt FROM reserve_leaves_old;
INSERT INTO reserve_nodes SELECT snapshot_id, level, idx, hash, sums FROM reserve_nodes_old;
DROP TABLE reserve_leaves_old, reserve_nodes_old;
`;
