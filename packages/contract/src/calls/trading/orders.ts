import { z } from 'zod';
import { defineCall, formInt, oneOf, optionalText, text } from '../../call.ts';
import {
  ORDER_SIDES,
  ORDER_STATES,
  ORDER_TYPES,
  MARKET_KINDS,
  PERP,
  POSITION_SIDES,
} from '../../constants.ts';
import { idempotencyKey } from '../transfer.ts';

/** Orders and positions on a trading account (issue 11). Amounts and prices are decimal strings. */
const decimal = z.string();
const account = () => text(40);
const symbol = () => text(30);

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
