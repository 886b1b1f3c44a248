import { z } from 'zod';
import { defineCall, formInt, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { CANDLE_TIMEFRAMES, POSITION_SIDES } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';

/**
 * What bots did: closed deals, and the chart of a bot's entries and exits (issue 14). Amounts and prices are
 * decimal strings.
 */
const decimal = z.string();
const botId = () => text(20);

export const botHistory = defineCall({
  name: 'Bottrade/History',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Closed deals of the member's bots (or one bot), newest first, with profit",
  request: z.object({ bot_id: optionalText(20), ...pagingFields }),
  response: pagedSchema(
    z.object({
      id: z.string(),
      bot_id: z.string(),
      bot_name: z.string(),
      symbol: z.string(),
      direction: z.enum(POSITION_SIDES),
      safety_filled: z.number(),
      size: decimal,
      cost: decimal,
      close_price: decimal,
      /** take_profit, stop_loss, or manual (closed by the member). */
      close_reason: z.string(),
      fees: decimal,
      pnl: decimal,
      opened_at: z.string(),
      closed_at: z.string(),
    }),
  ),
});

export const BOT_CHART_KINDS = [
  'base',
  'safety',
  'take_profit',
  'stop_loss',
  'manual_close',
  'manual_entry',
] as const;

export const botChart = defineCall({
  name: 'Bottrade/chartInfo',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Candles of the bot's market with the bot's entries and exits marked, and its open deal's levels",
  request: z.object({
    bot_id: botId(),
    timeframe: z.preprocess((v) => (v === undefined || v === '' ? '5m' : v), oneOf(CANDLE_TIMEFRAMES)),
    limit: formInt(10, 1000, 200),
  }),
  response: z.object({
    symbol: z.string(),
    timeframe: z.string(),
    /** [time (unix seconds), open, high, low, close, volume], oldest first. */
    candles: z.array(z.tuple([z.number(), decimal, decimal, decimal, decimal, decimal])),
    marks: z.array(
      z.object({
        at: z.number(),
        side: z.enum(['buy', 'sell']),
        kind: z.enum(BOT_CHART_KINDS),
        price: decimal,
      }),
    ),
    /** Price lines of the open deal ('' when not set). */
    levels: z.object({ average: decimal, take_profit: decimal, next_safety: decimal, stop_loss: decimal }),
  }),
});
