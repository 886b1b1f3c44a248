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
import { idempotencyKey } from './transfer.ts';
import { CANDLE_TIMEFRAMES, MARKET_KINDS, PERP, POSITION_SIDES } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';

/**
 * Calls of trading bots (issue 14): DCA bots on a member's trading account (the demo account or a connected
 * exchange). Amounts and prices are decimal strings; percentages are decimal strings with up to two decimals.
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

const oneBot = z.object({ bot_id: botId() });

export const botOnline = defineCall({
  name: 'Bottrade/Onlinetx',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Starts the bot: it decides at once (a new deal places its base order now) and then on every tick',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botOff = defineCall({
  name: 'Bottrade/market_trade_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Stops a spot bot; its open deal stays as it is until started again or closed',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botPerpOff = defineCall({
  name: 'Bottrade/market_Perp_trade_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Stops a perpetual bot; its position stays open until started again or closed',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botClose = defineCall({
  name: 'Bottrade/closepositionbyid',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Closes the bot's open deal at market now (the bot stops)",
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botCloseAll = defineCall({
  name: 'Bottrade/closeposition',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Closes every open deal of the member's bots at market now (they stop)",
  request: empty,
  response: z.object({ closed: z.number() }),
});

export const botAddEntry = defineCall({
  name: 'Bottrade/addentry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Adds the next safety order to the bot's open deal now, at market",
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

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

export const botBalance = defineCall({
  name: 'Member/Botbalance',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "An account's quote balance beside what its running bots may spend",
  request: z.object({ account: text(40) }),
  response: z.object({
    account: z.string(),
    quote: z.string(),
    free: decimal,
    used: decimal,
    /** The sum of the running bots' deal budgets (less what their open deals spent). */
    committed: decimal,
    available: decimal,
  }),
});

/** The bot subscription: the operator's fee for `days` of running bots ('0': bots are free), and the member's. */
const subscriptionSchema = z.object({
  fee: decimal,
  days: z.number(),
  /** '' when the member never subscribed. */
  paid_until: z.string(),
  active: z.boolean(),
});

export const botSteps = defineCall({
  name: 'Member/CheckStep',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'What the member must still do before a bot can run: identity, a trading account, funds',
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    /** `subscription` is a step only while the operator charges for bots. */
    steps: z.array(z.object({ key: z.enum(['kyc', 'account', 'funds', 'subscription']), done: z.boolean() })),
    ready: z.boolean(),
    subscription: subscriptionSchema,
  }),
});

export const adminBots = defineCall({
  name: 'Admin/bots',
  method: 'POST',
  auth: 'admin',
  tag: 'bots',
  summary: 'Running bots and bots in error, by exchange; the switch for all bots, or stop one member’s bots',
  request: z.object({
    save: formBool(),
    enabled: formBool().optional(),
    stop_member: optionalText(40),
    /** USDT per period for running bots; '0' makes bots free. */
    fee: optionalText(20),
    days: formInt(1, 366).optional(),
  }),
  response: z.object({
    enabled: z.boolean(),
    fee: decimal,
    days: z.number(),
    running: z.number(),
    errors: z.array(z.object({ venue: z.string(), error: z.string(), bots: z.number() })),
    list: z.array(
      z.object({
        id: z.string(),
        userid: z.string(),
        symbol: z.string(),
        market: z.enum(MARKET_KINDS),
        venue: z.string(),
        state: z.enum(BOT_STATES),
        error: z.string(),
        profit: decimal,
      }),
    ),
  }),
});

export const botCheckApi = defineCall({
  name: 'Member/checkapi',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Checks that a connected exchange account's stored API key still works (a balance read on the exchange) and what its bots can spend",
  request: z.object({ account: text(40) }),
  response: z.object({
    account: z.string(),
    venue: z.string(),
    valid: z.boolean(),
    /** Why the key does not work (a message in the member's language), '' when it does. */
    message: z.string(),
    quote: z.string(),
    free: decimal,
  }),
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

export const botReverse = defineCall({
  name: 'Bottrade/reventry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'Reverses a perpetual bot: its open deal closes at market, its direction turns (long to short or back), and a running bot opens the new deal now',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const BOT_MANUAL_ACTIONS = ['close', 'entry', 'reverse'] as const;

export const botConfirm = defineCall({
  name: 'Bottrade/confirmpost',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "What a manual action on a bot's deal would do at the last price (closing, adding a safety order, reversing): shown for the member to confirm before it is sent",
  request: z.object({ bot_id: botId(), action: oneOf(BOT_MANUAL_ACTIONS) }),
  response: z.object({
    action: z.enum(BOT_MANUAL_ACTIONS),
    side: z.enum(['buy', 'sell']),
    amount: decimal,
    price: decimal,
    /** The order's value at that price, in the quote currency. */
    value: decimal,
    /** Profit of the deal if it closed at that price (after fees so far), '' for an entry. */
    pnl: decimal,
    /** The deal's average entry after an added safety order, '' otherwise. */
    average_after: decimal,
  }),
});

const secondAccount = z.object({ bot_id: optionalText(20) });

export const secondCloseAll = defineCall({
  name: 'SecondBottrade/closeposition',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Closes at market the open deals of the member's bots on their second exchange account (one bot with bot_id, else all of them)",
  request: secondAccount,
  response: z.object({ closed: z.number(), account: z.string() }),
});

export const secondAddEntry = defineCall({
  name: 'SecondBottrade/addentry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Adds the next safety order now to a bot's deal on the member's second exchange account",
  request: z.object({ bot_id: botId() }),
  response: z.object({ bot: botSchema, account: z.string() }),
});

export const botAio = defineCall({
  name: 'Bottrade/checkaio',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'The all-in-one mode: one budget over every running bot of a trading account (several pairs under one budget); reads it, or sets it with save',
  request: z.object({
    account: text(40),
    save: formBool(),
    /** USDT; with save, the budget the running bots' deals may take together. */
    budget: optionalText(20),
  }),
  response: z.object({
    account: z.string(),
    enabled: z.boolean(),
    budget: decimal,
    /** What the running bots' deals may take together (their settings' budgets). */
    committed: decimal,
    /** What is left of the budget for bots started next. */
    left: decimal,
    bots: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        state: z.enum(BOT_STATES),
        budget: decimal,
      }),
    ),
  }),
});

export const botAioOff = defineCall({
  name: 'Bottrade/market_aio_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'Turns the all-in-one mode of a trading account off: every running bot on it stops (open deals stay as they are) and the budget is removed',
  request: z.object({ account: text(40) }),
  response: z.object({ stopped: z.number() }),
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

export const botSubscribe = defineCall({
  name: 'Bottrade/subscribe',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Pays the bot subscription from the trading wallet (USDT) for the operator's period, from now or from the end of the running one",
  request: z.object({ tx_password: secret(), idempotency_key: idempotencyKey() }),
  response: z.object({ fee: decimal, paid_until: z.string(), balance_after: decimal }),
});
