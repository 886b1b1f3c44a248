import { createHash } from 'node:crypto';
import { type CandleTimeframe, formatAmount } from '@mp/contract';
import { CompiledQuery, type Selectable, sql } from 'kysely';
import { type Db, inTransaction, poolOf, type Tx } from '../../db/database.ts';
import type { TradeOrdersTable } from '../../db/schema-trading.ts';
import { fieldRefusal, Refusal } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketData, TickerRow } from '../../features/trading/market-data.ts';
import { type MarketDef, PRICE_BAND_PERCENT } from '../../features/trading/markets.ts';
import type {
  ExchangeGateway,
  GatewayBalance,
  GatewayCandle,
  GatewayFill,
  GatewayMarket,
  GatewayOrder,
  OrderRequest,
} from './gateway.ts';
import {
  costShare,
  formatUnits,
  limitFill,
  marketableAt,
  type PaperFees,
  parseDecimal,
  reserveFor,
  settle,
  takerPrice,
  UNIT_DECIMALS,
  valueAt,
} from './paper-math.ts';

/**
 * The paper exchange: demo trading against the market feed's prices, with balances per account in PostgreSQL
 * (not the money ledger: demo money is virtual). Like freqtrade's dry-run, a market order fills at once at the
 * last price moved by the half-spread and a slippage that grows with the order's value; a limit order that can fill
 * at once does so as a taker; otherwise it rests, holding what it needs, and fills at its limit when the price
 * reaches it (the feed calls `matchRestingOrders` after every step). Every change is one transaction that locks
 * the account's balance rows; a refused order changes nothing.
 */
export type PaperAccount = { id: string; memberId: string; quote: string };

export type PaperDeps = {
  db: Db;
  clock: Clock;
  data: MarketData;
  markets: Map<string, MarketDef>;
};

type OrderRow = Selectable<TradeOrdersTable>;
type BalanceRow = { asset: string; free: bigint; used: bigint; cost: bigint };

const unitsOf = (def: MarketDef, amount: bigint) =>
  amount * 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals);
/** A stored price (the feed writes it at the market's price decimals) in price units. */
const priceInt = (text: string, def: MarketDef): bigint => {
  const v = parseDecimal(text, def.priceDecimals);
  if (typeof v !== 'bigint')
    throw new Error(`price ${text} of ${def.symbol} is not at ${def.priceDecimals} decimals`);
  return v;
};
const priceStr = (v: bigint, def: MarketDef) => formatAmount(v, def.priceDecimals, def.priceDecimals);

export function requestHash(r: OrderRequest, account: string): string {
  return createHash('sha256')
    .update(JSON.stringify([account, r.symbol, r.side, r.type, r.amount, r.price ?? '']))
    .digest('hex')
    .slice(0, 32);
}

export function orderOf(row: OrderRow): GatewayOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    amount: formatUnits(row.amount),
    price: row.limit_price ?? '',
    filled: formatUnits(row.filled),
    avgPrice: row.avg_price ?? '',
    fee: formatUnits(row.fee),
    feeAsset: row.fee_asset,
    state: row.state,
    reason: row.reason,
    pnl: row.pnl === null ? '' : formatUnits(row.pnl),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Locks every balance row of the account, in one order (so an account's orders, fills and resets go one at a time
 * and never deadlock), first making rows for the `assets` it lacks.
 */
async function lockBalances(tx: Tx, accountId: string, assets: string[]): Promise<Map<string, BalanceRow>> {
  const read = () =>
    tx
      .selectFrom('paper_balances')
      .select(['asset', 'free', 'used', 'cost'])
      .where('account_id', '=', accountId)
      .orderBy('asset')
      .forUpdate()
      .execute();
  let rows = await read();
  if (assets.some((a) => !rows.some((r) => r.asset === a))) {
    await tx
      .insertInto('paper_balances')
      .values(assets.map((asset) => ({ account_id: accountId, asset })))
      .onConflict((oc) => oc.columns(['account_id', 'asset']).doNothing())
      .execute();
    rows = await read();
  }
  return new Map(
    rows.map((r) => [
      r.asset,
      { asset: r.asset, free: BigInt(r.free), used: BigInt(r.used), cost: BigInt(r.cost) },
    ]),
  );
}

/** The account's balances as last committed, unlocked (the fast path of an order; `paper_place` checks them). */
async function readBalances(db: Db, accountId: string): Promise<Map<string, BalanceRow>> {
  const res = await poolOf(db).query<{ asset: string; free: string; used: string; cost: string }>({
    name: 'paper_balances_read',
    text: 'SELECT asset, free, used, cost FROM paper_balances WHERE account_id = $1',
    values: [accountId],
  });
  return new Map(
    res.rows.map((r) => [
      r.asset,
      { asset: r.asset, free: BigInt(r.free), used: BigInt(r.used), cost: BigInt(r.cost) },
    ]),
  );
}

const PLACE_SQL = `SELECT outcome, order_id FROM paper_place($1, $2, $3, $4, $5, $6::text[], $7::bigint[],
  $8::bigint[], $9::bigint[], $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::text[], $22::bigint[],
  $23::bigint[], $24::bigint[], $25, $26)`;

/**
 * Runs `paper_place`: the order's id once placed; undefined when the balances moved since they were read. Throws
 * KeyUsed when the key was used before. On the pool as a named statement (planned once per connection), or inside
 * the caller's transaction.
 */
async function callPlace(on: Db | Tx, params: unknown[]): Promise<string | undefined> {
  const rows = on.isTransaction
    ? (await on.executeQuery<PlaceRow>(CompiledQuery.raw(PLACE_SQL, params))).rows
    : (await poolOf(on as Db).query<PlaceRow>({ name: 'paper_place', text: PLACE_SQL, values: params })).rows;
  const r = rows[0];
  if (r?.outcome === 'placed' && r.order_id) return r.order_id;
  if (r?.outcome === 'existing') throw new KeyUsed();
  if (r?.outcome === 'moved') return undefined;
  throw new Error(`paper_place answered ${JSON.stringify(r)}`);
}
type PlaceRow = { outcome: 'placed' | 'existing' | 'moved'; order_id: string | null };

async function saveBalances(tx: Tx, accountId: string, rows: BalanceRow[]) {
  await sql`
    UPDATE paper_balances b SET free = x.free, used = x.used, cost = x.cost
    FROM unnest(${rows.map((r) => r.asset)}::text[], ${rows.map((r) => r.free.toString())}::bigint[],
      ${rows.map((r) => r.used.toString())}::bigint[], ${rows.map((r) => r.cost.toString())}::bigint[]) AS x(asset, free, used, cost)
    WHERE b.account_id = ${accountId} AND b.asset = x.asset`.execute(tx);
}

/** The account's value in its quote asset at the last prices (holdings without a market count nothing). */
function equityFrom(
  rows: Iterable<{ asset: string; free: bigint; used: bigint }>,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
): bigint {
  let equity = 0n;
  for (const r of rows) {
    const held = r.free + r.used;
    if (r.asset === quote) equity += held;
    else {
      const def = markets.get(`${r.asset}/${quote}`);
      const t = tickers.find((x) => x.symbol === `${r.asset}/${quote}`);
      if (def && t) equity += valueAt(held, priceInt(t.last, def), def.priceDecimals, 'down');
    }
  }
  return equity;
}

export async function equityOf(
  db: Tx | Db,
  accountId: string,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
): Promise<bigint> {
  const rows = await db
    .selectFrom('paper_balances')
    .select(['asset', 'free', 'used'])
    .where('account_id', '=', accountId)
    .execute();
  return equityFrom(
    rows.map((r) => ({ asset: r.asset, free: BigInt(r.free), used: BigInt(r.used) })),
    quote,
    tickers,
    markets,
  );
}

/** Thrown inside an order's transaction when its idempotency key was used already: nothing of it is kept. */
class KeyUsed extends Error {}

export class PaperExchange implements ExchangeGateway {
  readonly kind = 'paper' as const;

  constructor(
    private readonly d: PaperDeps,
    private readonly account: PaperAccount,
    private readonly fees: PaperFees,
  ) {}

  private market(symbol: string): MarketDef {
    const def = this.d.markets.get(symbol);
    if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol });
    return def;
  }

  private async freshTicker(symbol: string): Promise<TickerRow> {
    const t = await this.d.data.ticker(symbol);
    if (!t || this.d.data.isStale(t)) throw new Refusal(409, 'market_stale');
    return t;
  }

  async markets(): Promise<GatewayMarket[]> {
    return [...this.d.markets.values()].map((m) => ({
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
    this.market(symbol);
    const t = await this.d.data.ticker(symbol);
    if (!t) throw new Refusal(409, 'market_stale');
    return { symbol, last: t.last, at: t.at };
  }

  /** A book made from the spread: five levels a spread apart, each deeper than the last. */
  async orderBook(symbol: string, depth = 5) {
    const def = this.market(symbol);
    const t = await this.freshTicker(symbol);
    const last = priceInt(t.last, def);
    const min = unitsOf(def, parseDecimal(def.minAmount, def.amountDecimals) as bigint);
    const bids: [string, string][] = [];
    const asks: [string, string][] = [];
    for (let i = 1; i <= depth; i++) {
      const level = { ...this.fees, spreadBps: this.fees.spreadBps * i, slippageBps: 0 };
      const size = formatUnits(min * 1000n * BigInt(i));
      asks.push([priceStr(takerPrice('buy', last, 0n, def.priceDecimals, level), def), size]);
      bids.push([priceStr(takerPrice('sell', last, 0n, def.priceDecimals, level), def), size]);
    }
    return { bids, asks };
  }

  async candles(symbol: string, timeframe: CandleTimeframe, limit: number): Promise<GatewayCandle[]> {
    this.market(symbol);
    const rows = await this.d.data.candles(symbol, timeframe, limit);
    return rows.map((r) => [r.t, r.o, r.h, r.l, r.c, r.v]);
  }

  async balance(): Promise<GatewayBalance[]> {
    const rows = await this.d.db
      .selectFrom('paper_balances')
      .select(['asset', 'free', 'used'])
      .where('account_id', '=', this.account.id)
      .orderBy('asset')
      .execute();
    return rows
      .filter((r) => r.asset === this.account.quote || BigInt(r.free) + BigInt(r.used) > 0n)
      .map((r) => ({ asset: r.asset, free: formatUnits(r.free), used: formatUnits(r.used) }));
  }

  /** Checks an order against the market's rules and the last price; throws a refusal naming the field. */
  private async check(r: OrderRequest) {
    const def = this.market(r.symbol);
    const amount = parseDecimal(r.amount, def.amountDecimals);
    if (amount === 'decimals')
      throw fieldRefusal(422, 'amount', 'order_precision', { decimals: def.amountDecimals });
    if (amount === 'format' || amount <= 0n) throw fieldRefusal(422, 'amount', 'order_number_invalid');
    const units = unitsOf(def, amount);
    const minUnits = unitsOf(def, parseDecimal(def.minAmount, def.amountDecimals) as bigint);
    if (units < minUnits)
      throw fieldRefusal(422, 'amount', 'order_amount_min', { min: def.minAmount, asset: def.base });
    const ticker = await this.freshTicker(r.symbol);
    const last = priceInt(ticker.last, def);
    let limit: bigint | undefined;
    if (r.type === 'limit') {
      if (!r.price) throw fieldRefusal(422, 'price', 'order_price_required');
      const p = parseDecimal(r.price, def.priceDecimals);
      if (p === 'decimals')
        throw fieldRefusal(422, 'price', 'order_precision', { decimals: def.priceDecimals });
      if (p === 'format' || p <= 0n) throw fieldRefusal(422, 'price', 'order_number_invalid');
      const diff = p > last ? p - last : last - p;
      if (diff * 100n > BigInt(PRICE_BAND_PERCENT) * last)
        throw fieldRefusal(422, 'price', 'order_price_band', { band: PRICE_BAND_PERCENT, last: ticker.last });
      limit = p;
    }
    const minCost = parseDecimal(def.minCost, UNIT_DECIMALS) as bigint;
    if (valueAt(units, limit ?? last, def.priceDecimals, 'down') < minCost)
      throw fieldRefusal(422, 'amount', 'order_cost_min', { min: def.minCost, asset: def.quote });
    return { def, units, last, limit };
  }

  /**
   * Reads the account's balances, settles the order on them in memory (a refusal changes nothing) and hands the
   * result to `paper_place` (migration 0014), which stores the order in its final state (filled, or open holding
   * its funds), the balances and the fill in one transaction, if the balances are still what was read. If they
   * moved (another order of the account came first) it decides again with the rows locked. A key used before
   * answers with that first order, even if this one could no longer be placed.
   */
  async createOrder(r: OrderRequest): Promise<GatewayOrder> {
    const checked = await this.check(r);
    const hash = requestHash(r, this.account.id);
    const tickers = await this.d.data.tickers();
    const place = (balances: Map<string, BalanceRow>) => this.decide(r, checked, hash, balances, tickers);
    try {
      const fast = await place(await readBalances(this.d.db, this.account.id));
      const done =
        (await callPlace(this.d.db, fast.params)) ??
        (await inTransaction(this.d.db, async (tx) => {
          const locked = await place(await lockBalances(tx, this.account.id, []));
          const id = await callPlace(tx, locked.params);
          if (id === undefined) throw new Error('paper: balances moved under their lock');
          return { ...locked, id };
        }));
      return orderOf(typeof done === 'string' ? { ...fast.row, id: done } : { ...done.row, id: done.id });
    } catch (err) {
      // The key's first order, when there is one, is the answer (a retry after the balance moved included).
      if (!(err instanceof KeyUsed) && !(err instanceof Refusal && err.key === 'order_insufficient'))
        throw err;
      const first = await this.d.db
        .selectFrom('trade_orders')
        .selectAll()
        .where('member_id', '=', this.account.memberId)
        .where('idempotency_key', '=', r.idempotencyKey)
        .executeTakeFirst();
      if (!first) throw err;
      if (first.request_hash !== hash) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
      return orderOf(first);
    }
  }

  /** The order settled on `balances` (changed in place): the row to store and `paper_place`'s parameters. */
  private decide(
    r: OrderRequest,
    { def, units, last, limit }: Awaited<ReturnType<PaperExchange['check']>>,
    hash: string,
    balances: Map<string, BalanceRow>,
    tickers: TickerRow[],
  ) {
    const seen = [...balances.values()].map((b) => ({ ...b }));
    for (const asset of [def.base, def.quote])
      if (!balances.has(asset)) balances.set(asset, { asset, free: 0n, used: 0n, cost: 0n });
    const now = this.d.clock.now();
    const fillAt =
      limit === undefined
        ? takerPrice(r.side, last, units, def.priceDecimals, this.fees)
        : marketableAt(r.side, limit, last, units, def.priceDecimals, this.fees);
    let changed: BalanceRow[];
    let fill: { fee: bigint; pnl: bigint | null } | undefined;
    let reserved = 0n;
    if (fillAt !== undefined) {
      fill = this.settleFill(r.side, units, 0n, def, balances, fillAt, false);
      changed = [balances.get(def.base)!, balances.get(def.quote)!];
    } else {
      // A resting limit order holds what it needs.
      reserved = reserveFor(r.side, units, limit!, def.priceDecimals, this.fees.feeBps);
      const from = balances.get(r.side === 'buy' ? def.quote : def.base)!;
      if (from.free < reserved) throw this.insufficient(from, reserved);
      from.free -= reserved;
      from.used += reserved;
      changed = [from];
    }
    const row: OrderRow = {
      id: '',
      account_id: this.account.id,
      member_id: this.account.memberId,
      symbol: def.symbol,
      side: r.side,
      type: r.type,
      amount: units.toString(),
      limit_price: limit === undefined ? null : priceStr(limit, def),
      reserved: reserved.toString(),
      filled: fill ? units.toString() : '0',
      avg_price: fillAt !== undefined ? priceStr(fillAt, def) : null,
      fee: (fill?.fee ?? 0n).toString(),
      fee_asset: def.quote,
      pnl: fill?.pnl == null ? null : fill.pnl.toString(),
      state: fill ? 'filled' : 'open',
      reason: '',
      exchange_order_id: null,
      idempotency_key: r.idempotencyKey,
      request_hash: hash,
      created_at: now,
      updated_at: now,
    };
    const params = [
      this.account.id,
      this.account.memberId,
      r.idempotencyKey,
      hash,
      now,
      seen.map((b) => b.asset),
      seen.map((b) => b.free.toString()),
      seen.map((b) => b.used.toString()),
      seen.map((b) => b.cost.toString()),
      row.symbol,
      row.side,
      row.type,
      row.amount,
      row.limit_price,
      row.reserved,
      row.state,
      row.avg_price,
      row.fee,
      row.fee_asset,
      row.pnl,
      changed.map((b) => b.asset),
      changed.map((b) => b.free.toString()),
      changed.map((b) => b.used.toString()),
      changed.map((b) => b.cost.toString()),
      fill ? row.avg_price : null,
      fill ? equityFrom(balances.values(), def.quote, tickers, this.d.markets).toString() : null,
    ];
    return { row, params };
  }

  private insufficient(b: BalanceRow, needed: bigint) {
    return fieldRefusal(422, 'amount', 'order_insufficient', {
      asset: b.asset,
      available: formatUnits(b.free),
      needed: formatUnits(needed),
    });
  }

  /**
   * Moves the balances (in memory) for a whole fill of `amount` at `price`; `resting` says the order held
   * `reserved` in `used`. Throws a refusal when a taker lacks the balance. Returns the fee and, for a sell, the
   * profit against the average cost.
   */
  private settleFill(
    side: 'buy' | 'sell',
    amount: bigint,
    reserved: bigint,
    def: MarketDef,
    balances: Map<string, BalanceRow>,
    price: bigint,
    resting: boolean,
  ): { fee: bigint; pnl: bigint | null } {
    const base = balances.get(def.base)!;
    const quote = balances.get(def.quote)!;
    const s = settle(side, amount, price, def.priceDecimals, this.fees.feeBps);
    if (side === 'buy') {
      if (resting) {
        quote.used -= reserved;
        quote.free += reserved - s.quoteDelta;
      } else {
        if (quote.free < s.quoteDelta) throw this.insufficient(quote, s.quoteDelta);
        quote.free -= s.quoteDelta;
      }
      base.free += amount;
      base.cost += s.quoteDelta;
      return { fee: s.fee, pnl: null };
    }
    const holding = base.free + base.used;
    if (resting) base.used -= amount;
    else {
      if (base.free < amount) throw this.insufficient(base, amount);
      base.free -= amount;
    }
    const share = costShare(base.cost, amount, holding);
    base.cost -= share;
    quote.free += s.quoteDelta;
    return { fee: s.fee, pnl: s.quoteDelta - share };
  }

  /** The fill's record, with the account's value after it (from the locked balances). */
  private async recordFill(
    tx: Tx,
    order: OrderRow,
    def: MarketDef,
    price: bigint,
    fill: { fee: bigint; pnl: bigint | null },
    balances: Map<string, BalanceRow>,
    tickers: TickerRow[],
    now: Date,
  ) {
    await tx
      .insertInto('trade_fills')
      .values({
        order_id: order.id,
        account_id: this.account.id,
        symbol: def.symbol,
        side: order.side,
        amount: order.amount,
        price: priceStr(price, def),
        fee: fill.fee.toString(),
        fee_asset: def.quote,
        pnl: fill.pnl === null ? null : fill.pnl.toString(),
        equity_after: equityFrom(balances.values(), def.quote, tickers, this.d.markets).toString(),
        at: now,
      })
      .execute();
  }

  async cancelOrder(id: string): Promise<GatewayOrder> {
    return inTransaction(this.d.db, async (tx) => {
      const order = await tx
        .selectFrom('trade_orders')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', this.account.id)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw fieldRefusal(404, 'order_id', 'order_not_found');
      if (order.state !== 'open') throw fieldRefusal(409, 'order_id', 'order_not_open');
      // What it held is free again.
      const def = this.market(order.symbol);
      const asset = order.side === 'buy' ? def.quote : def.base;
      const held = BigInt(order.reserved);
      if (held > 0n) {
        const b = (await lockBalances(tx, this.account.id, [asset])).get(asset)!;
        b.used -= held;
        b.free += held;
        await saveBalances(tx, this.account.id, [b]);
      }
      const row = await tx
        .updateTable('trade_orders')
        .set({ state: 'cancelled', reserved: '0', updated_at: this.d.clock.now() })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return orderOf(row);
    });
  }

  async openOrders(symbol?: string): Promise<GatewayOrder[]> {
    const rows = await this.d.db
      .selectFrom('trade_orders')
      .selectAll()
      .where('account_id', '=', this.account.id)
      .where('state', '=', 'open')
      .$if(symbol !== undefined, (q) => q.where('symbol', '=', symbol!))
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return rows.map(orderOf);
  }

  async myTrades(symbol?: string, limit = 100): Promise<GatewayFill[]> {
    const rows = await this.d.db
      .selectFrom('trade_fills')
      .selectAll()
      .where('account_id', '=', this.account.id)
      .$if(symbol !== undefined, (q) => q.where('symbol', '=', symbol!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((f) => ({
      orderId: f.order_id,
      symbol: f.symbol,
      side: f.side,
      amount: formatUnits(f.amount),
      price: f.price,
      fee: formatUnits(f.fee),
      feeAsset: f.fee_asset,
      pnl: f.pnl === null ? '' : formatUnits(f.pnl),
      at: f.at,
    }));
  }

  async positions() {
    return [];
  }

  /**
   * Fills this account's resting orders of one market that the span of prices [low, high] reached, each at its
   * limit, each in its own transaction (an order cancelled meanwhile is left alone).
   */
  async fillReached(order: OrderRow, low: string, high: string): Promise<boolean> {
    const def = this.market(order.symbol);
    const price = limitFill(
      order.side,
      priceInt(order.limit_price!, def),
      BigInt(order.amount),
      priceInt(low, def),
      priceInt(high, def),
      def.priceDecimals,
      this.fees,
    );
    if (price === undefined) return false;
    const tickers = await this.d.data.tickers();
    return inTransaction(this.d.db, async (tx) => {
      const row = await tx
        .selectFrom('trade_orders')
        .selectAll()
        .where('id', '=', order.id)
        .where('state', '=', 'open')
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      const balances = await lockBalances(tx, this.account.id, [def.base, def.quote]);
      const now = this.d.clock.now();
      const fill = this.settleFill(
        row.side,
        BigInt(row.amount),
        BigInt(row.reserved),
        def,
        balances,
        price,
        true,
      );
      await saveBalances(tx, this.account.id, [balances.get(def.base)!, balances.get(def.quote)!]);
      const filled = await tx
        .updateTable('trade_orders')
        .set({
          filled: row.amount,
          avg_price: priceStr(price, def),
          fee: fill.fee.toString(),
          pnl: fill.pnl === null ? null : fill.pnl.toString(),
          reserved: '0',
          state: 'filled',
          updated_at: now,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.recordFill(tx, filled, def, price, fill, balances, tickers, now);
      return true;
    });
  }

  /** Starts afresh: open orders cancelled, every balance gone, the starting quote back; fills stay as records. */
  async reset(idempotencyKey: string, startBalance: bigint): Promise<number> {
    return inTransaction(this.d.db, async (tx) => {
      const first = await tx
        .insertInto('trade_resets')
        .values({
          account_id: this.account.id,
          member_id: this.account.memberId,
          idempotency_key: idempotencyKey,
          at: this.d.clock.now(),
        })
        .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
        .returning('account_id')
        .executeTakeFirst();
      const account = await tx
        .selectFrom('trading_accounts')
        .select('resets')
        .where('id', '=', this.account.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (!first) return account.resets;
      await tx
        .updateTable('trade_orders')
        .set({ state: 'cancelled', reason: 'reset', reserved: '0', updated_at: this.d.clock.now() })
        .where('account_id', '=', this.account.id)
        .where('state', '=', 'open')
        .execute();
      await tx.deleteFrom('paper_balances').where('account_id', '=', this.account.id).execute();
      await tx
        .insertInto('paper_balances')
        .values({ account_id: this.account.id, asset: this.account.quote, free: startBalance.toString() })
        .execute();
      const updated = await tx
        .updateTable('trading_accounts')
        .set({ resets: account.resets + 1, start_balance: startBalance.toString() })
        .where('id', '=', this.account.id)
        .returning('resets')
        .executeTakeFirstOrThrow();
      return updated.resets;
    });
  }
}
