import { z } from 'zod';
import {
  defineCall,
  empty,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import {
  CANDLE_TIMEFRAMES,
  EXCHANGE_IDS,
  MARKET_SOURCES,
  ORDER_SIDES,
  ORDER_STATES,
  ORDER_TYPES,
  MARKET_KINDS,
  PERP,
  POSITION_SIDES,
} from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { idempotencyKey } from './transfer.ts';

/**
 * Calls of trading I (issue 11): market data, the paper (demo) exchange and members' own exchange accounts.
 * Amounts and prices are decimal strings; demo money is virtual and lives outside the money ledger.
 */
const decimal = z.string();
const account = () => text(40);
const symbol = () => text(30);

export const tickerSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  last: decimal,
  /** Percent over 24 hours, e.g. "-1.25". */
  change_24h: decimal,
  high_24h: decimal,
  low_24h: decimal,
  /** Base volume over 24 hours. */
  volume_24h: decimal,
  /** Prices from the seeded synthetic feed, not from an exchange. */
  simulated: z.boolean(),
  at: z.string(),
});

export const getcMarket = defineCall({
  name: 'Online/GetcMarket',
  method: 'POST',
  auth: 'public',
  tag: 'trading',
  summary: 'The markets with their last price, 24-hour change and volume; `simulated` marks synthetic prices',
  request: z.object({ quote: optionalText(10) }),
  response: z.object({ list: z.array(tickerSchema), source: z.enum(MARKET_SOURCES), exchange: z.string() }),
});

export const searchCoin = defineCall({
  name: 'Online/SearchCoin',
  method: 'POST',
  auth: 'public',
  tag: 'trading',
  summary: 'Markets whose symbol or coin name contains the search text',
  request: z.object({ keyword: optionalText(20) }),
  response: z.object({ list: z.array(tickerSchema.extend({ name: z.string() })) }),
});

export const marketRulesSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  name: z.string(),
  /** Decimals of an order's amount (base) and price (quote). */
  amount_decimals: z.number(),
  price_decimals: z.number(),
  min_amount: decimal,
  min_cost: decimal,
  /** Limit prices must lie within this percent of the last price. */
  price_band_percent: z.number(),
});

export const marketInfo = defineCall({
  name: 'Online/marketinfo',
  method: 'POST',
  auth: 'public',
  tag: 'trading',
  summary: "One market: its rules (precision, minimums, price band) and ticker, and the account's fees",
  request: z.object({ symbol: symbol(), account: optionalText(40) }),
  response: z.object({
    market: marketRulesSchema,
    ticker: tickerSchema,
    /** The fee and the half-spread a paper fill pays, in basis points (a member's exchange: its own fees). */
    fee_bps: z.number(),
    spread_bps: z.number(),
    venue_symbol: z.string(),
  }),
});

export const candles = defineCall({
  name: 'Online/candles',
  method: 'POST',
  auth: 'public',
  tag: 'trading',
  summary: 'Candles of one market, oldest first: [time (unix seconds), open, high, low, close, volume]',
  request: z.object({
    symbol: symbol(),
    timeframe: oneOf(CANDLE_TIMEFRAMES),
    limit: formInt(1, 1000, 300),
  }),
  response: z.object({
    symbol: z.string(),
    timeframe: z.string(),
    simulated: z.boolean(),
    list: z.array(z.tuple([z.number(), decimal, decimal, decimal, decimal, decimal])),
  }),
});

export const tradingAccountSchema = z.object({
  /** `demo`, `demo-<venue>` (a paper account mimicking that exchange) or the id of a connected exchange account. */
  id: z.string(),
  kind: z.enum(['paper', 'exchange']),
  venue: z.string(),
  label: z.string(),
  /** The API key's first and last characters; the secret never leaves the server. */
  key_hint: z.string(),
  created_at: z.string(),
});

export const tradingAccounts = defineCall({
  name: 'Online/accounts',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: "The member's trading accounts: the demo accounts and the exchange accounts they connected",
  request: empty,
  response: z.object({ list: z.array(tradingAccountSchema), exchanges: z.array(z.string()) }),
});

export const tradingAccountSave = defineCall({
  name: 'Online/accountsave',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    'Connects an exchange account by API key: the key is checked on the exchange (a balance read), then kept encrypted',
  request: z.object({
    exchange: oneOf(EXCHANGE_IDS),
    label: optionalText(40),
    api_key: text(200),
    api_secret: secret(),
    /** Some exchanges (OKX, Bitget) also want the key's passphrase. */
    passphrase: optionalText(128),
  }),
  response: z.object({ id: z.string() }),
});

export const tradingAccountDelete = defineCall({
  name: 'Online/accountdelete',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Disconnects an exchange account and forgets its key',
  request: z.object({ id: text(40) }),
  response: empty,
});

export const orderSchema = z.object({
  order_id: z.string(),
  account: z.string(),
  symbol: z.string(),
  /** Spot, or the perpetual of the symbol (amounts are then contracts of one base unit each). */
  market: z.enum(MARKET_KINDS),
  /** A perpetual order's leverage (1 for spot). */
  leverage: z.number(),
  side: z.enum(ORDER_SIDES),
  type: z.enum(ORDER_TYPES),
  amount: decimal,
  /** The limit price ('' for a market order). */
  price: decimal,
  filled: decimal,
  avg_price: decimal,
  fee: decimal,
  fee_asset: z.string(),
  state: z.enum(ORDER_STATES),
  reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const saveOrder = defineCall({
  name: 'Online/SaveOrder',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    'Places an order on the demo account or a connected exchange account: a market order fills at once, a limit order when the price reaches it',
  request: z.object({
    account: account(),
    symbol: symbol(),
    side: oneOf(ORDER_SIDES),
    type: oneOf(ORDER_TYPES),
    amount: text(40),
    price: optionalText(40),
    /** `perp`: the symbol's perpetual; a buy adds to a long or reduces a short, a sell the other way. */
    market: oneOf(MARKET_KINDS).optional(),
    /** A perpetual order's leverage; an order on an open position takes the position's. */
    leverage: formInt(1, PERP.maxLeverage, 1),
    idempotency_key: idempotencyKey(),
  }),
  response: z.object({
    order_id: z.string(),
    state: z.enum(ORDER_STATES),
    filled: decimal,
    avg_price: decimal,
    order: orderSchema,
  }),
});

export const closeOrder = defineCall({
  name: 'Online/CloseOrder',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Cancels an open order; what it reserved is free again',
  request: z.object({ order_id: text(40) }),
  response: z.object({ order: orderSchema }),
});

export const openOrders = defineCall({
  name: 'Online/openorders',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: "The account's open orders, newest first, optionally of one market",
  request: z.object({ account: account(), symbol: optionalText(30) }),
  response: z.object({ list: z.array(orderSchema) }),
});

export const positionSchema = z.object({
  symbol: z.string(),
  side: z.enum(POSITION_SIDES),
  /** Contracts of one base unit each. */
  contracts: decimal,
  entry_price: decimal,
  /** The last price; profit and liquidation are measured at it. */
  mark_price: decimal,
  /** The price at which the position is liquidated ('' when the exchange does not say). */
  liquidation_price: decimal,
  /** Isolated margin held for the position, in the quote asset. */
  margin: decimal,
  leverage: z.number(),
  unrealized_pnl: decimal,
  /** Unrealized profit over the margin, percent. */
  roe_percent: decimal,
  /** Funding received (positive) or paid (negative) since the position opened. */
  funding: decimal,
  opened_at: z.string(),
});

export const positions = defineCall({
  name: 'Online/positions',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    "The account's open perpetual positions with their margin, profit at the last price and liquidation price",
  request: z.object({ account: account() }),
  response: z.object({ list: z.array(positionSchema) }),
});

export const closePosition = defineCall({
  name: 'Online/closeposition',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Closes a perpetual position at market: an opposite order of its whole size',
  request: z.object({ account: account(), symbol: symbol(), idempotency_key: idempotencyKey() }),
  response: z.object({ order: orderSchema }),
});

export const balanceSchema = z.object({ asset: z.string(), free: decimal, used: decimal });

export const demoBalance = defineCall({
  name: 'Trade/demobalance',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    "An account's balances (free and held by open orders) and its value in the quote asset at the last prices",
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    account: z.string(),
    balances: z.array(balanceSchema.extend({ value: decimal })),
    equity: decimal,
    quote: z.string(),
    start_balance: decimal,
    resets: z.number(),
  }),
});

export const demoReset = defineCall({
  name: 'Trade/demoreset',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Starts a demo account afresh: open orders cancelled, the starting balance back; records are kept',
  request: z.object({ account: optionalText(40), idempotency_key: idempotencyKey() }),
  response: z.object({ account: z.string(), resets: z.number() }),
});

export const fillSchema = z.object({
  order_id: z.string(),
  symbol: z.string(),
  market: z.enum(MARKET_KINDS),
  side: z.enum(ORDER_SIDES),
  amount: decimal,
  price: decimal,
  fee: decimal,
  fee_asset: z.string(),
  /** Realized profit of a sell against the average buying price, or of a perpetual fill that reduced a position ('' otherwise). */
  pnl: decimal,
  /** `liquidation` for a position the exchange closed. */
  reason: z.string(),
  at: z.string(),
});

const recordFilters = {
  account: optionalText(40),
  symbol: optionalText(30),
  side: oneOf(ORDER_SIDES).optional(),
  /** Dates (YYYY-MM-DD, UTC), both included. */
  from: optionalText(10),
  to: optionalText(10),
  ...pagingFields,
};

export const recordTx = defineCall({
  name: 'Tradetx/Recordtx',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: "The account's fills, newest first, with filters",
  request: z.object(recordFilters),
  response: pagedSchema(fillSchema).extend({ account: z.string() }),
});

export const tradeOrderHistory = defineCall({
  name: 'Tradetx/Recordtx2',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    "The account's orders that ended (filled, cancelled, rejected), with realized profit, newest first",
  request: z.object({ ...recordFilters, state: oneOf(ORDER_STATES).optional() }),
  response: pagedSchema(orderSchema.extend({ pnl: decimal })).extend({ account: z.string() }),
});

export const tradeBoard = defineCall({
  name: 'Tradetx/summary',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: "An account's results: equity now and after each fill, profit, fees, trades and winning sells",
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    account: z.string(),
    quote: z.string(),
    start_balance: decimal,
    equity: decimal,
    pnl: decimal,
    pnl_percent: decimal,
    realized: decimal,
    fees: decimal,
    trades: z.number(),
    sells: z.number(),
    wins: z.number(),
    /** Equity after each fill (and now), oldest first. */
    curve: z.array(z.object({ at: z.string(), equity: decimal })),
  }),
});

export const demoChallenge = defineCall({
  name: 'Trade/challenge',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    "The demo challenge: grow the demo account's equity to the target within its trades; progress in percent",
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    account: z.string(),
    start_balance: decimal,
    target: decimal,
    equity: decimal,
    progress_percent: z.number(),
    trades: z.number(),
    min_trades: z.number(),
    state: z.enum(['running', 'reached']),
    steps: z.array(z.object({ key: z.string(), done: z.boolean() })),
  }),
});

export const marketSettingsSchema = z.object({
  source: z.enum(MARKET_SOURCES),
  exchange: z.enum(EXCHANGE_IDS),
  symbols: z.array(z.string()),
  /** Paper trading: fee and half-spread, basis points; slippage per 10,000 USDT of order value. */
  fee_bps: z.number(),
  spread_bps: z.number(),
  slippage_bps: z.number(),
  /** Paper perpetuals: funding per funding time, basis points (longs pay shorts when positive). */
  funding_bps: z.number(),
  start_balance: decimal,
});

export const adminMarketSettings = defineCall({
  name: 'Admin/marketsettings',
  method: 'POST',
  auth: 'admin',
  tag: 'trading',
  summary:
    "Reads or changes the market feed (simulated or an exchange's public data; which markets) and paper trading's fees",
  request: z.object({
    save: formBool(),
    source: oneOf(MARKET_SOURCES).optional(),
    exchange: oneOf(EXCHANGE_IDS).optional(),
    /** Comma-separated symbols, e.g. "BTC/USDT,ETH/USDT". */
    symbols: optionalText(400),
    fee_bps: formInt(0, 500).optional(),
    spread_bps: formInt(0, 500).optional(),
    slippage_bps: formInt(0, 500).optional(),
    funding_bps: formInt(-100, 100).optional(),
    start_balance: optionalText(20),
  }),
  response: marketSettingsSchema.extend({
    known_symbols: z.array(z.string()),
    feed: z.object({ live: z.boolean(), last_tick_at: z.string(), error: z.string() }),
  }),
});
