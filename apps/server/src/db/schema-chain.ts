import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface ChainAddressesTable {
  chain_id: number;
  member_id: string;
  /** Lower-case 0x address. */
  address: string;
  derivation_index: string;
  created_at: CreatedAt;
}

export interface ChainCursorsTable {
  chain_id: number;
  next_block: string;
  last_hash: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ChainDepositsTable {
  id: Generated<string>;
  chain_id: number;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
  member_id: string;
  address: string;
  from_address: string;
  /** Token units (USDT: 6 decimals, the same as the ledger's). */
  amount: string;
  state: 'detected' | 'credited' | 'dropped' | 'below_minimum';
  detected_at: CreatedAt;
  credited_at: Date | null;
}

export interface ChainHotWalletsTable {
  chain_id: number;
  /** Lower-case 0x address. */
  address: string;
  next_nonce: string;
}

export interface ChainFreeNoncesTable {
  chain_id: number;
  address: string;
  nonce: string;
}

export type SendState = 'queued' | 'signed' | 'broadcast' | 'confirmed' | 'failed';

export interface ChainSendsTable {
  id: Generated<string>;
  chain_id: number;
  from_address: string;
  /** An anchor (proof of reserves, migration 0036) is a 0-value call from the hot wallet to itself carrying `data`. */
  kind: 'payout' | 'gas' | 'anchor';
  key: string;
  withdrawal_id: string | null;
  to_address: string;
  /** Token units for a payout, wei for gas. */
  amount: string;
  state: SendState;
  nonce: string | null;
  raw_tx: string | null;
  tx_hash: string | null;
  block_number: string | null;
  /** The call's data (an anchor's bytes, 0x hex); null for payouts and gas. */
  data: ColumnType<string | null, string | null | undefined, string | null>;
  error: Generated<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ChainTables {
  chain_addresses: ChainAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_deposits: ChainDepositsTable;
  chain_hot_wallets: ChainHotWalletsTable;
  chain_free_nonces: ChainFreeNoncesTable;
  chain_sends: ChainSendsTable;
}
