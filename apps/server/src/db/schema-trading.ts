import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric and bigint columns read as strings. */
type Num = ColumnType<string, string | number | bigint, string | number | bigint>;
type NumDefault = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

/** Tables of trading (issue 11, migration 0013); the DB interface in schema.ts extends this. */
export interface MarketTickersTable {
  symbol: string;
  last: Num;
  open_24h: Num;
  high_24h: Num;
  low_24h: Num;
  volume_24h: NumDefault;
  simulated: boolean;
  at: ColumnType<Date, Date | string, Date | string>;
}

export interface MarketCandlesTable {
  symbol: string;
  open_time: ColumnType<Date, Date | string, Date | string>;
  open: Num;
  high: Num;
  low: Num;
  close: Num;
  volume: NumDefault;
  simulated: boolean;
}

export interface TradingAccountsTable {
  id: Generated<string>;
  member_id: string;
  kind: 'paper' | 'exchange';
  venue: string;
  label: Generated<string>;
  key_hint: Generated<string>;
  key_box: Buffer | null;
  start_balance: NumDefault;
  resets: Generated<number>;
  /** The all-in-one budget over the account's running bots (units of 1e-8 of the quote), or null. */
  bot_budget: string | null;
  created_at: CreatedAt;
  deleted_at: Date | null;
}

export interface PaperBalancesTable {
  account_id: string;
  asset: string;
  free: NumDefault;
  used: NumDefault;
  cost: NumDefault;
}

export interface TradeOrdersTable {
  id: Generated<string>;
  account_id: string;
  member_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  amount: Num;
  limit_price: string | null;
  reserved: NumDefault;
  filled: NumDefault;
  avg_price: string | null;
  fee: NumDefault;
  fee_asset: string;
  pnl: string | null;
  state: 'open' | 'filled' | 'cancelled' | 'rejected';
  reason: Generated<string>;
  exchange_order_id: string | null;
  idempotency_key: string;
  request_hash: string;
  market: Generated<'spot' | 'perp'>;
  leverage: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface TradeFillsTable {
  id: Generated<string>;
  order_id: string;
  account_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  amount: Num;
  price: string;
  fee: Num;
  fee_asset: string;
  pnl: string | null;
  equity_after: Num;
  market: Generated<'spot' | 'perp'>;
  reason: Generated<string>;
  at: ColumnType<Date, Date | string, Date | string>;
}

export interface PaperPositionsTable {
  account_id: string;
  symbol: string;
  side: 'long' | 'short';
  contracts: Num;
  entry_price: string;
  margin: Num;
  leverage: number;
  liquidation_price: string;
  funding: NumDefault;
  opened_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PaperFundingTable {
  account_id: string;
  symbol: string;
  funding_time: ColumnType<Date, Date | string, Date | string>;
  side: 'long' | 'short';
  contracts: Num;
  mark_price: string;
  rate_bps: number;
  amount: Num;
}

export interface TradeResetsTable {
  account_id: string;
  idempotency_key: string;
  member_id: string;
  at: CreatedAt;
}

export interface TradingTables {
  market_tickers: MarketTickersTable;
  market_candles: MarketCandlesTable;
  trading_accounts: TradingAccountsTable;
  paper_balances: PaperBalancesTable;
  trade_orders: TradeOrdersTable;
  trade_fills: TradeFillsTable;
  trade_resets: TradeResetsTable;
  paper_positions: PaperPositionsTable;
  paper_funding: PaperFundingTable;
}
