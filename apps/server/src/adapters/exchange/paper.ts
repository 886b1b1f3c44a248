import { type CandleTimeframe, formatAmount } from '@mp/contract';
import { inTransaction } from '../../db/database.ts';
import { publishChanged } from '../../db/published-changes.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { recordPaperReset } from './account-store.ts';
import type {
  ExchangeGateway,
  GatewayBalance,
  GatewayCandle,
  GatewayFill,
  GatewayMarket,
  GatewayOrder,
  GatewayPosition,
  OrderRequest,
} from './gateway.ts';
import { lockBalances, resetBalances, saveBalances } from './paper-book.ts';
import { checkOrder } from './paper-check.ts';
import {
  KeyUsed,
  marketOf,
  type OrderRow,
  type PaperAccount,
  type PaperCtx,
  type PaperDeps,
  priceInt,
} from './paper-common.ts';
import { cancelOpenOrdersForReset, cancelOrder } from './order-store.ts';
import { limitFill, type PaperFees, UNIT_DECIMALS } from './paper-math.ts';
import { orderOf, orderOfKey, requestHash } from './paper-orders.ts';
import { fillPerpReached, liquidateReached, placePerp, settleFunding } from './paper-perp.ts';
import { balancesView, myTrades, openOrders, orderBook, positionsView } from './paper-reads.ts';
import { fillSpotReached, placeSpot } from './paper-spot.ts';

export type { PaperAccount, PaperDeps } from './paper-common.ts';
export { orderOf, requestHash } from './paper-orders.ts';
export { balancesAndEquity, balancesAndEquityOf, equityOf } from './paper-reads.ts';

/**
 * The change-feed name under which a paper account's balances, positions, open orders or resets are told to the read
 * caches (features/trading/read-caches.ts), by member id, once the change committed (db/published-changes.ts).
 */
export const PAPER_CHANGES = 'paper_accounts';

/**
 * The paper exchange: demo trading against the market feed's prices, with balances per account in PostgreSQL
 * (not the money ledger: demo money is virtual). This is its gateway, bound to one account; the work is in the
 * paper-*.ts modules: spot and perpetual orders (paper-spot, paper-perp), the checks (paper-check), the balances
 * and their one writer (paper-book), positions, order records and reads. A resting order fills at its limit when
 * the price reaches it (the feed calls `fillReached` after every step). Every change is one transaction that locks
 * the account's balance rows; a refused order changes nothing.
 */
export class PaperExchange implements ExchangeGateway {
  readonly kind = 'paper' as const;
  private readonly ctx: PaperCtx;

  constructor(d: PaperDeps, account: PaperAccount, fees: PaperFees) {
    this.ctx = { d, account, fees };
  }

  /**
   * Every change of the account goes through here: once its transaction has ended (committed, or refused and rolled
   * back), the read caches of the member's paper accounts are told, this server's at once.
   */
  private async changing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      publishChanged(this.ctx.d.db, PAPER_CHANGES, [this.ctx.account.memberId]);
    }
  }

  async markets(): Promise<GatewayMarket[]> {
    return [...this.ctx.d.markets.values()].map((m) => ({
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      amountDecimals: m.amountDecimals,
      priceDecimals: m.priceDecimals,
      minAmount: m.minAmount,
      minCost: m.minCost,
    }));
  }

  async ticker(symbol: string) {
    marketOf(this.ctx, symbol);
    const t = await this.ctx.d.data.ticker(symbol);
    if (!t) throw new Refusal(409, 'market_stale');
    return { symbol, last: t.last, at: t.at };
  }

  /** A book made from the spread: five levels a spread apart, each deeper than the last. */
  async orderBook(symbol: string, depth = 5) {
    return orderBook(this.ctx, symbol, depth);
  }

  async candles(symbol: string, timeframe: CandleTimeframe, limit: number): Promise<GatewayCandle[]> {
    marketOf(this.ctx, symbol);
    const rows = await this.ctx.d.data.candles(symbol, timeframe, limit);
    return rows.map((r) => [r.t, r.o, r.h, r.l, r.c, r.v]);
  }

  async balance(): Promise<GatewayBalance[]> {
    return balancesView(this.ctx);
  }

  /**
   * Checks the order, then places it (spot: paper-spot.ts; perpetual: paper-perp.ts). A key used before answers
   * with that first order, even if this one could no longer be placed.
   */
  async createOrder(r: OrderRequest): Promise<GatewayOrder> {
    return this.changing(() => this.place(r));
  }

  private async place(r: OrderRequest): Promise<GatewayOrder> {
    const checked = await checkOrder(this.ctx, r);
    const hash = requestHash(r, this.ctx.account.id);
    const tickers = await this.ctx.d.data.tickers();
    try {
      const place = r.market === 'perp' ? placePerp : placeSpot;
      return orderOf(await place(this.ctx, r, checked, hash, tickers));
    } catch (err) {
      // The key's first order, when there is one, is the answer (a retry after the balance moved included).
      if (!(err instanceof KeyUsed) && !(err instanceof Refusal && err.key === 'order_insufficient'))
        throw err;
      const first = await orderOfKey(this.ctx.d.db, this.ctx.account.memberId, r.idempotencyKey);
      if (!first) throw err;
      if (first.request_hash !== hash) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
      return orderOf(first);
    }
  }

  async cancelOrder(id: string): Promise<GatewayOrder> {
    const { d, account } = this.ctx;
    return this.changing(() =>
      inTransaction(d.db, async (tx) => {
        const order = await tx
          .selectFrom('trade_orders')
          .selectAll()
          .where('id', '=', id)
          .where('account_id', '=', account.id)
          .forUpdate()
          .executeTakeFirst();
        if (!order) throw fieldRefusal(404, 'order_id', 'order_not_found');
        if (order.state !== 'open') throw fieldRefusal(409, 'order_id', 'order_not_open');
        // What it held is free again (a perpetual order holds the quote).
        const def = marketOf(this.ctx, order.symbol);
        const asset = order.market === 'perp' || order.side === 'buy' ? def.quote : def.base;
        const held = BigInt(order.reserved);
        if (held > 0n) {
          const b = (await lockBalances(tx, account.id, [asset])).get(asset)!;
          b.used -= held;
          b.free += held;
          await saveBalances(tx, account.id, [b]);
        }
        return orderOf(await cancelOrder(tx, order.id, d.clock.now()));
      }),
    );
  }

  async openOrders(symbol?: string): Promise<GatewayOrder[]> {
    return openOrders(this.ctx, symbol);
  }

  async myTrades(symbol?: string, limit = 100): Promise<GatewayFill[]> {
    return myTrades(this.ctx, symbol, limit);
  }

  /** Open perpetual positions, valued at the last prices. */
  async positions(): Promise<GatewayPosition[]> {
    return positionsView(this.ctx);
  }

  /** Closes the market's position at market: a reduce-only order of its whole size. A retry answers the first. */
  async closePosition(symbol: string, idempotencyKey: string): Promise<GatewayOrder> {
    const { d, account } = this.ctx;
    const def = marketOf(this.ctx, symbol);
    const row = await d.db
      .selectFrom('paper_positions')
      .selectAll()
      .where('account_id', '=', account.id)
      .where('symbol', '=', def.symbol)
      .executeTakeFirst();
    if (!row) {
      const first = await orderOfKey(d.db, account.memberId, idempotencyKey);
      if (first?.market === 'perp' && first.symbol === def.symbol && first.account_id === account.id)
        return orderOf(first);
      throw fieldRefusal(409, 'symbol', 'position_none', { symbol: def.symbol });
    }
    const step = 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals);
    return this.createOrder({
      symbol: def.symbol,
      side: row.side === 'long' ? 'sell' : 'buy',
      type: 'market',
      amount: formatAmount(BigInt(row.contracts) / step, def.amountDecimals),
      market: 'perp',
      reduceOnly: true,
      idempotencyKey,
    });
  }

  /** Liquidates the market's position if the span of prices [low, high] reached its liquidation price. */
  async liquidateReached(symbol: string, low: string, high: string): Promise<boolean> {
    const def = marketOf(this.ctx, symbol);
    const tickers = await this.ctx.d.data.tickers();
    return this.changing(() => liquidateReached(this.ctx, def, low, high, tickers));
  }

  /** Settles one funding time on the market's position, once. */
  async settleFunding(
    symbol: string,
    fundingTime: Date,
    mark: string,
    rateBps: number,
  ): Promise<bigint | null> {
    const def = marketOf(this.ctx, symbol);
    return this.changing(() => settleFunding(this.ctx, def, fundingTime, mark, rateBps));
  }

  /**
   * Fills this account's resting order when the span of prices [low, high] reached its limit, at its limit, in
   * its own transaction (an order cancelled meanwhile is left alone).
   */
  async fillReached(order: OrderRow, low: string, high: string): Promise<boolean> {
    const def = marketOf(this.ctx, order.symbol);
    const price = limitFill(
      order.side,
      priceInt(order.limit_price!, def),
      BigInt(order.amount),
      priceInt(low, def),
      priceInt(high, def),
      def.priceDecimals,
      this.ctx.fees,
    );
    if (price === undefined) return false;
    const tickers = await this.ctx.d.data.tickers();
    return this.changing(() =>
      inTransaction(this.ctx.d.db, async (tx) => {
        const row = await tx
          .selectFrom('trade_orders')
          .selectAll()
          .where('id', '=', order.id)
          .where('state', '=', 'open')
          .forUpdate()
          .executeTakeFirst();
        if (!row) return false;
        const fill = row.market === 'perp' ? fillPerpReached : fillSpotReached;
        return fill(tx, this.ctx, row, def, price, tickers);
      }),
    );
  }

  /** Starts afresh: open orders cancelled, every balance gone, the starting quote back; fills stay as records. */
  async reset(idempotencyKey: string, startBalance: bigint): Promise<number> {
    const { d, account } = this.ctx;
    return this.changing(() =>
      inTransaction(d.db, async (tx) => {
        // The account first: the reset row's foreign key takes a share lock on it, and two resets that each held
        // that share lock and then asked for this one deadlocked.
        const locked = await tx
          .selectFrom('trading_accounts')
          .select('resets')
          .where('id', '=', account.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const first = await tx
          .insertInto('trade_resets')
          .values({
            account_id: account.id,
            member_id: account.memberId,
            idempotency_key: idempotencyKey,
            at: d.clock.now(),
          })
          .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
          .returning('account_id')
          .executeTakeFirst();
        if (!first) return locked.resets;
        await cancelOpenOrdersForReset(tx, account.id, d.clock.now());
        await tx.deleteFrom('paper_positions').where('account_id', '=', account.id).execute();
        await resetBalances(tx, account.id, account.quote, startBalance);
        return recordPaperReset(tx, account.id, locked.resets + 1, startBalance);
      }),
    );
  }
}
