import { z } from 'zod';
import { defineCall, formBool, formInt, oneOf, optionalText } from '../../call.ts';
import { EXCHANGE_IDS, MARKET_SOURCES } from '../../constants.ts';

/** Trading's admin call (issue 11): the market feed and paper trading's fees. */
const decimal = z.string();

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
