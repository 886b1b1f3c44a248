import { formatAmount } from '@mp/contract';
import type { GatewayOrder } from '../../adapters/exchange/gateway.ts';
import { UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { Refusal } from '../../lib/errors.ts';
import type { MarketData, MarketDef, TickerRow } from '../../adapters/exchange/markets.ts';
import {
  exchangeCancelById,
  exchangeOrder,
  MARKET_BY_SYMBOL,
  paperAccountName,
  type TradingAccounts,
} from '../trading/index.ts';
import { type DcaAction, decide } from './dca.ts';
import { countAttempt, noteError } from './deal-queries.ts';
import { type BotWithDeal, dealOf, marketRules, priceOf, settingsOf, unitsOf } from './model.ts';
import { loadBots, paidMembers } from './queries.ts';
import { recordFill } from './record.ts';
import { botSwitch, subscriptionFee } from './settings.ts';

/**
 * The bot engine (issue 14): each tick, every running bot decides with `decide` (dca.ts) at the last price and at
 * most one action is sent through its account's gateway. The order's key is `bot:<id>:<actions>`: a decision that
 * was sent but not recorded (a crash, a timeout) is decided again at the next tick with the same key, and the
 * gateway answers with the first order, so an order is never sent twice for one decision. Recording is one
 * transaction guarded by the bot's action count (record.ts). Refusals stop the bot with their message (state
 * `error`); an exchange that cannot be reached is noted on the bot and tried again at the next tick.
 */
export type BotEngineDeps = { db: Db; clock: Clock; data: MarketData; trading: TradingAccounts };

type Acted = Exclude<DcaAction, { kind: 'too_small' }>;

/** How much worse than the decided price a bot's limit order may fill (0.5%). */
export const LIMIT_SLIPPAGE_BPS = 50n;

/** Bots decided at once in a tick (the database pool is the limit: a bot's order is one transaction). */
const TICK_LANES = 8;

const TRANSIENT = new Set(['exchange_unavailable', 'exchange_rate_limited', 'market_stale']);

export function createBotEngine(d: BotEngineDeps) {
  return {
    runBot: (bot: BotWithDeal, ticker: TickerRow | undefined, force?: DcaAction) =>
      runBot(d, bot, ticker, force),
    /** Every running bot, one decision each (the feed's step calls this after the resting orders). */
    tick: () => tick(d),
  };
}

export type BotEngine = ReturnType<typeof createBotEngine>;

/** The key of the bot's next order: one per decision, and one more per limit order cancelled unfilled. */
const keyOf = (bot: BotWithDeal) => `bot:${bot.id}:${bot.actions}${bot.attempts ? `:${bot.attempts}` : ''}`;

function accountOf(d: BotEngineDeps, bot: BotWithDeal) {
  const name = bot.accountKind === 'paper' ? paperAccountName(bot.venue) : bot.account_id;
  return d.trading.resolve(bot.member_id, name);
}

async function gatewayOrder(d: BotEngineDeps, bot: BotWithDeal, action: Acted, def: MarketDef, last: bigint) {
  const account = await accountOf(d, bot);
  const step = 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals);
  const closing = action.kind === 'take_profit' || action.kind === 'stop_loss';
  // Limit entries: at most LIMIT_SLIPPAGE_BPS worse than the price decided on (a buy's cap, a sell's floor);
  // a close is always at market (a deal must be able to end).
  const limit = bot.order_type === 'limit' && !closing;
  const bps = action.side === 'buy' ? 10_000n + LIMIT_SLIPPAGE_BPS : 10_000n - LIMIT_SLIPPAGE_BPS;
  const request = {
    symbol: bot.symbol,
    side: action.side,
    type: limit ? ('limit' as const) : ('market' as const),
    ...(limit ? { price: formatAmount((last * bps) / 10_000n, def.priceDecimals, def.priceDecimals) } : {}),
    amount: formatAmount(action.amount / step, def.amountDecimals),
    market: bot.market,
    leverage: bot.leverage,
    reduceOnly: closing && bot.market === 'perp',
    idempotencyKey: keyOf(bot),
  };
  return account.kind === 'paper'
    ? account.gateway.createOrder(request)
    : exchangeOrder(d.db, account.id, bot.member_id, account.gateway, request);
}

/** A limit order still open after it was sent: cancelled; what it filled before stays filled. */
async function cancelRest(d: BotEngineDeps, bot: BotWithDeal, order: GatewayOrder): Promise<GatewayOrder> {
  const account = await accountOf(d, bot);
  if (account.kind === 'paper') return account.gateway.cancelOrder(order.id);
  return exchangeCancelById(d.db, account.gateway, order.id);
}

function markError(
  d: BotEngineDeps,
  bot: BotWithDeal,
  key: string,
  values: Record<string, string | number>,
  stop: boolean,
) {
  return noteError(d.db, bot, { key, values, stop }, d.clock.now());
}

/** One bot's decision at `ticker`, and its order when it decides one. True when it acted. */
async function runBot(
  d: BotEngineDeps,
  bot: BotWithDeal,
  ticker: TickerRow | undefined,
  force?: DcaAction,
): Promise<boolean> {
  const def = MARKET_BY_SYMBOL.get(bot.symbol);
  if (!def || !ticker || d.data.isStale(ticker)) return false;
  const price = priceOf(ticker.last, def);
  const action =
    force ?? decide(settingsOf(bot), bot.deal ? dealOf(bot.deal, def) : undefined, price, marketRules(def));
  if (!action) return false;
  if (action.kind === 'too_small') {
    const amount = formatAmount(action.quote, UNIT_DECIMALS);
    await markError(d, bot, 'bot_order_too_small', { amount, min: def.minCost }, true);
    return false;
  }
  let order: GatewayOrder;
  try {
    order = await gatewayOrder(d, bot, action, def, price);
    if (order.type === 'limit' && order.state === 'open') order = await cancelRest(d, bot, order);
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    await markError(d, bot, err.key, err.params, !TRANSIENT.has(err.key));
    return false;
  }
  if (order.type === 'limit' && order.state === 'cancelled' && unitsOf(order.filled) === 0n) {
    await countAttempt(d.db, bot, d.clock.now());
    return false;
  }
  if (order.state === 'rejected' || unitsOf(order.filled) === 0n) {
    await markError(d, bot, 'bot_order_rejected', { reason: order.reason || order.state }, true);
    return false;
  }
  await recordFill(d.db, d.clock.now(), bot, action, order, def);
  return true;
}

async function tick(d: BotEngineDeps): Promise<{ bots: number; acted: number }> {
  const on = await botSwitch(d.db);
  if (!on.enabled) return { bots: 0, acted: 0 };
  const [all, tickers] = await Promise.all([loadBots(d.db, { running: true }), d.data.tickers()]);
  // While the operator charges for bots, a bot whose owner's subscription ended stops with that reason.
  let bots = all;
  if (subscriptionFee(on) > 0n && all.length > 0) {
    const active = await paidMembers(d.db, [...new Set(all.map((b) => b.member_id))], d.clock.now());
    bots = all.filter((b) => active.has(b.member_id));
    for (const b of all)
      if (!active.has(b.member_id)) await markError(d, b, 'bot_subscription_expired', {}, true);
  }
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  let acted = 0;
  // Several bots at once (each bot's own actions stay one at a time: one decision per bot per tick).
  let next = 0;
  const lane = async () => {
    while (next < bots.length) {
      const bot = bots[next++]!;
      try {
        if (await runBot(d, bot, bySymbol.get(bot.symbol))) acted++;
      } catch {
        // An unexpected fault: the bot is tried again at the next tick with the same key.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TICK_LANES, bots.length) }, lane));
  return { bots: bots.length, acted };
}
