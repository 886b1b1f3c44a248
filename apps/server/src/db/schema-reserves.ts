import type { ColumnType, Generated } from 'kysely';

/** Numeric columns read back as decimal strings (node-postgres leaves numeric and bigint as text). */
type Numeric = string | null;

/** Proof-of-reserves snapshots (migration 0036); the tree's rows are written by COPY (features/reserves/store.ts). */
export interface ReserveSnapshotsTable {
  id: Generated<string>;
  state: 'building' | 'published' | 'refused';
  run_date: ColumnType<string | null, string | null | undefined, string | null>;
  started_by: string | null;
  requested_at: ColumnType<Date, Date | undefined, Date>;
  claimed_by: string | null;
  claimed_until: Date | null;
  chain_id: number | null;
  block: Numeric;
  taken_at: Date | null;
  columns: ColumnType<string[], string[] | undefined, string[]>;
  root_hash: Buffer | null;
  root_sums: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  total: Numeric;
  points_rp: Numeric;
  points_dp: Numeric;
  hot_wallet: string | null;
  hot_wallet_balance: Numeric;
  signature: string | null;
  deposit_xpub: string | null;
  deposit_count: number | null;
  deposit_balance: Numeric;
  reserves_total: Numeric;
  anchor_tx: string | null;
  anchor_block: Numeric;
  problem: Generated<string>;
  duration_ms: number | null;
  leaves: Generated<number>;
  finished_at: Date | null;
  /** When the retention job deleted the tree (migration 0038); the snapshot row stays. */
  tree_pruned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ReserveLeavesTable {
  snapshot_id: string;
  member_id: string;
  idx: number;
  salt: Buffer;
}

export interface ReserveNodesTable {
  snapshot_id: string;
  level: number;
  idx: number;
  hash: Buffer;
  /** Each column's sum, 16 bytes big-endian (the format's encoding), concatenated. */
  sums: Buffer;
}

export interface ReserveSnapshotKeysTable {
  key: string;
  snapshot_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ReserveTables {
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_snapshot_keys: ReserveSnapshotKeysTable;
  reserve_leaves: ReserveLeavesTable;
  reserve_nodes: ReserveNodesTable;
}
