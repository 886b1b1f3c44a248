import { z } from 'zod';
import { defineCall, oneOf, optionalText, pagingFields } from '../../call.ts';
import { ORDER_SIDES, ORDER_STATES, MARKET_KINDS } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { orderSchema } from './orders.ts';

/**
 * A trading account's records and results (issue 11): fills, ended orders, the board and the demo challenge.
 * Amounts and prices are decimal strings.
 */
const decimal = z.string();

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
