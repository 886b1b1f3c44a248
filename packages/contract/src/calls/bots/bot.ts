import { z } from 'zod';
import { defineCall, empty, formInt, oneOf, optionalText, text } from '../../call.ts';
import { MARKET_KINDS, PERP, POSITION_SIDES } from '../../constants.ts';

/**
 * A trading bot and its settings (issue 14). Amounts and prices are decimal strings; percentages are decimal
 * strings with up to two decimals.
 */
const decimal = z.string();
const botId = () => text(20);

export const BOT_STATES = ['stopped', 'running', 'error'] as const;

export const botSchema = z.object({
  id: z.string(),
  name: z.string(),
  account: z.string(),
  symbol: z.string(),
  market: z.enum(MARKET_KINDS),
  direction: z.enum(POSITION_SIDES),
  leverage: z.number(),
  /** How entries are sent: at market, or as limit orders at most 0.5% worse than the price decided on. */
  order_type: z.enum(['market', 'limit']),
  base_order: decimal,
  safety_order: decimal,
  max_safety: z.number(),
  deviation_percent: decimal,
  step_scale: decimal,
  volume_scale: decimal,
  take_profit_percent: decimal,
  stop_loss_percent: decimal,
  /** The most one deal can spend: the base order and every safety order. */
  budget: decimal,
  state: z.enum(BOT_STATES),
  /** Why the bot stopped on its own (a message in the member's language), '' otherwise. */
  error: z.string(),
  deals_closed: z.number(),
  profit: decimal,
  quote: z.string(),
  /** The open deal, if any. */
  deal: z
    .object({
      id: z.string(),
      size: decimal,
      cost: decimal,
      average_price: decimal,
      safety_filled: z.number(),
      take_profit_price: decimal,
      /** '' when every safety order is filled. */
      next_safety_price: decimal,
      /** '' without a stop loss. */
      stop_loss_price: decimal,
      last_price: decimal,
      unrealized_pnl: decimal,
      opened_at: z.string(),
    })
    .nullable(),
  updated_at: z.string(),
});

const settings = {
  name: optionalText(40),
  account: text(40),
  symbol: text(30),
  market: oneOf(MARKET_KINDS),
  direction: oneOf(POSITION_SIDES),
  leverage: formInt(1, PERP.maxLeverage, 1),
  base_order: text(20),
  safety_order: text(20),
  max_safety: formInt(0, 50),
  deviation_percent: text(10),
  step_scale: text(10),
  volume_scale: text(10),
  take_profit_percent: text(10),
  stop_loss_percent: optionalText(10),
};

export const botSave = defineCall({
  name: 'Bottrade/botsave',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'Creates a DCA bot, or changes a stopped one: market, direction, order sizes, safety orders, take profit and stop loss',
  request: z.object({ id: z.preprocess((v) => (v === '' ? undefined : v), botId().optional()), ...settings }),
  response: z.object({ bot: botSchema }),
});

export const listBots = defineCall({
  name: 'Member/listbots',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "The member's bots with their state, open deal and profit",
  request: empty,
  response: z.object({ list: z.array(botSchema) }),
});

export const botOrderSchema = z.object({
  kind: z.enum(['base', 'safety', 'take_profit', 'stop_loss', 'manual_close', 'manual_entry']),
  side: z.enum(['buy', 'sell']),
  amount: decimal,
  price: decimal,
  fee: decimal,
  at: z.string(),
});

export const checkBot = defineCall({
  name: 'Member/checkbot',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "One bot: its settings, the open deal's prices and the orders of its recent deals",
  request: z.object({ bot_id: botId() }),
  response: z.object({ bot: botSchema, orders: z.array(botOrderSchema.extend({ deal_id: z.string() })) }),
});

export const botOrderType = defineCall({
  name: 'Bottrade/market_ordertype',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'How the bot sends its entries (first and safety orders): at market, or as limit orders at most 0.5% worse than the price decided on (one not filled at once is cancelled and tried again at the next tick); closes are always at market',
  request: z.object({ bot_id: botId(), order_type: oneOf(['market', 'limit'] as const) }),
  response: z.object({ bot: botSchema }),
});
