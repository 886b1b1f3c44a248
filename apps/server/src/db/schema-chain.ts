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
  state: 'pending' | 'credited' | 'dropped' | 'below_minimum';
  detected_at: CreatedAt;
  credited_at: Date | null;
}

export interface ChainTables {
  chain_addresses: ChainAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_deposits: ChainDepositsTable;
}
