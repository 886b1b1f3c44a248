import { ASSETS, formatAmount, parseAmount } from '@mp/contract';
import type { GatewayOrder } from '../../adapters/exchange/gateway.ts';
import { parseDecimal, UNIT_DECIMALS, valueAt } from '../../adapters/exchange/paper-math.ts';
import type { Db } from '../../db/database.ts';
import type { BotDealsTable, BotsTable } from '../../db/schema-bots.ts';
import { Refusal } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { cachedSetting } from '../system/settings.ts';
import type { TradingAccounts } from '../trading/accounts.ts';
import type { MarketData, TickerRow } from '../trading/market-data.ts';
import { MARKET_BY_SYMBOL, type MarketDef, paperAccountName } from '../trading/markets.ts';
import { exchangeCancel, exchangeOrder } from '../trading/routes.ts';
import { type DcaAction, type DcaDeal, type DcaMarket, type DcaSettings, decide } from './dca.ts';
import type { Selectable } from 'kysely';

/**
 * The bot engine (issue 14): each tick, every running bot decides with `decide` (dca.ts) at the last price and at
 * most one action is sent through its account's gateway. The order's key is `bot:<id>:<actions>`: a decision that
 * was sent but not recorded (a crash, a timeout) is decided again at the next tick with the same key, and the
 * gateway answers with the first order, so an order is never sent twice for one decision. Recording is one
 * transaction guarded by the bot's action count. Refusals stop the bot with their message (state `error`);
 * an exchange that cannot be reached is noted on the bot and tried again at the next tick.
 */
export const BOT_SETTINGS_KEY = 'bots';
/** The operator's switch for all bots, and the bot subscription: `fee` USDT for `days` days ('0' or none: free). */
export type BotSwitch = { enabled: boolean; fee?: string; days?: number };
export const BOT_SUBSCRIPTION_DAYS = 30;

/** The subscription's fee in USDT minor units (0: bots are free). */
export function subscriptionFee(on: BotSwitch): bigint {
  const v = parseAmount(on.fee ?? '0', ASSETS.USDT.decimals);
  return v.ok ? v.value : 0n;
}

/** The member's bot subscription as the operator's settings make it: free (fee 0), active, or not. */
export async function botSubscription(db: Db, clock: Clock, memberId: string) {
  const on = await cachedSetting<BotSwitch>(db, BOT_SETTINGS_KEY, { enabled: true });
  const fee = subscriptionFee(on);
  const days = on.days ?? BOT_SUBSCRIPTION_DAYS;
  const row = await db
    .selectFrom('bot_subscriptions')
    .select('paid_until')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const paidUntil = row && row.paid_until.getTime() > 0 ? row.paid_until : undefined;
  return { fee, days, paidUntil, active: fee === 0n || (paidUntil !== undefined && paidUntil > clock.now()) };
}

type BotRow = Selectable<BotsTable>;
type DealRow = Selectable<BotDealsTable>;
export type BotWithDeal = BotRow & { deal?: DealRow; accountKind: 'paper' | 'exchange'; venue: string };

export type BotEngineDeps = { db: Db; clock: Clock; data: MarketData; trading: TradingAccounts };

/** How much worse than the decided price a bot's limit order may fill (0.5%). */
export const LIMIT_SLIPPAGE_BPS = 50n;

/** Bots decided at once in a tick (the database pool is the limit: a bot's order is one transaction). */
const TICK_LANES = 8;

const TRANSIENT = new Set(['exchange_unavailable', 'exchange_rate_limited', 'market_stale']);

const priceOf = (text: string, def: MarketDef) => {
  const v = parseDecimal(text, def.priceDecimals);
  return typeof v === 'bigint' ? v : 0n;
};
const unitsOf = (text: string) => {
  const v = parseDecimal(text || '0', UNIT_DECIMALS);
  return typeof v === 'bigint' ? v : 0n;
};

export function settingsOf(b: BotRow): DcaSettings {
  return {
    direction: b.direction,
    baseQuote: BigInt(b.base_quote),
    safetyQuote: BigInt(b.safety_quote),
    maxSafety: b.max_safety,
    deviationBps: b.deviation_bps,
    stepScale: b.step_scale,
    volumeScale: b.volume_scale,
    takeProfitBps: b.take_profit_bps,
    stopLossBps: b.stop_loss_bps,
  };
}

export function marketRules(def: MarketDef): DcaMarket {
  return {
    priceDecimals: def.priceDecimals,
    amountDecimals: def.amountDecimals,
    minAmount: unitsOf(def.minAmount),
  };
}

export function dealOf(d: DealRow, def: MarketDef): DcaDeal {
  return {
    basePrice: priceOf(d.base_price, def),
    size: BigInt(d.size),
    cost: BigInt(d.cost),
    safetyFilled: d.safety_filled,
  };
}

export async function loadBots(
  db: Db,
  where: { running?: boolean; botId?: string; memberId?: string; accountId?: string },
): Promise<BotWithDeal[]> {
  const rows = await db
    .selectFrom('bots as b')
    .innerJoin('trading_accounts as a', 'a.id', 'b.account_id')
    .selectAll('b')
    .select(['a.kind as accountKind', 'a.venue'])
    .$if(where.running === true, (q) => q.where('b.state', '=', 'running'))
    .$if(where.botId !== undefined, (q) => q.where('b.id', '=', where.botId!))
    .$if(where.memberId !== undefined, (q) => q.where('b.member_id', '=', where.memberId!))
    .$if(where.accountId !== undefined, (q) => q.where('b.account_id', '=', where.accountId!))
    .where('b.deleted_at', 'is', null)
    .orderBy('b.id')
    .execute();
  if (rows.length === 0) return [];
  const deals = await db
    .selectFrom('bot_deals')
    .selectAll()
    .where('state', '=', 'open')
    .where(
      'bot_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byBot = new Map(deals.map((d) => [d.bot_id, d]));
  return rows.map((r) => ({ ...r, deal: byBot.get(r.id) }));
}

export function createBotEngine(d: BotEngineDeps) {
  /** The key of the bot's next order: one per decision, and one more per limit order cancelled unfilled. */
  const keyOf = (bot: BotWithDeal) => `bot:${bot.id}:${bot.actions}${bot.attempts ? `:${bot.attempts}` : ''}`;

  async function accountOf(bot: BotWithDeal) {
    const name = bot.accountKind === 'paper' ? paperAccountName(bot.venue) : bot.account_id;
    return d.trading.resolve(bot.member_id, name);
  }

  async function gatewayOrder(
    bot: BotWithDeal,
    action: Exclude<DcaAction, { kind: 'too_small' }>,
    def: MarketDef,
    last: bigint,
  ) {
    const account = await accountOf(bot);
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
  async function cancelRest(bot: BotWithDeal, order: GatewayOrder): Promise<GatewayOrder> {
    const account = await accountOf(bot);
    if (account.kind === 'paper') return account.gateway.cancelOrder(order.id);
    const row = await d.db
      .selectFrom('trade_orders')
      .select(['id', 'state', 'exchange_order_id', 'symbol', 'amount'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    return exchangeCancel(d.db, account.gateway, row);
  }

  /** The limit order of this decision filled nothing: the next tick decides again, with the next key. */
  async function nextAttempt(bot: BotWithDeal) {
    await d.db
      .updateTable('bots')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: d.clock.now() }))
      .where('id', '=', bot.id)
      .where('actions', '=', bot.actions)
      .where('attempts', '=', bot.attempts)
      .execute();
  }

  async function markError(
    bot: BotWithDeal,
    key: string,
    values: Record<string, string | number>,
    stop: boolean,
  ) {
    await d.db
      .updateTable('bots')
      .set({
        ...(stop ? { state: 'error' as const } : {}),
        error: key,
        error_values: JSON.stringify(
          Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
        ),
        updated_at: d.clock.now(),
      })
      .where('id', '=', bot.id)
      .where('actions', '=', bot.actions)
      .execute();
  }

  /** Records a filled order of the bot: its deal opened, grown or closed, the bot's count and profit moved. */
  async function record(
    bot: BotWithDeal,
    action: Exclude<DcaAction, { kind: 'too_small' }>,
    order: GatewayOrder,
    def: MarketDef,
  ) {
    const filled = unitsOf(order.filled);
    const price = priceOf(order.avgPrice, def);
    const fee = unitsOf(order.fee);
    const value = valueAt(filled, price, def.priceDecimals, 'down');
    const now = d.clock.now();
    await d.db.transaction().execute(async (tx) => {
      const claimed = await tx
        .updateTable('bots')
        .set((eb) => ({
          actions: eb('actions', '+', 1),
          attempts: 0,
          error: '',
          error_values: '{}',
          updated_at: now,
        }))
        .where('id', '=', bot.id)
        .where('actions', '=', bot.actions)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return;
      let dealId = bot.deal?.id ?? null;
      if (action.kind === 'base') {
        const made = await tx
          .insertInto('bot_deals')
          .values({
            bot_id: bot.id,
            member_id: bot.member_id,
            symbol: bot.symbol,
            direction: bot.direction,
            state: 'open',
            base_price: order.avgPrice,
            size: filled.toString(),
            cost: value.toString(),
            fees: fee.toString(),
            opened_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        dealId = made.id;
      } else if (action.kind === 'safety' && bot.deal) {
        await tx
          .updateTable('bot_deals')
          .set((eb) => ({
            size: eb('size', '+', filled.toString()),
            cost: eb('cost', '+', value.toString()),
            fees: eb('fees', '+', fee.toString()),
            safety_filled: eb('safety_filled', '+', 1),
          }))
          .where('id', '=', bot.deal.id)
          .execute();
      } else if (
        bot.deal &&
        BigInt(bot.deal.size) - filled >= 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals)
      ) {
        // A close filled in part (at least one order step left): the part's gain (before fees) is realized, the
        // rest of the deal stays open (its cost in proportion) and the next tick decides on it again. Less than a
        // step left is dust no order can sell: the deal closes.
        const size = BigInt(bot.deal.size);
        const partCost = (BigInt(bot.deal.cost) * filled) / size;
        const part = bot.direction === 'long' ? value - partCost : partCost - value;
        await tx
          .updateTable('bot_deals')
          .set((eb) => ({
            size: eb('size', '-', filled.toString()),
            cost: eb('cost', '-', partCost.toString()),
            realized: eb('realized', '+', part.toString()),
            fees: eb('fees', '+', fee.toString()),
          }))
          .where('id', '=', bot.deal.id)
          .execute();
      } else if (bot.deal) {
        const cost = BigInt(bot.deal.cost);
        const fees = BigInt(bot.deal.fees) + fee;
        // What earlier partial closes realized, plus this close, less every fee of the deal.
        const realized = BigInt(bot.deal.realized);
        const pnl = realized + (bot.direction === 'long' ? value - cost : cost - value) - fees;
        await tx
          .updateTable('bot_deals')
          .set({
            state: 'closed',
            close_reason: action.manual ? 'manual' : action.kind,
            close_price: order.avgPrice,
            fees: fees.toString(),
            pnl: pnl.toString(),
            closed_at: now,
          })
          .where('id', '=', bot.deal.id)
          .execute();
        await tx
          .updateTable('bots')
          .set((eb) => ({
            deals_closed: eb('deals_closed', '+', 1),
            profit: eb('profit', '+', pnl.toString()),
          }))
          .where('id', '=', bot.id)
          .execute();
      }
      await tx
        .insertInto('bot_orders')
        .values({
          bot_id: bot.id,
          deal_id: dealId,
          action: bot.actions,
          kind: action.manual ? (action.kind === 'safety' ? 'manual_entry' : 'manual_close') : action.kind,
          trade_order_id: /^\d+$/.test(order.id) ? order.id : null,
          side: action.side,
          amount: filled.toString(),
          price: order.avgPrice || null,
          fee: fee.toString(),
          at: now,
        })
        .execute();
    });
  }

  /** One bot's decision at `ticker`, and its order when it decides one. True when it acted. */
  async function runBot(
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
      await markError(
        bot,
        'bot_order_too_small',
        { amount: formatAmount(action.quote, UNIT_DECIMALS), min: def.minCost },
        true,
      );
      return false;
    }
    let order: GatewayOrder;
    try {
      order = await gatewayOrder(bot, action, def, price);
      if (order.type === 'limit' && order.state === 'open') order = await cancelRest(bot, order);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      await markError(bot, err.key, err.params, !TRANSIENT.has(err.key));
      return false;
    }
    if (order.type === 'limit' && order.state === 'cancelled' && unitsOf(order.filled) === 0n) {
      await nextAttempt(bot);
      return false;
    }
    if (order.state === 'rejected' || unitsOf(order.filled) === 0n) {
      await markError(bot, 'bot_order_rejected', { reason: order.reason || order.state }, true);
      return false;
    }
    await record(bot, action, order, def);
    return true;
  }

  return {
    runBot,
    /** Every running bot, one decision each (the feed's step calls this after the resting orders). */
    async tick(): Promise<{ bots: number; acted: number }> {
      const on = await cachedSetting<BotSwitch>(d.db, BOT_SETTINGS_KEY, { enabled: true });
      if (!on.enabled) return { bots: 0, acted: 0 };
      const [all, tickers] = await Promise.all([loadBots(d.db, { running: true }), d.data.tickers()]);
      // While the operator charges for bots, a bot whose owner's subscription ended stops with that reason.
      let bots = all;
      if (subscriptionFee(on) > 0n && all.length > 0) {
        const paid = await d.db
          .selectFrom('bot_subscriptions')
          .select('member_id')
          .where('paid_until', '>', d.clock.now())
          .where('member_id', 'in', [...new Set(all.map((b) => b.member_id))])
          .execute();
        const active = new Set(paid.map((p) => p.member_id));
        bots = all.filter((b) => active.has(b.member_id));
        for (const b of all)
          if (!active.has(b.member_id)) await markError(b, 'bot_subscription_expired', {}, true);
      }
      const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
      let acted = 0;
      // Several bots at once (each bot's own actions stay one at a time: one decision per bot per tick).
      let next = 0;
      const lane = async () => {
        while (next < bots.length) {
          const bot = bots[next++]!;
          try {
            if (await runBot(bot, bySymbol.get(bot.symbol))) acted++;
          } catch {
            // An unexpected fault: the bot is tried again at the next tick with the same key.
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(TICK_LANES, bots.length) }, lane));
      return { bots: bots.length, acted };
    },
  };
}

export type BotEngine = ReturnType<typeof createBotEngine>;
