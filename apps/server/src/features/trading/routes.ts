import {
  adminMarketSettings,
  candles,
  closeOrder,
  closePosition,
  DEMO_ACCOUNT,
  DEMO_CHALLENGE_MIN_TRADES,
  DEMO_CHALLENGE_PERCENT,
  demoBalance,
  demoChallenge,
  demoReset,
  EXCHANGE_IDS,
  getcMarket,
  marketInfo,
  openOrders,
  positions,
  PAPER_VENUES,
  recordTx,
  saveOrder,
  searchCoin,
  tradeBoard,
  tradeOrderHistory,
  tradingAccountDelete,
  tradingAccountSave,
  tradingAccounts,
} from '@mp/contract';
import { sql } from 'kysely';
import type { CcxtGateway } from '../../adapters/exchange/ccxt.ts';
import type { GatewayOrder, OrderRequest } from '../../adapters/exchange/gateway.ts';
import { keyHint, sealKeys } from '../../adapters/exchange/keys.ts';
import { equityOf, orderOf, requestHash } from '../../adapters/exchange/paper.ts';
import { formatUnits, parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import type { Db } from '../../db/database.ts';
import { type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, numericId, Refusal } from '../../http/errors.ts';
import { audit } from '../admin/audit.ts';
import { getSetting, putSetting } from '../system/settings.ts';
import { QUOTE, startBalanceUnits, type TradingAccounts, type TradingDeps } from './accounts.ts';
import { FEED_STATUS_KEY } from './feed.ts';
import type { TickerRow } from './market-data.ts';
import {
  MARKET_BY_SYMBOL,
  MARKETS,
  type MarketDef,
  paperAccountName,
  paperVenueOf,
  PRICE_BAND_PERCENT,
  VENUES,
} from './markets.ts';
import {
  cachedMarketSettings,
  MARKET_SETTINGS_KEY,
  type MarketSettings,
  marketSettings,
} from './settings.ts';

const pct = (num: number) => (Number.isFinite(num) ? num.toFixed(2) : '0.00');

export function tickerView(t: TickerRow) {
  const def = MARKET_BY_SYMBOL.get(t.symbol);
  const last = Number(t.last);
  const open = Number(t.open_24h);
  return {
    symbol: t.symbol,
    base: def?.base ?? t.symbol.split('/')[0] ?? '',
    quote: def?.quote ?? QUOTE,
    last: t.last,
    change_24h: pct(open > 0 ? ((last - open) / open) * 100 : 0),
    high_24h: t.high_24h,
    low_24h: t.low_24h,
    volume_24h: t.volume_24h,
    simulated: t.simulated,
    at: t.at.toISOString(),
  };
}

const wireOrder = (o: GatewayOrder, account: string) => ({
  order_id: o.id,
  account,
  symbol: o.symbol,
  market: o.market,
  leverage: o.leverage,
  side: o.side,
  type: o.type,
  amount: o.amount,
  price: o.price,
  filled: o.filled,
  avg_price: o.avgPrice,
  fee: o.fee,
  fee_asset: o.feeAsset,
  state: o.state,
  reason: o.reason,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

const dayStart = (d: string, field: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
    throw fieldRefusal(422, field, 'field_invalid');
  return new Date(`${d}T00:00:00Z`);
};

/** The trading calls (issue 11). */
export function tradingRoutes(d: TradingDeps, accounts: TradingAccounts): CallRoute[] {
  const { db, data } = d;

  async function listed(settings?: MarketSettings): Promise<TickerRow[]> {
    const s = settings ?? (await cachedMarketSettings(db));
    const rows = await data.tickers();
    return rows.filter((r) => s.symbols.includes(r.symbol));
  }

  function marketOf(symbol: string): MarketDef {
    const def = MARKET_BY_SYMBOL.get(symbol.toUpperCase());
    if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol });
    return def;
  }

  /** A paper account's fills and orders filter the same way. */
  function filters(input: { symbol?: string; side?: 'buy' | 'sell'; from?: string; to?: string }) {
    return {
      symbol: input.symbol ? marketOf(input.symbol).symbol : undefined,
      side: input.side,
      from: input.from ? dayStart(input.from, 'from') : undefined,
      to: input.to ? new Date(dayStart(input.to, 'to').getTime() + 86_400_000) : undefined,
    };
  }

  /** When the account last started afresh (its results count from then). */
  async function resetAt(accountId: string): Promise<Date> {
    const r = await db
      .selectFrom('trade_resets')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return r?.at ? new Date(r.at as Date) : new Date(0);
  }

  async function fillsSince(accountId: string, since: Date) {
    return db
      .selectFrom('trade_fills')
      .select(['at', 'equity_after', 'pnl', 'fee'])
      .where('account_id', '=', accountId)
      .where('at', '>', since)
      .orderBy('id')
      .execute();
  }

  return [
    handle(getcMarket, async (input) => {
      const settings = await cachedMarketSettings(db);
      const rows = (await listed(settings)).filter(
        (r) => !input.quote || r.symbol.endsWith(`/${input.quote.toUpperCase()}`),
      );
      return {
        list: rows.map(tickerView),
        source: settings.source,
        exchange: settings.exchange,
      };
    }),

    handle(searchCoin, async (input) => {
      const k = (input.keyword ?? '').toUpperCase();
      const rows = await listed();
      return {
        list: rows
          .map((r) => ({ ...tickerView(r), name: MARKET_BY_SYMBOL.get(r.symbol)?.name ?? '' }))
          .filter((r) => !k || r.symbol.includes(k) || r.name.toUpperCase().includes(k)),
      };
    }),

    handle(marketInfo, async (input) => {
      const def = marketOf(input.symbol);
      const ticker = await data.ticker(def.symbol);
      if (!ticker) throw new Refusal(409, 'market_stale');
      const settings = await cachedMarketSettings(db);
      const venue = paperVenueOf(input.account ?? DEMO_ACCOUNT);
      return {
        market: {
          symbol: def.symbol,
          base: def.base,
          quote: def.quote,
          name: def.name,
          amount_decimals: def.amountDecimals,
          price_decimals: def.priceDecimals,
          min_amount: def.minAmount,
          min_cost: def.minCost,
          price_band_percent: PRICE_BAND_PERCENT,
        },
        ticker: tickerView(ticker),
        fee_bps: venue && venue !== 'demo' ? VENUES[venue].feeBps : settings.fee_bps,
        spread_bps: settings.spread_bps,
        venue_symbol: venue && venue !== 'demo' ? VENUES[venue].symbol(def) : def.symbol,
      };
    }),

    handle(candles, async (input) => {
      const def = marketOf(input.symbol);
      const rows = await data.candles(def.symbol, input.timeframe, input.limit);
      return {
        symbol: def.symbol,
        timeframe: input.timeframe,
        simulated: rows.some((r) => r.simulated),
        list: rows.map(
          (r) => [r.t, r.o, r.h, r.l, r.c, r.v] as [number, string, string, string, string, string],
        ),
      };
    }),

    handle(tradingAccounts, async (_input, ctx) => {
      const rows = await db
        .selectFrom('trading_accounts')
        .select(['id', 'kind', 'venue', 'label', 'key_hint', 'created_at'])
        .where('member_id', '=', ctx.member.id)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      const paper = ['demo', ...PAPER_VENUES].map((venue) => {
        const row = rows.find((r) => r.kind === 'paper' && r.venue === venue);
        return {
          id: paperAccountName(venue),
          kind: 'paper' as const,
          venue,
          label: '',
          key_hint: '',
          created_at: row?.created_at.toISOString() ?? '',
        };
      });
      const exchange = rows
        .filter((r) => r.kind === 'exchange')
        .map((r) => ({
          id: r.id,
          kind: 'exchange' as const,
          venue: r.venue,
          label: r.label,
          key_hint: r.key_hint,
          created_at: r.created_at.toISOString(),
        }));
      return { list: [...paper, ...exchange], exchanges: [...EXCHANGE_IDS] };
    }),

    handle(tradingAccountSave, async (input, ctx) => {
      const keys = { apiKey: input.api_key, secret: input.api_secret, password: input.passphrase };
      // The key must work before it is kept: one balance read on the exchange.
      const gateway = await d.ccxt.gateway(input.exchange, keys);
      try {
        await gateway.balance();
      } catch (err) {
        d.ccxt.forget(input.exchange, keys);
        throw err;
      }
      const row = await db
        .insertInto('trading_accounts')
        .values({
          member_id: ctx.member.id,
          kind: 'exchange',
          venue: input.exchange,
          label: input.label ?? input.exchange,
          key_hint: keyHint(input.api_key),
          key_box: sealKeys(d.secret, keys),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply({ id: row.id }, 'exchange_account_saved');
    }),

    handle(tradingAccountDelete, async (input, ctx) => {
      const id = numericId(input.id, fieldRefusal(404, 'id', 'trading_account_unknown'));
      const gone = await db
        .updateTable('trading_accounts')
        .set({ deleted_at: new Date(), key_box: Buffer.alloc(0), key_hint: '' })
        .where('id', '=', id)
        .where('member_id', '=', ctx.member.id)
        .where('kind', '=', 'exchange')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (gone.numUpdatedRows === 0n) throw fieldRefusal(404, 'id', 'trading_account_unknown');
      return reply({}, 'exchange_account_deleted');
    }),

    handle(saveOrder, async (input, ctx) => {
      const account = await accounts.resolve(ctx.member.id, input.account);
      const request = {
        symbol: marketOf(input.symbol).symbol,
        side: input.side,
        type: input.type,
        amount: input.amount,
        price: input.type === 'limit' ? input.price : undefined,
        market: input.market ?? 'spot',
        leverage: input.market === 'perp' ? input.leverage : 1,
        idempotencyKey: input.idempotency_key,
      };
      const order =
        account.kind === 'paper'
          ? await account.gateway.createOrder(request)
          : await exchangeOrder(db, account.id, ctx.member.id, account.gateway, request);
      const wire = wireOrder(order, input.account);
      return reply(
        {
          order_id: order.id,
          state: order.state,
          filled: order.filled,
          avg_price: order.avgPrice,
          order: wire,
        },
        order.state === 'filled' ? 'order_filled' : 'order_placed',
      );
    }),

    handle(positions, async (input, ctx) => {
      const account = await accounts.resolve(ctx.member.id, input.account);
      const list = await account.gateway.positions();
      return {
        list: list.map((p) => ({
          symbol: p.symbol,
          side: p.side,
          contracts: p.contracts,
          entry_price: p.entryPrice,
          mark_price: p.markPrice,
          liquidation_price: p.liquidationPrice,
          margin: p.margin,
          leverage: p.leverage,
          unrealized_pnl: p.unrealizedPnl,
          roe_percent: p.roePercent,
          funding: p.funding,
          opened_at: p.openedAt.toISOString(),
        })),
      };
    }),

    handle(closePosition, async (input, ctx) => {
      const account = await accounts.resolve(ctx.member.id, input.account);
      const symbol = marketOf(input.symbol).symbol;
      if (account.kind === 'paper') {
        const order = await account.gateway.closePosition(symbol, input.idempotency_key);
        return reply({ order: wireOrder(order, input.account) }, 'position_closed');
      }
      const first = await db
        .selectFrom('trade_orders')
        .selectAll()
        .where('member_id', '=', ctx.member.id)
        .where('idempotency_key', '=', input.idempotency_key)
        .executeTakeFirst();
      const held = first ? undefined : (await account.gateway.positions()).find((p) => p.symbol === symbol);
      if (!first && !held) throw fieldRefusal(409, 'symbol', 'position_none', { symbol });
      const order = first
        ? orderOf(first)
        : await exchangeOrder(db, account.id, ctx.member.id, account.gateway, {
            symbol,
            side: held!.side === 'long' ? 'sell' : 'buy',
            type: 'market',
            amount: held!.contracts,
            market: 'perp',
            leverage: held!.leverage,
            reduceOnly: true,
            idempotencyKey: input.idempotency_key,
          });
      return reply({ order: wireOrder(order, input.account) }, 'position_closed');
    }),

    handle(closeOrder, async (input, ctx) => {
      const id = numericId(input.order_id, fieldRefusal(404, 'order_id', 'order_not_found'));
      const row = await db
        .selectFrom('trade_orders as o')
        .innerJoin('trading_accounts as a', 'a.id', 'o.account_id')
        .selectAll('o')
        .select(['a.kind', 'a.venue'])
        .where('o.id', '=', id)
        .where('o.member_id', '=', ctx.member.id)
        .executeTakeFirst();
      if (!row) throw fieldRefusal(404, 'order_id', 'order_not_found');
      const name = row.kind === 'paper' ? paperAccountName(row.venue) : row.account_id;
      const account = await accounts.resolve(ctx.member.id, name);
      if (account.kind === 'paper') {
        const order = await account.gateway.cancelOrder(id);
        return reply({ order: wireOrder(order, name) }, 'order_cancelled');
      }
      const updated = await exchangeCancel(db, account.gateway, row);
      return reply({ order: wireOrder(updated, name) }, 'order_cancelled');
    }),

    handle(openOrders, async (input, ctx) => {
      const account = await accounts.resolve(ctx.member.id, input.account);
      const symbol = input.symbol ? marketOf(input.symbol).symbol : undefined;
      if (account.kind === 'paper')
        return { list: (await account.gateway.openOrders(symbol)).map((o) => wireOrder(o, input.account)) };
      const open = await account.gateway.openOrders(symbol);
      const ours = await db
        .selectFrom('trade_orders')
        .select(['id', 'exchange_order_id'])
        .where('account_id', '=', account.id)
        .where('exchange_order_id', 'in', open.length ? open.map((o) => o.id) : [''])
        .execute();
      return {
        list: open.map((o) =>
          wireOrder({ ...o, id: ours.find((r) => r.exchange_order_id === o.id)?.id ?? '' }, input.account),
        ),
      };
    }),

    handle(demoBalance, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      const tickers = await data.tickers();
      const balances = await account.gateway.balance();
      const worth = (asset: string, amount: number) => {
        if (asset === QUOTE) return amount;
        const t = tickers.find((x) => x.symbol === `${asset}/${QUOTE}`);
        return t ? amount * Number(t.last) : 0;
      };
      const rows = balances.map((b) => ({
        ...b,
        value: worth(b.asset, Number(b.free) + Number(b.used)).toFixed(2),
      }));
      let equity: string;
      let start = '0';
      let resets = 0;
      if (account.kind === 'paper') {
        equity = formatUnits(await equityOf(db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL));
        const row = await db
          .selectFrom('trading_accounts')
          .select(['start_balance', 'resets'])
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow();
        start = formatUnits(row.start_balance);
        resets = row.resets;
      } else equity = rows.reduce((s, r) => s + Number(r.value), 0).toFixed(2);
      return { account: name, balances: rows, equity, quote: QUOTE, start_balance: start, resets };
    }),

    handle(demoReset, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      if (account.kind !== 'paper') throw fieldRefusal(422, 'account', 'trading_paper_only');
      // A lead trader's demo account is what followers copy and what their record is computed from.
      const lead = await db
        .selectFrom('lead_traders')
        .select('id')
        .where('source_account_id', '=', account.id)
        .executeTakeFirst();
      if (lead) throw fieldRefusal(409, 'account', 'trader_reset_refused');
      const resets = await account.gateway.reset(input.idempotency_key, startBalanceUnits(account.settings));
      return reply({ account: name, resets }, 'demo_reset_done');
    }),

    handle(recordTx, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      const f = filters(input);
      const offset = (input.page - 1) * input.pagesize;
      if (account.kind === 'exchange') {
        const symbols = f.symbol
          ? [f.symbol]
          : (
              await db
                .selectFrom('trade_orders')
                .select('symbol')
                .distinct()
                .where('account_id', '=', account.id)
                .execute()
            ).map((r) => r.symbol);
        const all = (await Promise.all(symbols.map((s) => account.gateway.myTrades(s, 100))))
          .flat()
          .filter(
            (t) => (!f.side || t.side === f.side) && (!f.from || t.at >= f.from) && (!f.to || t.at < f.to),
          )
          .sort((a, b) => b.at.getTime() - a.at.getTime());
        return {
          account: name,
          list: all.slice(offset, offset + input.pagesize).map((t) => ({
            order_id: t.orderId,
            symbol: t.symbol,
            market: t.market,
            reason: t.reason,
            side: t.side,
            amount: t.amount,
            price: t.price,
            fee: t.fee,
            fee_asset: t.feeAsset,
            pnl: t.pnl,
            at: t.at.toISOString(),
          })),
          page: input.page,
          pagesize: input.pagesize,
          total: all.length,
        };
      }
      const base = db
        .selectFrom('trade_fills')
        .where('account_id', '=', account.id)
        .$if(f.symbol !== undefined, (q) => q.where('symbol', '=', f.symbol!))
        .$if(f.side !== undefined, (q) => q.where('side', '=', f.side!))
        .$if(f.from !== undefined, (q) => q.where('at', '>=', f.from!))
        .$if(f.to !== undefined, (q) => q.where('at', '<', f.to!));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(input.pagesize).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        account: name,
        list: rows.map((r) => ({
          order_id: r.order_id,
          symbol: r.symbol,
          market: r.market,
          reason: r.reason,
          side: r.side,
          amount: formatUnits(r.amount),
          price: r.price,
          fee: formatUnits(r.fee),
          fee_asset: r.fee_asset,
          pnl: r.pnl === null ? '' : formatUnits(r.pnl),
          at: r.at.toISOString(),
        })),
        page: input.page,
        pagesize: input.pagesize,
        total: Number(count.n),
      };
    }),

    handle(tradeOrderHistory, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      const f = filters(input);
      const base = db
        .selectFrom('trade_orders')
        .where('account_id', '=', account.id)
        .$if(input.state === undefined, (q) => q.where('state', '!=', 'open'))
        .$if(input.state !== undefined, (q) => q.where('state', '=', input.state!))
        .$if(f.symbol !== undefined, (q) => q.where('symbol', '=', f.symbol!))
        .$if(f.side !== undefined, (q) => q.where('side', '=', f.side!))
        .$if(f.from !== undefined, (q) => q.where('updated_at', '>=', f.from!))
        .$if(f.to !== undefined, (q) => q.where('updated_at', '<', f.to!));
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.pagesize)
          .offset((input.page - 1) * input.pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        account: name,
        list: rows.map((r) => {
          const o = orderOf(r);
          return { ...wireOrder(o, name), pnl: o.pnl };
        }),
        page: input.page,
        pagesize: input.pagesize,
        total: Number(count.n),
      };
    }),

    handle(tradeBoard, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      if (account.kind !== 'paper') throw fieldRefusal(422, 'account', 'trading_paper_only');
      const since = await resetAt(account.id);
      const [fills, row, tickers] = await Promise.all([
        fillsSince(account.id, since),
        db
          .selectFrom('trading_accounts')
          .select(['start_balance', 'created_at'])
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow(),
        data.tickers(),
      ]);
      const equity = await equityOf(db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL);
      const start = BigInt(row.start_balance);
      const pnl = equity - start;
      let realized = 0n;
      let fees = 0n;
      let sells = 0;
      let wins = 0;
      for (const f of fills) {
        fees += BigInt(f.fee);
        if (f.pnl !== null) {
          sells++;
          realized += BigInt(f.pnl);
          if (BigInt(f.pnl) > 0n) wins++;
        }
      }
      const curve = [
        {
          at: new Date(Math.max(row.created_at.getTime(), since.getTime())).toISOString(),
          equity: formatUnits(start),
        },
        ...fills.slice(-500).map((f) => ({ at: f.at.toISOString(), equity: formatUnits(f.equity_after) })),
        { at: d.clock.now().toISOString(), equity: formatUnits(equity) },
      ];
      return {
        account: name,
        quote: QUOTE,
        start_balance: formatUnits(start),
        equity: formatUnits(equity),
        pnl: formatUnits(pnl),
        pnl_percent: start > 0n ? pct(Number((pnl * 1_000_000n) / start) / 10_000) : '0.00',
        realized: formatUnits(realized),
        fees: formatUnits(fees),
        trades: fills.length,
        sells,
        wins,
        curve,
      };
    }),

    handle(demoChallenge, async (input, ctx) => {
      const name = input.account ?? DEMO_ACCOUNT;
      const account = await accounts.resolve(ctx.member.id, name);
      if (account.kind !== 'paper') throw fieldRefusal(422, 'account', 'trading_paper_only');
      const since = await resetAt(account.id);
      const [row, tickers, stats] = await Promise.all([
        db
          .selectFrom('trading_accounts')
          .select(['start_balance'])
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow(),
        data.tickers(),
        sql<{ fills: string; limits: string }>`
          SELECT (SELECT count(*) FROM trade_fills WHERE account_id = ${account.id} AND at > ${since}) AS fills,
            (SELECT count(*) FROM trade_orders WHERE account_id = ${account.id} AND type = 'limit'
              AND created_at > ${since}) AS limits`.execute(db),
      ]);
      const start = BigInt(row.start_balance);
      const target = start + (start * BigInt(DEMO_CHALLENGE_PERCENT)) / 100n;
      const equity = await equityOf(db, account.id, QUOTE, tickers, MARKET_BY_SYMBOL);
      const trades = Number(stats.rows[0]?.fills ?? 0);
      const limits = Number(stats.rows[0]?.limits ?? 0);
      const gained = equity - start;
      const progress = gained <= 0n ? 0 : Math.min(100, Number((gained * 10_000n) / (target - start)) / 100);
      const reached = equity >= target && trades >= DEMO_CHALLENGE_MIN_TRADES;
      return {
        account: name,
        start_balance: formatUnits(start),
        target: formatUnits(target),
        equity: formatUnits(equity),
        progress_percent: progress,
        trades,
        min_trades: DEMO_CHALLENGE_MIN_TRADES,
        state: reached ? ('reached' as const) : ('running' as const),
        steps: [
          { key: 'first_trade', done: trades > 0 },
          { key: 'limit_order', done: limits > 0 },
          { key: 'min_trades', done: trades >= DEMO_CHALLENGE_MIN_TRADES },
          { key: 'target', done: equity >= target },
        ],
      };
    }),

    handle(adminMarketSettings, async (input, ctx) => {
      let settings = await marketSettings(db);
      if (input.save) {
        const symbols = input.symbols
          ? [
              ...new Set(
                input.symbols
                  .split(',')
                  .map((s) => s.trim().toUpperCase())
                  .filter(Boolean),
              ),
            ]
          : settings.symbols;
        const unknown = symbols.filter((s) => !MARKET_BY_SYMBOL.has(s));
        if (unknown.length > 0 || symbols.length === 0)
          throw fieldRefusal(422, 'symbols', 'market_symbols_invalid', {
            symbols: unknown.join(', ') || '-',
          });
        if (input.start_balance !== undefined) {
          const v = parseDecimal(input.start_balance, 2);
          if (typeof v !== 'bigint' || v <= 0n) throw fieldRefusal(422, 'start_balance', 'field_invalid');
        }
        settings = {
          source: input.source ?? settings.source,
          exchange: input.exchange ?? settings.exchange,
          symbols,
          fee_bps: input.fee_bps ?? settings.fee_bps,
          spread_bps: input.spread_bps ?? settings.spread_bps,
          slippage_bps: input.slippage_bps ?? settings.slippage_bps,
          funding_bps: input.funding_bps ?? settings.funding_bps,
          start_balance: input.start_balance ?? settings.start_balance,
        };
        await db.transaction().execute(async (tx) => {
          await putSetting(tx, MARKET_SETTINGS_KEY, settings);
          await audit(tx, ctx.member.id, 'market.settings', 'market', settings);
        });
      }
      const status = await getSetting(db, FEED_STATUS_KEY, { live: false, error: '' });
      const last = await db
        .selectFrom('market_tickers')
        .select((eb) => eb.fn.max('at').as('at'))
        .executeTakeFirst();
      return {
        ...settings,
        known_symbols: MARKETS.map((m) => m.symbol),
        feed: {
          live: status.live,
          last_tick_at: last?.at ? new Date(last.at as Date).toISOString() : '',
          error: status.error,
        },
      };
    }),
  ];
}

/**
 * An order on a member's exchange account: kept first as our row (so a retry with the same key finds it), then
 * sent with our id as the client order id; a refusal from the exchange removes the row again (nothing happened).
 */
/** Cancels an open order on the member's exchange and records what it became (with what filled before). */
export async function exchangeCancel(
  db: Db,
  gateway: CcxtGateway,
  row: { id: string; state: string; exchange_order_id: string | null; symbol: string; amount: string },
): Promise<GatewayOrder> {
  if (row.state !== 'open' || !row.exchange_order_id) throw fieldRefusal(409, 'order_id', 'order_not_open');
  const done = await gateway.cancelOrder(row.exchange_order_id, row.symbol);
  const filled = parseDecimal(done.filled || '0', UNIT_DECIMALS);
  const fee = parseDecimal(done.fee || '0', UNIT_DECIMALS);
  const amount = BigInt(row.amount);
  const updated = await db
    .updateTable('trade_orders')
    .set({
      state: done.state === 'open' ? 'cancelled' : done.state,
      // What the exchange's answer to a cancel leaves out stays as it was.
      filled: typeof filled === 'bigint' ? (filled > amount ? amount : filled).toString() : undefined,
      avg_price: done.avgPrice || undefined,
      fee: typeof fee === 'bigint' && fee > 0n ? fee.toString() : undefined,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderOf(updated);
}

/** Errors after which an order may or may not stand on the exchange (the call was not answered). */
const UNANSWERED = new Set(['exchange_unavailable']);

export async function exchangeOrder(
  db: Db,
  accountId: string,
  memberId: string,
  gateway: CcxtGateway,
  r: OrderRequest,
): Promise<GatewayOrder> {
  const def = MARKET_BY_SYMBOL.get(r.symbol)!;
  const amount = parseDecimal(r.amount, UNIT_DECIMALS);
  if (typeof amount !== 'bigint' || amount <= 0n) throw fieldRefusal(422, 'amount', 'order_number_invalid');
  if (r.type === 'limit') {
    if (!r.price) throw fieldRefusal(422, 'price', 'order_price_required');
    if (typeof parseDecimal(r.price, 12) !== 'bigint')
      throw fieldRefusal(422, 'price', 'order_number_invalid');
  }
  const hash = requestHash(r, accountId);
  const row = await db
    .insertInto('trade_orders')
    .values({
      account_id: accountId,
      member_id: memberId,
      symbol: r.symbol,
      side: r.side,
      type: r.type,
      amount: amount.toString(),
      limit_price: r.type === 'limit' ? r.price! : null,
      fee_asset: def.quote,
      market: r.market ?? 'spot',
      leverage: r.market === 'perp' ? (r.leverage ?? 1) : 1,
      state: 'open',
      reason: 'sending',
      idempotency_key: r.idempotencyKey,
      request_hash: hash,
    })
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  let sending = row;
  if (!sending) {
    const first = await db
      .selectFrom('trade_orders')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', r.idempotencyKey)
      .executeTakeFirstOrThrow();
    if (first.request_hash !== hash) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
    if (first.reason !== 'sending' || first.exchange_order_id) return orderOf(first);
    // Sent before without an answer (a timeout): once that call is surely over, one retry claims the row and looks
    // the order up on the exchange before it sends it again; a retry while the first call may still run waits.
    const claimed = await db
      .updateTable('trade_orders')
      .set({ updated_at: new Date() })
      .where('id', '=', first.id)
      .where('reason', '=', 'sending')
      .where('updated_at', '<', new Date(Date.now() - gateway.timeoutMs))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return orderOf(first);
    sending = claimed;
  }
  const clientOrderId = `mp${sending.id}`;
  let sent: GatewayOrder;
  try {
    sent =
      (row ? undefined : await gateway.findOrder(clientOrderId, r.symbol, r.market ?? 'spot')) ??
      (await gateway.createOrder({ ...r, clientOrderId }));
  } catch (err) {
    // Refused: the exchange has no such order, and the key may be used again. Not answered: the order may stand on
    // the exchange, so the row stays 'sending' and a retry with the same key looks it up first.
    if (!(err instanceof Refusal && UNANSWERED.has(err.key)))
      await db.deleteFrom('trade_orders').where('id', '=', sending.id).execute();
    throw err;
  }
  const filled = parseDecimal(sent.filled || '0', UNIT_DECIMALS);
  const fee = parseDecimal(sent.fee || '0', UNIT_DECIMALS);
  const updated = await db
    .updateTable('trade_orders')
    .set({
      exchange_order_id: sent.id,
      state: sent.state,
      reason: '',
      filled: (typeof filled === 'bigint' ? (filled > amount ? amount : filled) : 0n).toString(),
      avg_price: sent.avgPrice || null,
      fee: (typeof fee === 'bigint' ? fee : 0n).toString(),
      fee_asset: sent.feeAsset || def.quote,
      updated_at: new Date(),
    })
    .where('id', '=', sending.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderOf(updated);
}
