import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number | bigint, string | number | bigint>;
type NumDefault = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BotsTable {
  id: Generated<string>;
  member_id: string;
  account_id: string;
  name: Generated<string>;
  symbol: string;
  market: 'spot' | 'perp';
  direction: 'long' | 'short';
  leverage: Generated<number>;
  order_type: Generated<'market' | 'limit'>;
  base_quote: Num;
  safety_quote: Num;
  max_safety: number;
  deviation_bps: number;
  step_scale: number;
  volume_scale: number;
  take_profit_bps: number;
  stop_loss_bps: Generated<number>;
  state: Generated<'stopped' | 'running' | 'error'>;
  error: Generated<string>;
  error_values: ColumnType<Record<string, string>, string | undefined, string>;
  actions: Generated<number>;
  /** Limit orders of this action that were cancelled unfilled: part of the next order's key. */
  attempts: Generated<number>;
  deals_closed: Generated<number>;
  profit: NumDefault;
  created_at: Stamp;
  updated_at: Stamp;
  deleted_at: Date | null;
}

export interface BotDealsTable {
  id: Generated<string>;
  bot_id: string;
  member_id: string;
  symbol: string;
  direction: 'long' | 'short';
  state: 'open' | 'closed';
  close_reason: string | null;
  base_price: string;
  size: Num;
  cost: Num;
  safety_filled: Generated<number>;
  fees: NumDefault;
  /** Gain (before fees) of the parts of a close that filled in part; the final close adds it to the deal's profit. */
  realized: NumDefault;
  close_price: string | null;
  pnl: string | null;
  opened_at: ColumnType<Date, Date | string, Date | string>;
  closed_at: Date | null;
}

export interface BotOrdersTable {
  id: Generated<string>;
  bot_id: string;
  deal_id: string | null;
  action: number;
  kind: string;
  trade_order_id: string | null;
  side: 'buy' | 'sell';
  amount: Num;
  price: string | null;
  fee: NumDefault;
  at: ColumnType<Date, Date | string, Date | string>;
}

export interface BotSubscriptionsTable {
  member_id: string;
  paid_until: Date;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BotTables {
  bot_subscriptions: BotSubscriptionsTable;
  bots: BotsTable;
  bot_deals: BotDealsTable;
  bot_orders: BotOrdersTable;
}
