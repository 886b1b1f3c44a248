import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back from pg as strings. */
type Int8 = ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
type DateText = ColumnType<Date | string, string, string>;

export interface MemberStatsTable {
  member_id: string;
  left_count: Int8;
  right_count: Int8;
  left_volume: Int8;
  right_volume: Int8;
  personal_volume: Int8;
  direct_count: Int8;
  sponsor_team_count: Int8;
  /** Volume not yet paired on each leg: carried from the last pairing plus volume since (see 0008_pairing_open). */
  left_open: Int8;
  right_open: Int8;
  first_pair_done: Generated<boolean>;
  paired_on: DateText | null;
}

export interface PairingResultsTable {
  member_id: string;
  pair_date: DateText;
  plan_version: number;
  left_before: Int8;
  right_before: Int8;
  left_added: Int8;
  right_added: Int8;
  pairs: Int8;
  paid_pairs: Int8;
  bonus: Int8;
  cap: Int8;
  flushed_left: Int8;
  flushed_right: Int8;
  left_after: Int8;
  right_after: Int8;
  transfer_id: string | null;
}

export interface PlanVersionsTable {
  version: Generated<number>;
  settings: ColumnType<unknown, string, string>;
  note: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface RankChangesTable {
  id: Generated<string>;
  member_id: string;
  from_rank: string;
  to_rank: string;
  reason: string;
  created_at: CreatedAt;
}

export interface TreeFavoritesTable {
  member_id: string;
  node_id: string;
  created_at: CreatedAt;
}

/** Tables of the network area (issue 4); the DB interface in schema.ts extends this. */
export interface NetworkTables {
  member_stats: MemberStatsTable;
  pairing_results: PairingResultsTable;
  plan_versions: PlanVersionsTable;
  rank_changes: RankChangesTable;
  tree_favorites: TreeFavoritesTable;
}
