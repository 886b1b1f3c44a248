import {
  ASSETS,
  adminBots,
  botAddEntry,
  botAio,
  botAioOff,
  botBalance,
  botChart,
  botCheckApi,
  botConfirm,
  botReverse,
  botClose,
  botCloseAll,
  botHistory,
  botOff,
  botOnline,
  botOrderType,
  botPerpOff,
  botSave,
  botSteps,
  botSubscribe,
  checkBot,
  DEMO_ACCOUNT,
  formatAmount,
  type Language,
  listBots,
  parseAmount,
  secondAddEntry,
  secondCloseAll,
  translate,
} from '@mp/contract';
import { formatUnits, parseDecimal, UNIT_DECIMALS, valueAt } from '../../adapters/exchange/paper-math.ts';
import type { Db } from '../../db/database.ts';
import { type Ledger, memberAccount, platformAccount } from '../../ledger/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TxPasswordGuard } from '../security/tx-password.ts';
import { refuseShortfall } from '../wallet/shortfall.ts';
import { money } from '../../lib/amount.ts';
import { type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, numericId, Refusal } from '../../http/errors.ts';
import { audit } from '../admin/audit.ts';
import { cachedSetting, getSetting, putSetting } from '../system/settings.ts';
import { QUOTE, type TradingAccounts } from '../trading/accounts.ts';
import type { MarketData, TickerRow } from '../trading/market-data.ts';
import { MARKET_BY_SYMBOL, paperAccountName } from '../trading/markets.ts';
import {
  averageEntry,
  type DcaAction,
  dealBudget,
  safetyPrice,
  safetyQuote,
  amountFor,
  stopLossPrice,
  takeProfitPrice,
} from './dca.ts';
import {
  BOT_SETTINGS_KEY,
  BOT_SUBSCRIPTION_DAYS,
  botSubscription,
  type BotEngine,
  type BotSwitch,
  type BotWithDeal,
  dealOf,
  loadBots,
  marketRules,
  settingsOf,
} from './engine.ts';

export type BotDeps = {
  db: Db;
  clock: Clock;
  data: MarketData;
  trading: TradingAccounts;
  engine: BotEngine;
  ledger: Ledger;
  txPassword: TxPasswordGuard;
};

const percentText = (bps: number) => formatAmount(BigInt(bps), 2);
const scaleText = (thousandths: number) => formatAmount(BigInt(thousandths), 3);

/** A percent with at most two decimals within [min, max], as basis points. */
function percentBps(text: string | undefined, field: string, min: number, max: number): number {
  const v = parseAmount(text ?? '0', 2);
  const bps = v.ok ? Number(v.value) : Number.NaN;
  if (!v.ok || bps < min * 100 || bps > max * 100)
    throw fieldRefusal(422, field, 'bot_percent_invalid', { min, max });
  return bps;
}
function scaleOf(text: string, field: string): number {
  const v = parseAmount(text, 2);
  const t = v.ok ? Number(v.value) * 10 : Number.NaN;
  if (!v.ok || t < 100 || t > 5000)
    throw fieldRefusal(422, field, 'bot_percent_invalid', { min: 0.1, max: 5 });
  return t;
}
function quoteOf(text: string, field: string): bigint {
  const v = parseDecimal(text, 2);
  if (typeof v !== 'bigint' || v <= 0n) throw fieldRefusal(422, field, 'field_invalid');
  return v * 10n ** BigInt(UNIT_DECIMALS - 2);
}

export function botView(b: BotWithDeal, ticker: TickerRow | undefined, lang: Language) {
  const def = MARKET_BY_SYMBOL.get(b.symbol);
  const s = settingsOf(b);
  let deal = null;
  if (b.deal && def) {
    const dd = dealOf(b.deal, def);
    const rules = marketRules(def);
    const last = ticker ? (parseDecimal(ticker.last, def.priceDecimals) as bigint) : dd.basePrice;
    const value = valueAt(dd.size, last, def.priceDecimals, 'down');
    const fmt = (p: bigint) => formatAmount(p, def.priceDecimals, def.priceDecimals);
    const sl = stopLossPrice(s, dd);
    deal = {
      id: b.deal.id,
      size: formatUnits(dd.size),
      cost: formatUnits(dd.cost),
      average_price: fmt(averageEntry(dd, rules)),
      safety_filled: dd.safetyFilled,
      take_profit_price: fmt(takeProfitPrice(s, dd, rules)),
      next_safety_price: dd.safetyFilled < s.maxSafety ? fmt(safetyPrice(s, dd, dd.safetyFilled + 1)) : '',
      stop_loss_price: sl === undefined ? '' : fmt(sl),
      last_price: fmt(last),
      unrealized_pnl: formatUnits(
        (b.direction === 'long' ? value - dd.cost : dd.cost - value) - BigInt(b.deal.fees),
      ),
      opened_at: b.deal.opened_at.toISOString(),
    };
  }
  return {
    id: b.id,
    name: b.name || `${b.symbol} DCA`,
    account: b.accountKind === 'paper' ? paperAccountName(b.venue) : b.account_id,
    symbol: b.symbol,
    market: b.market,
    direction: b.direction,
    leverage: b.leverage,
    order_type: b.order_type,
    base_order: formatUnits(b.base_quote),
    safety_order: formatUnits(b.safety_quote),
    max_safety: b.max_safety,
    deviation_percent: percentText(b.deviation_bps),
    step_scale: scaleText(b.step_scale),
    volume_scale: scaleText(b.volume_scale),
    take_profit_percent: percentText(b.take_profit_bps),
    stop_loss_percent: percentText(b.stop_loss_bps),
    budget: formatUnits(dealBudget(s)),
    state: b.state,
    error: b.error ? translate(b.error, lang, b.error_values ?? {}) : '',
    deals_closed: b.deals_closed,
    profit: formatUnits(b.profit),
    quote: QUOTE,
    deal,
    updated_at: b.updated_at.toISOString(),
  };
}

/** The bot calls (issue 14). */
export function botRoutes(d: BotDeps): CallRoute[] {
  const { db } = d;

  async function ownBot(memberId: string, id: string): Promise<BotWithDeal> {
    const botId = numericId(id, fieldRefusal(404, 'bot_id', 'bot_unknown'));
    const [bot] = await loadBots(db, { botId });
    if (!bot || bot.member_id !== memberId) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
    return bot;
  }
  async function view(memberId: string, id: string, lang: Language) {
    const bot = await ownBot(memberId, id);
    return botView(bot, await d.data.ticker(bot.symbol), lang);
  }
  async function enabled() {
    const on = await cachedSetting<BotSwitch>(db, BOT_SETTINGS_KEY, { enabled: true });
    if (!on.enabled) throw new Refusal(409, 'bots_disabled');
  }
  /** Sends one action for the bot now (the engine's path: its key, its recording); refusals stop the bot. */
  async function actNow(bot: BotWithDeal, action: DcaAction) {
    const acted = await d.engine.runBot(bot, await d.data.ticker(bot.symbol), action);
    if (acted) return;
    const [after] = await loadBots(db, { botId: bot.id });
    if (after?.error && after.actions === bot.actions)
      throw new Refusal(422, after.error as 'bot_order_rejected', after.error_values);
    throw new Refusal(409, 'market_stale');
  }
  /** The last price of the bot's market, in its price units (0 when there is none yet). */
  async function lastPrice(bot: BotWithDeal): Promise<bigint> {
    const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
    const ticker = await d.data.ticker(bot.symbol);
    const v = ticker ? parseDecimal(ticker.last, def.priceDecimals) : 0n;
    return typeof v === 'bigint' ? v : 0n;
  }
  /** The next safety order of the bot's open deal, sent now at market. */
  async function addEntryNow(bot: BotWithDeal) {
    const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
    if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
    const next = bot.deal.safety_filled + 1;
    if (next > bot.max_safety) throw fieldRefusal(409, 'bot_id', 'bot_safety_done', { max: bot.max_safety });
    const amount = amountFor(safetyQuote(settingsOf(bot), next), await lastPrice(bot), marketRules(def));
    await actNow(bot, {
      kind: 'safety',
      side: bot.direction === 'long' ? 'buy' : 'sell',
      amount,
      level: next,
      manual: true,
    });
  }
  /** Stops the bot and closes its open deal at market now. */
  async function closeDealNow(bot: BotWithDeal) {
    if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
    await db.updateTable('bots').set({ state: 'stopped' }).where('id', '=', bot.id).execute();
    await actNow(
      { ...bot, state: 'stopped' },
      {
        kind: 'stop_loss',
        side: bot.direction === 'long' ? 'sell' : 'buy',
        amount: BigInt(bot.deal.size),
        level: bot.deal.safety_filled,
        manual: true,
      },
    );
  }
  /** The all-in-one budget of a trading account and what its running bots' deals may take (their budgets). */
  async function aioOf(accountId: string, conn: Db = db, lock = false) {
    const row = await conn
      .selectFrom('trading_accounts')
      .select('bot_budget')
      .where('id', '=', accountId)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const bots = await loadBots(conn, { accountId });
    const committed = bots
      .filter((b) => b.state === 'running')
      .reduce((sum, b) => sum + dealBudget(settingsOf(b)), 0n);
    return { budget: row.bot_budget === null ? null : BigInt(row.bot_budget), committed, bots };
  }
  /** The member's second connected exchange account (in the order they connected them). */
  async function secondAccount(memberId: string) {
    const rows = await db
      .selectFrom('trading_accounts')
      .select(['id', 'venue', 'label'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'exchange')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(2)
      .execute();
    const second = rows[1];
    if (!second) throw new Refusal(409, 'bot_no_second_account');
    return second;
  }

  return [
    handle(botSave, async (input, ctx) => {
      const def = MARKET_BY_SYMBOL.get(input.symbol);
      if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol: input.symbol });
      if (input.market === 'spot' && input.direction !== 'long')
        throw fieldRefusal(422, 'direction', 'bot_spot_long');
      const account = await d.trading.resolve(ctx.member.id, input.account);
      const values = {
        name: input.name ?? '',
        account_id: account.id,
        symbol: def.symbol,
        market: input.market,
        direction: input.direction,
        leverage: input.market === 'perp' ? input.leverage : 1,
        base_quote: quoteOf(input.base_order, 'base_order').toString(),
        safety_quote: input.max_safety > 0 ? quoteOf(input.safety_order, 'safety_order').toString() : '0',
        max_safety: input.max_safety,
        deviation_bps: percentBps(input.deviation_percent, 'deviation_percent', 0.1, 50),
        step_scale: scaleOf(input.step_scale, 'step_scale'),
        volume_scale: scaleOf(input.volume_scale, 'volume_scale'),
        take_profit_bps: percentBps(input.take_profit_percent, 'take_profit_percent', 0.1, 100),
        stop_loss_bps:
          input.stop_loss_percent && input.stop_loss_percent !== '0'
            ? percentBps(input.stop_loss_percent, 'stop_loss_percent', 0.5, 90)
            : 0,
        updated_at: new Date(),
      };
      const minCost = parseDecimal(def.minCost, UNIT_DECIMALS) as bigint;
      if (BigInt(values.base_quote) < minCost)
        throw fieldRefusal(422, 'base_order', 'bot_order_too_small', {
          amount: input.base_order,
          min: def.minCost,
        });
      let id = input.id;
      if (id) {
        const bot = await ownBot(ctx.member.id, id);
        if (bot.state === 'running') throw fieldRefusal(409, 'id', 'bot_running');
        if (
          bot.deal &&
          (bot.symbol !== values.symbol || bot.direction !== values.direction || bot.market !== values.market)
        )
          throw fieldRefusal(409, 'symbol', 'bot_deal_open');
        await db.updateTable('bots').set(values).where('id', '=', bot.id).execute();
      } else {
        id = (
          await db
            .insertInto('bots')
            .values({ ...values, member_id: ctx.member.id })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      return reply({ bot: await view(ctx.member.id, id, ctx.lang) }, 'bot_saved');
    }),

    handle(listBots, async (_input, ctx) => {
      const [rows, tickers] = await Promise.all([
        db
          .selectFrom('bots')
          .select('id')
          .where('member_id', '=', ctx.member.id)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(100)
          .execute(),
        d.data.tickers(),
      ]);
      const ids = new Set(rows.map((r) => r.id));
      const bots = ids.size
        ? (await loadBotsOf(db, ctx.member.id)).filter((b) => ids.has(b.id)).reverse()
        : [];
      return {
        list: bots.map((b) =>
          botView(
            b,
            tickers.find((t) => t.symbol === b.symbol),
            ctx.lang,
          ),
        ),
      };
    }),

    handle(checkBot, async (input, ctx) => {
      const bot = await ownBot(ctx.member.id, input.bot_id);
      const deals = await db
        .selectFrom('bot_deals')
        .select('id')
        .where('bot_id', '=', bot.id)
        .orderBy('id', 'desc')
        .limit(5)
        .execute();
      const orders = deals.length
        ? await db
            .selectFrom('bot_orders')
            .selectAll()
            .where(
              'deal_id',
              'in',
              deals.map((x) => x.id),
            )
            .orderBy('id', 'desc')
            .execute()
        : [];
      return {
        bot: botView(bot, await d.data.ticker(bot.symbol), ctx.lang),
        orders: orders.map((o) => ({
          deal_id: o.deal_id ?? '',
          kind: o.kind as 'base',
          side: o.side,
          amount: formatUnits(o.amount),
          price: o.price ?? '',
          fee: formatUnits(o.fee),
          at: o.at.toISOString(),
        })),
      };
    }),

    handle(botOnline, async (input, ctx) => {
      await enabled();
      const bot = await ownBot(ctx.member.id, input.bot_id);
      const sub = await botSubscription(db, d.clock, ctx.member.id);
      if (sub.fee > 0n && !sub.active)
        throw new Refusal(409, 'bot_subscription_needed', { fee: money(sub.fee, 'USDT'), days: sub.days });
      // The account's all-in-one budget bounds what its running bots may take together: starts on one account
      // take its row's lock, so two at once cannot both fit in what is left.
      await db.transaction().execute(async (tx) => {
        const aio = await aioOf(bot.account_id, tx, true);
        const fresh = aio.bots.find((b) => b.id === bot.id);
        if (aio.budget !== null && fresh?.state !== 'running') {
          const needed = dealBudget(settingsOf(bot));
          if (aio.committed + needed > aio.budget)
            throw fieldRefusal(409, 'bot_id', 'bot_aio_budget', {
              budget: formatUnits(aio.budget),
              committed: formatUnits(aio.committed),
              needed: formatUnits(needed),
            });
        }
        await tx
          .updateTable('bots')
          .set({ state: 'running', error: '', error_values: '{}', updated_at: new Date() })
          .where('id', '=', bot.id)
          .execute();
      });
      const [running] = await loadBots(db, { botId: bot.id });
      await d.engine.runBot(running!, await d.data.ticker(bot.symbol));
      return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_started');
    }),

    ...(
      [
        [botOff, 'spot'],
        [botPerpOff, 'perp'],
      ] as const
    ).map(([call, market]) =>
      handle(call, async (input, ctx) => {
        const bot = await ownBot(ctx.member.id, input.bot_id);
        if (bot.market !== market)
          throw fieldRefusal(409, 'bot_id', market === 'perp' ? 'bot_not_perp' : 'bot_not_spot');
        await db
          .updateTable('bots')
          .set({ state: 'stopped', updated_at: new Date() })
          .where('id', '=', bot.id)
          .execute();
        return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_stopped');
      }),
    ),

    handle(botClose, async (input, ctx) => {
      const bot = await ownBot(ctx.member.id, input.bot_id);
      await closeDealNow(bot);
      return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_deal_closed');
    }),

    handle(botCloseAll, async (_input, ctx) => {
      const bots = (await loadBotsOf(db, ctx.member.id)).filter((b) => b.deal);
      let closed = 0;
      for (const bot of bots) {
        await db.updateTable('bots').set({ state: 'stopped' }).where('id', '=', bot.id).execute();
        try {
          await actNow(bot, {
            kind: 'stop_loss',
            side: bot.direction === 'long' ? 'sell' : 'buy',
            amount: BigInt(bot.deal!.size),
            level: bot.deal!.safety_filled,
            manual: true,
          });
          closed++;
        } catch {
          // Said on the bot; the others still close.
        }
      }
      return reply({ closed }, 'bot_deal_closed');
    }),

    handle(botAddEntry, async (input, ctx) => {
      await enabled();
      const bot = await ownBot(ctx.member.id, input.bot_id);
      await addEntryNow(bot);
      return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_entry_added');
    }),

    handle(botHistory, async (input, ctx) => {
      const base = db
        .selectFrom('bot_deals as d')
        .innerJoin('bots as b', 'b.id', 'd.bot_id')
        .where('d.member_id', '=', ctx.member.id)
        .where('d.state', '=', 'closed')
        .$if(input.bot_id !== undefined, (q) =>
          q.where('d.bot_id', '=', numericId(input.bot_id!, fieldRefusal(404, 'bot_id', 'bot_unknown'))),
        );
      const [rows, count] = await Promise.all([
        base
          .selectAll('d')
          .select(['b.name as bot_name'])
          .orderBy('d.id', 'desc')
          .limit(input.pagesize)
          .offset((input.page - 1) * input.pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          bot_id: r.bot_id,
          bot_name: r.bot_name || `${r.symbol} DCA`,
          symbol: r.symbol,
          direction: r.direction,
          safety_filled: r.safety_filled,
          size: formatUnits(r.size),
          cost: formatUnits(r.cost),
          close_price: r.close_price ?? '',
          close_reason: r.close_reason ?? '',
          fees: formatUnits(r.fees),
          pnl: formatUnits(r.pnl ?? '0'),
          opened_at: r.opened_at.toISOString(),
          closed_at: r.closed_at?.toISOString() ?? '',
        })),
        page: input.page,
        pagesize: input.pagesize,
        total: Number(count.n),
      };
    }),

    handle(botBalance, async (input, ctx) => {
      const account = await d.trading.resolve(ctx.member.id, input.account);
      const balances = await account.gateway.balance();
      const quote = balances.find((b) => b.asset === QUOTE) ?? { free: '0', used: '0' };
      const running = (await loadBotsOf(db, ctx.member.id)).filter(
        (b) => b.account_id === account.id && b.state === 'running',
      );
      let committed = 0n;
      for (const b of running) {
        const left = dealBudget(settingsOf(b)) - BigInt(b.deal?.cost ?? '0');
        if (left > 0n) committed += left;
      }
      const free = parseDecimal(quote.free || '0', UNIT_DECIMALS);
      const freeUnits = typeof free === 'bigint' ? free : 0n;
      return {
        account: input.account,
        quote: QUOTE,
        free: quote.free,
        used: quote.used,
        committed: formatUnits(committed),
        available: formatUnits(freeUnits > committed ? freeUnits - committed : 0n),
      };
    }),

    handle(botSteps, async (input, ctx) => {
      const member = await db
        .selectFrom('members')
        .select('kyc_state')
        .where('id', '=', ctx.member.id)
        .executeTakeFirstOrThrow();
      const name = input.account ?? DEMO_ACCOUNT;
      let hasAccount = true;
      let funds = false;
      try {
        const account = await d.trading.resolve(ctx.member.id, name);
        const quote = (await account.gateway.balance()).find((b) => b.asset === QUOTE);
        funds = Number(quote?.free ?? 0) > 0;
      } catch {
        hasAccount = false;
      }
      const sub = await botSubscription(db, d.clock, ctx.member.id);
      const steps: { key: 'kyc' | 'account' | 'funds' | 'subscription'; done: boolean }[] = [
        { key: 'kyc', done: member.kyc_state === 'approved' || name.startsWith('demo') },
        { key: 'account', done: hasAccount },
        { key: 'funds', done: funds },
      ];
      if (sub.fee > 0n) steps.push({ key: 'subscription', done: sub.active });
      return { steps, ready: steps.every((s) => s.done), subscription: subscriptionView(sub) };
    }),

    handle(adminBots, async (input, ctx) => {
      let on = await getSetting<BotSwitch>(db, BOT_SETTINGS_KEY, { enabled: true });
      if (input.save) {
        await db.transaction().execute(async (tx) => {
          if (input.enabled !== undefined || input.fee !== undefined || input.days !== undefined) {
            on = {
              ...on,
              ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
              ...(input.fee !== undefined ? { fee: feeText(input.fee) } : {}),
              ...(input.days !== undefined ? { days: input.days } : {}),
            };
            await putSetting(tx, BOT_SETTINGS_KEY, on);
            await audit(tx, ctx.member.id, 'bots.switch', 'bots', on);
          }
          if (input.stop_member) {
            const m = await tx
              .selectFrom('members')
              .select('id')
              .where('userid', '=', input.stop_member)
              .executeTakeFirst();
            if (!m) throw fieldRefusal(404, 'stop_member', 'member_not_found');
            await tx
              .updateTable('bots')
              .set({ state: 'stopped', updated_at: new Date() })
              .where('member_id', '=', m.id)
              .where('state', '=', 'running')
              .execute();
            await audit(tx, ctx.member.id, 'bots.stop_member', input.stop_member, {});
          }
        });
      }
      const rows = await db
        .selectFrom('bots as b')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .innerJoin('trading_accounts as a', 'a.id', 'b.account_id')
        .select([
          'b.id',
          'm.userid',
          'b.symbol',
          'b.market',
          'a.venue',
          'b.state',
          'b.error',
          'b.error_values',
          'b.profit',
        ])
        .where('b.state', '!=', 'stopped')
        .where('b.deleted_at', 'is', null)
        .orderBy('b.id', 'desc')
        .limit(200)
        .execute();
      const errors = new Map<string, { venue: string; error: string; bots: number }>();
      for (const r of rows.filter((x) => x.error)) {
        const k = `${r.venue}:${r.error}`;
        const e = errors.get(k) ?? {
          venue: r.venue,
          error: translate(r.error, ctx.lang, r.error_values),
          bots: 0,
        };
        e.bots++;
        errors.set(k, e);
      }
      return reply(
        {
          enabled: on.enabled,
          fee: on.fee ?? '0',
          days: on.days ?? BOT_SUBSCRIPTION_DAYS,
          running: rows.filter((r) => r.state === 'running').length,
          errors: [...errors.values()],
          list: rows.map((r) => ({
            id: r.id,
            userid: r.userid,
            symbol: r.symbol,
            market: r.market,
            venue: r.venue,
            state: r.state,
            error: r.error ? translate(r.error, ctx.lang, r.error_values) : '',
            profit: formatUnits(r.profit),
          })),
        },
        input.save ? 'bots_switched' : 'ok',
      );
    }),

    handle(botCheckApi, async (input, ctx) => {
      const account = await d.trading.resolve(ctx.member.id, input.account);
      let free = '0';
      let message = '';
      try {
        const quote = (await account.gateway.balance()).find((b) => b.asset === QUOTE);
        free = quote?.free ?? '0';
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        message = translate(err.key, ctx.lang, err.params);
      }
      return {
        account: input.account,
        venue: account.kind === 'paper' ? 'paper' : account.venue,
        valid: message === '',
        message,
        quote: QUOTE,
        free,
      };
    }),

    handle(botChart, async (input, ctx) => {
      const bot = await ownBot(ctx.member.id, input.bot_id);
      const [rows, ticker] = await Promise.all([
        d.data.candles(bot.symbol, input.timeframe, input.limit),
        d.data.ticker(bot.symbol),
      ]);
      const from = rows[0]?.t ?? 0;
      const orders = await db
        .selectFrom('bot_orders')
        .select(['kind', 'side', 'price', 'at'])
        .where('bot_id', '=', bot.id)
        .where('at', '>=', new Date(from * 1000))
        .where('price', 'is not', null)
        .orderBy('id')
        .limit(500)
        .execute();
      const deal = botView(bot, ticker, ctx.lang).deal;
      return {
        symbol: bot.symbol,
        timeframe: input.timeframe,
        candles: rows.map(
          (r) => [r.t, r.o, r.h, r.l, r.c, r.v] as [number, string, string, string, string, string],
        ),
        marks: orders.map((o) => ({
          at: Math.floor(o.at.getTime() / 1000),
          side: o.side as 'buy' | 'sell',
          kind: o.kind as 'base',
          price: String(o.price),
        })),
        levels: {
          average: deal?.average_price ?? '',
          take_profit: deal?.take_profit_price ?? '',
          next_safety: deal?.next_safety_price ?? '',
          stop_loss: deal?.stop_loss_price ?? '',
        },
      };
    }),

    handle(botReverse, async (input, ctx) => {
      await enabled();
      const bot = await ownBot(ctx.member.id, input.bot_id);
      if (bot.market !== 'perp') throw fieldRefusal(409, 'bot_id', 'bot_reverse_spot');
      if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
      const wasRunning = bot.state === 'running';
      await closeDealNow(bot);
      await db
        .updateTable('bots')
        .set({
          direction: bot.direction === 'long' ? 'short' : 'long',
          state: wasRunning ? 'running' : 'stopped',
          updated_at: new Date(),
        })
        .where('id', '=', bot.id)
        .execute();
      if (wasRunning) {
        const [turned] = await loadBots(db, { botId: bot.id });
        await d.engine.runBot(turned!, await d.data.ticker(bot.symbol));
      }
      return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_reversed');
    }),

    handle(botConfirm, async (input, ctx) => {
      const bot = await ownBot(ctx.member.id, input.bot_id);
      const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
      if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
      if (input.action === 'reverse' && bot.market !== 'perp')
        throw fieldRefusal(409, 'bot_id', 'bot_reverse_spot');
      const rules = marketRules(def);
      const deal = dealOf(bot.deal, def);
      const price = await lastPrice(bot);
      const fmtPrice = (p: bigint) => formatAmount(p, def.priceDecimals, def.priceDecimals);
      const long = bot.direction === 'long';
      if (input.action === 'entry') {
        const next = deal.safetyFilled + 1;
        if (next > bot.max_safety)
          throw fieldRefusal(409, 'bot_id', 'bot_safety_done', { max: bot.max_safety });
        const amount = amountFor(safetyQuote(settingsOf(bot), next), price, rules);
        const value = valueAt(amount, price, def.priceDecimals, 'down');
        const after = { ...deal, size: deal.size + amount, cost: deal.cost + value };
        return {
          action: input.action,
          side: long ? ('buy' as const) : ('sell' as const),
          amount: formatUnits(amount),
          price: fmtPrice(price),
          value: formatUnits(value),
          pnl: '',
          average_after: fmtPrice(averageEntry(after, rules)),
        };
      }
      const value = valueAt(deal.size, price, def.priceDecimals, 'down');
      const pnl = (long ? value - deal.cost : deal.cost - value) - BigInt(bot.deal.fees);
      return {
        action: input.action,
        side: long ? ('sell' as const) : ('buy' as const),
        amount: formatUnits(deal.size),
        price: fmtPrice(price),
        value: formatUnits(value),
        pnl: formatUnits(pnl),
        average_after: '',
      };
    }),

    handle(secondCloseAll, async (input, ctx) => {
      const second = await secondAccount(ctx.member.id);
      let bots = (await loadBotsOf(db, ctx.member.id)).filter((b) => b.account_id === second.id && b.deal);
      if (input.bot_id !== undefined) {
        const one = await ownBot(ctx.member.id, input.bot_id);
        if (one.account_id !== second.id) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
        if (!one.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
        bots = [one];
      }
      let closed = 0;
      for (const bot of bots) {
        try {
          await closeDealNow(bot);
          closed++;
        } catch (err) {
          // Said on the bot; the others still close (a single bot's refusal is the answer).
          if (input.bot_id !== undefined) throw err;
        }
      }
      return reply({ closed, account: second.id }, 'bot_deal_closed');
    }),

    handle(secondAddEntry, async (input, ctx) => {
      await enabled();
      const second = await secondAccount(ctx.member.id);
      const bot = await ownBot(ctx.member.id, input.bot_id);
      if (bot.account_id !== second.id) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
      await addEntryNow(bot);
      return reply(
        { bot: await view(ctx.member.id, bot.id, ctx.lang), account: second.id },
        'bot_entry_added',
      );
    }),

    handle(botSubscribe, async (input, ctx) => {
      const sub = await botSubscription(db, d.clock, ctx.member.id);
      if (sub.fee === 0n) throw new Refusal(409, 'bot_subscription_free');
      await d.txPassword.verify(ctx.member, input.tx_password);
      const memberId = ctx.member.id;
      const result = await refuseShortfall(() =>
        d.ledger.operation(
          {
            key: `m:${memberId}:${input.idempotency_key}`,
            kind: 'bot_subscription',
            memberId,
            request: { fee: sub.fee.toString(), days: sub.days },
          },
          async (op) => {
            // One subscription row per member, locked: payments at once extend it one after the other.
            await op.tx
              .insertInto('bot_subscriptions')
              .values({ member_id: memberId, paid_until: new Date(0) })
              .onConflict((oc) => oc.column('member_id').doNothing())
              .execute();
            const row = await op.tx
              .selectFrom('bot_subscriptions')
              .select('paid_until')
              .where('member_id', '=', memberId)
              .forUpdate()
              .executeTakeFirstOrThrow();
            const now = d.clock.now();
            const from = Math.max(row.paid_until.getTime(), now.getTime());
            const until = new Date(from + sub.days * 86_400_000);
            const [posted] = await op.post([
              {
                debit: memberAccount(memberId, 'trading', 'USDT'),
                credit: platformAccount('fees', 'USDT'),
                amount: sub.fee,
                kind: 'bot_subscription',
                reference: `bots:${until.toISOString().slice(0, 10)}`,
                details: { days: String(sub.days) },
              },
            ]);
            await op.tx
              .updateTable('bot_subscriptions')
              .set({ paid_until: until, updated_at: now })
              .where('member_id', '=', memberId)
              .execute();
            return {
              fee: money(sub.fee, 'USDT'),
              paid_until: until.toISOString(),
              balance_after: money(posted!.debitBalanceAfter, 'USDT'),
            };
          },
        ),
      );
      return reply(result, 'bot_subscribed');
    }),

    handle(botOrderType, async (input, ctx) => {
      const bot = await ownBot(ctx.member.id, input.bot_id);
      await db
        .updateTable('bots')
        .set({ order_type: input.order_type, updated_at: new Date() })
        .where('id', '=', bot.id)
        .execute();
      return reply({ bot: await view(ctx.member.id, bot.id, ctx.lang) }, 'bot_order_type');
    }),

    handle(botAio, async (input, ctx) => {
      const account = await d.trading.resolve(ctx.member.id, input.account);
      if (input.save) {
        const budget = input.budget?.trim() ? quoteOf(input.budget, 'budget') : null;
        await db
          .updateTable('trading_accounts')
          .set({ bot_budget: budget?.toString() ?? null })
          .where('id', '=', account.id)
          .execute();
      }
      const aio = await aioOf(account.id);
      return reply(
        {
          account: input.account,
          enabled: aio.budget !== null,
          budget: aio.budget === null ? '' : formatUnits(aio.budget),
          committed: formatUnits(aio.committed),
          left:
            aio.budget === null
              ? ''
              : formatUnits(aio.budget > aio.committed ? aio.budget - aio.committed : 0n),
          bots: aio.bots.map((b) => ({
            id: b.id,
            name: b.name || `${b.symbol} DCA`,
            symbol: b.symbol,
            state: b.state,
            budget: formatUnits(dealBudget(settingsOf(b))),
          })),
        },
        input.save ? 'bot_aio_saved' : 'ok',
      );
    }),

    handle(botAioOff, async (input, ctx) => {
      const account = await d.trading.resolve(ctx.member.id, input.account);
      const stopped = await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('trading_accounts')
          .set({ bot_budget: null })
          .where('id', '=', account.id)
          .execute();
        const r = await tx
          .updateTable('bots')
          .set({ state: 'stopped', updated_at: new Date() })
          .where('account_id', '=', account.id)
          .where('member_id', '=', ctx.member.id)
          .where('state', '=', 'running')
          .executeTakeFirst();
        return Number(r.numUpdatedRows);
      });
      return reply({ stopped }, 'bot_aio_off');
    }),
  ];
}

/** The operator's fee as typed ('0' allowed: bots are free). */
function feeText(text: string): string {
  const v = parseAmount(text, ASSETS.USDT.decimals);
  if (!v.ok) throw fieldRefusal(422, 'fee', 'field_invalid');
  return money(v.value, 'USDT');
}

function subscriptionView(sub: Awaited<ReturnType<typeof botSubscription>>) {
  return {
    fee: money(sub.fee, 'USDT'),
    days: sub.days,
    paid_until: sub.paidUntil ? sub.paidUntil.toISOString() : '',
    active: sub.active,
  };
}

const loadBotsOf = (db: Db, memberId: string) => loadBots(db, { memberId });
