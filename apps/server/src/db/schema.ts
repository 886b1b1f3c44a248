import type { KycTables } from './schema-kyc.ts';
import type { ContentTables } from './schema-content.ts';
import type { TradingTables } from './schema-trading.ts';
import type { ShopTables } from './schema-shop.ts';
import type { BotTables } from './schema-bots.ts';
import type { ChainTables } from './schema-chain.ts';
import type { CopyTables } from './schema-copy.ts';
import type { MiningTables } from './schema-mining.ts';
import type { NetworkTables } from './schema-network.ts';
import type { SecurityTables } from './schema-security.ts';
import type { AdminTables } from './schema-admin.ts';
import type { FileTables } from './schema-files.ts';
import type { ReserveTables } from './schema-reserves.ts';
import type { ColumnType, Generated } from 'kysely';

/** Set by the database default unless given. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

export interface MembersTable {
  id: Generated<string>;
  userid: string;
  name: string;
  email: string | null;
  mobile: string | null;
  tel_prefix: string | null;
  password_hash: string | null;
  tx_password_hash: string | null;
  role: Generated<'member' | 'admin'>;
  rank: Generated<'Fans' | 'Analyst' | 'Developer' | 'Operator' | 'Investor'>;
  lang: Generated<'en-US' | 'zh-CN' | 'bm-MY'>;
  status: Generated<'active' | 'frozen'>;
  kyc_state: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  sponsor_id: string | null;
  placement_parent_id: string | null;
  side: 'L' | 'R' | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled: Generated<boolean>;
  totp_last_step: ColumnType<string, string | number | undefined, string | number>;
  depth: Generated<number>;
  sponsor_depth: Generated<number>;
  tree_pending: Generated<boolean>;
  /** The admin's role (migration 0026); null for members. */
  admin_role: ColumnType<
    'owner' | 'finance' | 'support' | 'content' | 'viewer' | null,
    'owner' | 'finance' | 'support' | 'content' | 'viewer' | null | undefined,
    'owner' | 'finance' | 'support' | 'content' | 'viewer' | null
  >;
}

export interface SessionsTable {
  token_hash: Buffer;
  member_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
  /** Logged in in demo mode: an admin without two-factor may work (migration 0026). */
  admin_totp_optional: Generated<boolean>;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  purpose: string;
  destination: string;
  member_id: string | null;
  code_hash: Buffer;
  wrong_tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  destination: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: unknown;
  created_at: CreatedAt;
}

/** bigint columns come back from pg as strings; written as bigint or string. */
type Int8 = ColumnType<string, bigint | string | number, bigint | string | number>;
type Int8Default = ColumnType<string, bigint | string | number | undefined, bigint | string | number>;

export interface AssetsTable {
  code: string;
  decimals: number;
  name: string;
}

export interface LedgerAccountsTable {
  id: Generated<string>;
  member_id: string | null;
  platform: string | null;
  wallet: string;
  asset: string;
  debits_posted: Int8Default;
  credits_posted: Int8Default;
  debits_pending: Int8Default;
  credits_pending: Int8Default;
  no_overdraft: boolean;
  version: Int8Default;
  created_at: CreatedAt;
}

export interface LedgerOperationsTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  member_id: string | null;
  request_hash: Buffer;
  result: unknown;
  created_at: CreatedAt;
}

export type TransferFlags = 'posted' | 'pending' | 'post_pending' | 'void_pending';

export interface LedgerTransfersTable {
  id: Generated<string>;
  operation_id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount: Int8;
  asset: string;
  kind: string;
  flags: TransferFlags;
  pending_id: string | null;
  debit_balance_after: Int8;
  credit_balance_after: Int8;
  reference: string;
  details: unknown;
  created_at: CreatedAt;
}

export interface WithdrawAddressesTable {
  member_id: string;
  address: string;
  address_type: string;
  bound_at: CreatedAt;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  member_id: string;
  operation_id: string;
  wallet: string;
  asset: string;
  amount: Int8;
  fee: Int8;
  address: string;
  address_type: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | undefined, 'approved' | 'rejected'>;
  reason: Generated<string>;
  payout_transfer_id: string;
  fee_transfer_id: string | null;
  /** The payout of an approved withdrawal: on chain, or 'manual' until paid by hand (null: pending, rejected). */
  payout_state: 'queued' | 'broadcast' | 'confirmed' | 'failed' | 'manual' | null;
  /** How an approved withdrawal is paid (null while pending or when rejected). */
  payout_mode: 'automatic' | 'manual' | null;
  tx_hash: string | null;
  payout_error: Generated<string>;
  payout_attempt: Generated<number>;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface AirdropCampaignsTable {
  id: Generated<string>;
  idempotency_key: string;
  name: string;
  asset: string;
  amount_each: Int8;
  recipients: string[];
  done: Generated<number>;
  status: ColumnType<'running' | 'done' | 'failed', 'running' | undefined, 'running' | 'done' | 'failed'>;
  error: Generated<string>;
  created_by: string | null;
  created_at: CreatedAt;
  /** The claim of the server running the campaign (features/airdrop/queue.ts), until it ends or runs out. */
  claimed_by: string | null;
  claimed_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface DB
  extends KycTables,
    MiningTables,
    NetworkTables,
    ContentTables,
    TradingTables,
    ShopTables,
    BotTables,
    ChainTables,
    CopyTables,
    SecurityTables,
    AdminTables,
    FileTables,
    ReserveTables {
  members: MembersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  assets: AssetsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_operations: LedgerOperationsTable;
  ledger_transfers: LedgerTransfersTable;
  withdraw_addresses: WithdrawAddressesTable;
  withdrawals: WithdrawalsTable;
  airdrop_campaigns: AirdropCampaignsTable;
}
