import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number | bigint, string | number | bigint>;
type NumDefault = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
type CreatedAt = ColumnType<Date, Date | undefined, Date>;

export interface LeadTradersTable {
  id: Generated<string>;
  member_id: string;
  display_name: string;
  bio: Generated<string>;
  strategy: Generated<string>;
  state: 'pending' | 'approved' | 'rejected';
  reason: Generated<string>;
  applied_at: ColumnType<Date, Date | undefined, Date>;
  decided_at: Date | null;
  decided_by: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The company's managed strategy (at most one trader). */
  company: Generated<boolean>;
  /** The trader's demo account, which followers copy. */
  source_account_id: string | null;
  /** The pool: a paper account (venue `copy`) mirroring the source, owned in units by the followers. */
  pool_account_id: string | null;
  units: NumDefault;
  /** The last fill of the source account that was mirrored. */
  mirror_cursor: NumDefault;
}

export interface CopyPackagesTable {
  id: Generated<string>;
  trader_id: string;
  name: string;
  min_amount: Num;
  term_days: number;
  share_bps: number;
  fee_bps: number;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface CopyInvestmentsTable {
  id: Generated<string>;
  member_id: string;
  trader_id: string;
  package_id: string;
  state: 'active' | 'closing' | 'stopped' | 'closed';
  principal: Num;
  units: Num;
  booked: Num;
  hwm: Num;
  stop_loss_percent: Generated<number>;
  auto_renew: Generated<boolean>;
  started_at: Date;
  ends_at: Date;
  renewals: Generated<number>;
  shared: NumDefault;
  fees: NumDefault;
  returned: NumDefault;
  close_reason: Generated<string>;
  closed_at: Date | null;
  created_at: CreatedAt;
  /** The terms it was made on (migration 0023). */
  term_days: number;
  share_bps: number;
  fee_bps: number;
}

export interface CopySettlementsTable {
  investment_id: string;
  date: ColumnType<string, string, string>;
  kind: 'daily' | 'term' | 'close';
  value: Num;
  hwm_before: Num;
  profit: Num;
  trader_share: Num;
  platform_fee: Num;
  at: CreatedAt;
}

export interface CopyMirrorsTable {
  trader_id: string;
  source_fill_id: string;
  symbol: string;
  market: string;
  side: string;
  source_amount: Num;
  amount: Num;
  price: Generated<string>;
  order_id: string | null;
  skipped: Generated<string>;
  at: CreatedAt;
}

export interface CopyMarksTable {
  account_id: string;
  day: ColumnType<string, string, string>;
  equity: Num;
  units: NumDefault;
}

export interface CopyRunsTable {
  date: ColumnType<string, string, string>;
  investments: Generated<number>;
  shared: NumDefault;
  fees: NumDefault;
  started_by: Generated<string>;
  at: CreatedAt;
}

export interface CopyTables {
  lead_traders: LeadTradersTable;
  copy_packages: CopyPackagesTable;
  copy_investments: CopyInvestmentsTable;
  copy_settlements: CopySettlementsTable;
  copy_mirrors: CopyMirrorsTable;
  copy_marks: CopyMarksTable;
  copy_runs: CopyRunsTable;
}
