import { z } from 'zod';
import { defineCall, formInt, oneOf, optionalText, text } from '../../call.ts';
import { CANDLE_TIMEFRAMES, MARKET_SOURCES } from '../../constants.ts';

/** Market data (issue 11): tickers, a market's rules and candles. Prices are decimal strings. */
const decimal = z.string();
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
