import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back from pg as strings. */
type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;
/** date columns: written as 'YYYY-MM-DD'; pg reads them as a local Date, so queries select them `::text`. */
type DateText = ColumnType<Date | string, string, string>;

export interface MiningPackagesTable {
  id: Generated<string>;
  name: string;
  coin: string;
  capacity_unit: string;
  unit_price: Int8;
  price_asset: Generated<string>;
  term_days: number;
  daily_profit: Int8;
  daily_fee: Int8;
  settle_asset: string;
  settle_wallet: string;
  min_quantity: number;
  stock: number;
  sold: Generated<number>;
  start_date: DateText;
  start_delay_days: number;
  active: boolean;
  description: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** The estimate's assumptions (migration 0027): minor units of settle_asset per coin; coins per unit per day. */
  coin_price: ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
  output_per_unit: ColumnType<string | null, string | null | undefined, string | null>;
  assumptions_set_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  assumptions_note: Generated<string>;
  /** The package's texts in other languages than the default (migration 0035). */
  translations: ColumnType<PackageTranslations, string | undefined, string>;
}

export type PackageTranslations = Partial<
  Record<string, { name: string; description: string; assumptions_note: string }>
>;

export interface MiningVouchersTable {
  id: Generated<string>;
  member_id: string;
  discount_bps: number;
  package_id: string | null;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  note: Generated<string>;
  used_at: NullableTimestamp;
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'mining' (a package's price) or 'shop' (a shop order's). */
  scope: Generated<'mining' | 'shop'>;
  shop_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  issued_by: string | null;
  created_at: CreatedAt;
}

export interface MiningOrdersTable {
  id: Generated<string>;
  order_no: string;
  member_id: string;
  package_id: string;
  operation_id: string;
  payment_transfer_id: string;
  quantity: number;
  unit_price: Int8;
  price: Int8;
  discount: Int8;
  paid: Int8;
  price_asset: string;
  pay_wallet: string;
  voucher_id: string | null;
  daily_income: Int8;
  /** Fee per day of the whole order (migration 0027); daily_income is the net after it. */
  daily_fee: ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
  settle_asset: string;
  settle_wallet: string;
  term_days: number;
  start_date: DateText;
  end_date: DateText;
  created_at: CreatedAt;
}

export interface PurchasesTable {
  id: Generated<string>;
  member_id: string;
  source: string;
  order_id: string;
  amount: Int8;
  volume: Int8;
  asset: string;
  created_at: CreatedAt;
  volume_pending: Generated<boolean>;
}

export interface MiningIncomeTable {
  order_id: string;
  income_date: DateText;
  amount: Int8;
  transfer_id: string;
  created_at: CreatedAt;
}

export interface JobRunsTable {
  job: string;
  run_date: DateText;
  status: ColumnType<'running' | 'done' | 'failed', 'running' | 'done' | 'failed' | undefined>;
  runs: Generated<number>;
  items: ColumnType<string, bigint | string | number | undefined, bigint | string | number>;
  amounts: ColumnType<Record<string, string>, string | undefined, string>;
  error: Generated<string>;
  started_by: string | null;
  started_at: CreatedAt;
  finished_at: NullableTimestamp;
}

/** Tables of the mining area (issue 5); the DB interface in schema.ts extends this. */
export interface MiningTables {
  mining_packages: MiningPackagesTable;
  mining_vouchers: MiningVouchersTable;
  mining_orders: MiningOrdersTable;
  purchases: PurchasesTable;
  mining_income: MiningIncomeTable;
  job_runs: JobRunsTable;
}
