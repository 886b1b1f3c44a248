import { createHash } from 'node:crypto';
import { type CandleTimeframe, formatAmount, PERP } from '@mp/contract';
import { CompiledQuery, type Selectable, sql } from 'kysely';
import { type Db, inTransaction, poolOf, type Tx } from '../../db/database.ts';
import type { PaperPositionsTable, TradeOrdersTable } from '../../db/schema-trading.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { type MarketData, type TickerRow, type MarketDef, PRICE_BAND_PERCENT } from './markets.ts';
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
import {
  fundingAmount,
  liquidationPrice,
  type PerpPosition,
  perpFill,
  perpReserve,
  sideOfOrder,
  unrealized,
} from './perp-math.ts';

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
type PositionRow = Selectable<PaperPositionsTable>;
/** An open position as the arithmetic sees it, with its market. */
type HeldPosition = PerpPosition & { symbol: string };
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
  const perp = r.market === 'perp' ? ['perp', r.leverage ?? 1, r.reduceOnly === true] : [];
  return createHash('sha256')
    .update(JSON.stringify([account, r.symbol, r.side, r.type, r.amount, r.price ?? '', ...perp]))
    .digest('hex')
    .slice(0, 32);
}

export function orderOf(row: OrderRow): GatewayOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    market: row.market,
    leverage: row.leverage,
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

/**
 * The account's balances as last committed, unlocked (the fast path of an order; `paper_place` checks them), and
 * its open positions (for the account's value after a fill), in one round trip.
 */
async function readBalances(
  db: Db,
  accountId: string,
): Promise<{ balances: Map<string, BalanceRow>; positions: PositionRow[] }> {
  const res = await poolOf(db).query<{
    asset: string;
    free: string;
    used: string;
    cost: string;
    positions: PositionRow[] | null;
  }>({
    name: 'paper_balances_read_2',
    text: `SELECT asset, free, used, cost,
      (SELECT json_agg(json_build_object('symbol', p.symbol, 'side', p.side, 'contracts', p.contracts::text,
        'entry_price', p.entry_price::text, 'margin', p.margin::text)) FROM paper_positions p
       WHERE p.account_id = $1) AS positions
      FROM paper_balances WHERE account_id = $1`,
    values: [accountId],
  });
  return {
    balances: new Map(
      res.rows.map((r) => [
        r.asset,
        { asset: r.asset, free: BigInt(r.free), used: BigInt(r.used), cost: BigInt(r.cost) },
      ]),
    ),
    positions: res.rows[0]?.positions ?? [],
  };
}

async function readPositions(db: Db | Tx, accountId: string): Promise<PositionRow[]> {
  return db.selectFrom('paper_positions').selectAll().where('account_id', '=', accountId).execute();
}

function heldOf(
  row: Pick<PositionRow, 'symbol' | 'side' | 'contracts' | 'entry_price' | 'margin'> & {
    leverage?: number;
  },
  def: MarketDef,
): HeldPosition {
  return {
    symbol: row.symbol,
    side: row.side,
    contracts: BigInt(row.contracts),
    entry: priceInt(row.entry_price, def),
    margin: BigInt(row.margin),
    leverage: row.leverage ?? 1,
  };
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

/**
 * The account's value in its quote asset at the last prices (holdings without a market count nothing): balances
 * (a position's margin is in the quote's `used`) plus the positions' unrealized profit.
 */
function equityFrom(
  rows: Iterable<{ asset: string; free: bigint; used: bigint }>,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
  positions: Pick<PositionRow, 'symbol' | 'side' | 'contracts' | 'entry_price' | 'margin'>[] = [],
): bigint {
  let equity = 0n;
  for (const p of positions) {
    const def = markets.get(p.symbol);
    const t = tickers.find((x) => x.symbol === p.symbol);
    if (def && t) equity += unrealized(heldOf(p, def), priceInt(t.last, def), def.priceDecimals).pnl;
  }
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
  const [rows, positions] = await Promise.all([
    db
      .selectFrom('paper_balances')
      .select(['asset', 'free', 'used'])
      .where('account_id', '=', accountId)
      .execute(),
    readPositions(db, accountId),
  ]);
  return equityFrom(
    rows.map((r) => ({ asset: r.asset, free: BigInt(r.free), used: BigInt(r.used) })),
    quote,
    tickers,
    markets,
    positions,
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
    // Closing what is left of a position is never refused for being small.
    if (units < minUnits && !r.reduceOnly)
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
    if (valueAt(units, limit ?? last, def.priceDecimals, 'down') < minCost && !r.reduceOnly)
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
    try {
      if (r.market === 'perp') return orderOf(await this.placePerp(r, checked, hash, tickers));
      const read = await readBalances(this.d.db, this.account.id);
      const place = (balances: Map<string, BalanceRow>, positions: PositionRow[]) =>
        this.decide(r, checked, hash, balances, tickers, positions);
      const fast = await place(read.balances, read.positions);
      const done =
        (await callPlace(this.d.db, fast.params)) ??
        (await inTransaction(this.d.db, async (tx) => {
          const locked = await place(
            await lockBalances(tx, this.account.id, []),
            await readPositions(tx, this.account.id),
          );
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
    positions: PositionRow[],
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
      market: 'spot',
      leverage: 1,
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
      fill ? equityFrom(balances.values(), def.quote, tickers, this.d.markets, positions).toString() : null,
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

  /**
   * The fill's record, with the account's value after it (from the locked balances; the positions as this
   * transaction left them).
   */
  private async recordFill(
    tx: Tx,
    order: OrderRow,
    def: MarketDef,
    price: bigint,
    fill: { fee: bigint; pnl: bigint | null },
    balances: Map<string, BalanceRow>,
    tickers: TickerRow[],
    now: Date,
    reason = '',
  ) {
    const positions = await readPositions(tx, this.account.id);
    await tx
      .insertInto('trade_fills')
      .values({
        order_id: order.id,
        account_id: this.account.id,
        symbol: def.symbol,
        side: order.side,
        amount: order.filled,
        price: priceStr(price, def),
        fee: fill.fee.toString(),
        fee_asset: def.quote,
        pnl: fill.pnl === null ? null : fill.pnl.toString(),
        equity_after: equityFrom(balances.values(), def.quote, tickers, this.d.markets, positions).toString(),
        market: order.market,
        reason,
        at: now,
      })
      .execute();
  }

  private async lockPosition(tx: Tx, def: MarketDef) {
    const row = await tx
      .selectFrom('paper_positions')
      .selectAll()
      .where('account_id', '=', this.account.id)
      .where('symbol', '=', def.symbol)
      .forUpdate()
      .executeTakeFirst();
    return { row, held: row ? heldOf(row, def) : undefined };
  }

  /**
   * Stores the position a fill left (none: deleted). The same side goes on (its funding and opening time kept); a
   * new or reversed one starts afresh.
   */
  private async savePosition(
    tx: Tx,
    def: MarketDef,
    before: PositionRow | undefined,
    after: PerpPosition | undefined,
    now: Date,
  ) {
    if (!after) {
      if (before)
        await tx
          .deleteFrom('paper_positions')
          .where('account_id', '=', this.account.id)
          .where('symbol', '=', def.symbol)
          .execute();
      return;
    }
    const fields = {
      side: after.side,
      contracts: after.contracts.toString(),
      entry_price: priceStr(after.entry, def),
      margin: after.margin.toString(),
      leverage: after.leverage,
      liquidation_price: priceStr(liquidationPrice(after, def.priceDecimals, PERP.maintenanceBps), def),
      updated_at: now,
    };
    if (before && before.side === after.side) {
      await tx
        .updateTable('paper_positions')
        .set(fields)
        .where('account_id', '=', this.account.id)
        .where('symbol', '=', def.symbol)
        .execute();
      return;
    }
    if (before)
      await tx
        .deleteFrom('paper_positions')
        .where('account_id', '=', this.account.id)
        .where('symbol', '=', def.symbol)
        .execute();
    await tx
      .insertInto('paper_positions')
      .values({ ...fields, account_id: this.account.id, symbol: def.symbol, funding: '0', opened_at: now })
      .execute();
  }

  /** Stores a new order row of this account; a key used before throws KeyUsed (the transaction rolls back). */
  private async insertOrder(tx: Tx, row: Omit<OrderRow, 'id'>): Promise<OrderRow> {
    const made = await tx
      .insertInto('trade_orders')
      .values(row)
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!made) throw new KeyUsed();
    return made;
  }

  /**
   * A perpetual order, in one transaction with the quote balance and the market's position locked: a market order
   * (or a limit one that can fill now) fills at once against the position; a resting limit order holds margin and
   * fee for its whole amount at its limit.
   */
  private async placePerp(
    r: OrderRequest,
    { def, units, last, limit }: Awaited<ReturnType<PaperExchange['check']>>,
    hash: string,
    tickers: TickerRow[],
  ): Promise<OrderRow> {
    return inTransaction(this.d.db, async (tx) => {
      const balances = await lockBalances(tx, this.account.id, [def.quote]);
      const quote = balances.get(def.quote)!;
      const { row: before, held } = await this.lockPosition(tx, def);
      let amount = units;
      if (r.reduceOnly) {
        if (!held || held.side === sideOfOrder(r.side))
          throw fieldRefusal(409, 'symbol', 'position_none', { symbol: def.symbol });
        if (amount > held.contracts) amount = held.contracts;
      }
      // Adding to a position keeps its leverage; reducing or reversing one opens at the order's.
      const leverage = held && held.side === sideOfOrder(r.side) ? held.leverage : (r.leverage ?? 1);
      const now = this.d.clock.now();
      const fillAt =
        limit === undefined
          ? takerPrice(r.side, last, amount, def.priceDecimals, this.fees)
          : marketableAt(r.side, limit, last, amount, def.priceDecimals, this.fees);
      const base = {
        account_id: this.account.id,
        member_id: this.account.memberId,
        symbol: def.symbol,
        side: r.side,
        type: r.type,
        amount: amount.toString(),
        limit_price: limit === undefined ? null : priceStr(limit, def),
        fee_asset: def.quote,
        exchange_order_id: null,
        idempotency_key: r.idempotencyKey,
        request_hash: hash,
        market: 'perp' as const,
        leverage,
        created_at: now,
        updated_at: now,
      };
      if (fillAt === undefined) {
        const reserve = perpReserve(amount, limit!, def.priceDecimals, leverage, this.fees.feeBps);
        if (quote.free < reserve) throw this.insufficient(quote, reserve);
        quote.free -= reserve;
        quote.used += reserve;
        await saveBalances(tx, this.account.id, [quote]);
        return this.insertOrder(tx, {
          ...base,
          reserved: reserve.toString(),
          filled: '0',
          avg_price: null,
          fee: '0',
          pnl: null,
          state: 'open',
          reason: '',
        });
      }
      const f = perpFill({
        position: held,
        side: r.side,
        amount,
        price: fillAt,
        pd: def.priceDecimals,
        leverage,
        feeBps: this.fees.feeBps,
        free: quote.free,
      });
      if (f.short > 0n) throw this.insufficient(quote, quote.free + f.short);
      quote.free += f.freeDelta;
      quote.used += f.usedDelta;
      await saveBalances(tx, this.account.id, [quote]);
      await this.savePosition(tx, def, before, f.position, now);
      const order = await this.insertOrder(tx, {
        ...base,
        leverage: f.position?.leverage ?? held?.leverage ?? leverage,
        reserved: '0',
        filled: amount.toString(),
        avg_price: priceStr(fillAt, def),
        fee: f.fee.toString(),
        pnl: f.pnl === null ? null : f.pnl.toString(),
        state: 'filled',
        reason: '',
      });
      await this.recordFill(tx, order, def, fillAt, f, balances, tickers, now);
      return order;
    });
  }

  /** A resting perpetual order whose limit was reached: its hold is released and it fills like a taker at its limit. */
  private async fillPerpReached(tx: Tx, row: OrderRow, def: MarketDef, price: bigint, tickers: TickerRow[]) {
    const balances = await lockBalances(tx, this.account.id, [def.quote]);
    const quote = balances.get(def.quote)!;
    const { row: before, held } = await this.lockPosition(tx, def);
    const now = this.d.clock.now();
    quote.used -= BigInt(row.reserved);
    quote.free += BigInt(row.reserved);
    const f = perpFill({
      position: held,
      side: row.side,
      amount: BigInt(row.amount),
      price,
      pd: def.priceDecimals,
      leverage: held?.leverage ?? row.leverage,
      feeBps: this.fees.feeBps,
      free: quote.free,
    });
    if (f.short > 0n) {
      // Its hold covers its margin and fee at its limit; a position of another leverage may need more.
      await saveBalances(tx, this.account.id, [quote]);
      await tx
        .updateTable('trade_orders')
        .set({ state: 'rejected', reason: 'insufficient', reserved: '0', updated_at: now })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    quote.free += f.freeDelta;
    quote.used += f.usedDelta;
    await saveBalances(tx, this.account.id, [quote]);
    await this.savePosition(tx, def, before, f.position, now);
    const filled = await tx
      .updateTable('trade_orders')
      .set({
        filled: row.amount,
        avg_price: priceStr(price, def),
        fee: f.fee.toString(),
        pnl: f.pnl === null ? null : f.pnl.toString(),
        reserved: '0',
        state: 'filled',
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.recordFill(tx, filled, def, price, f, balances, tickers, now);
    return true;
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
      // What it held is free again (a perpetual order holds the quote).
      const def = this.market(order.symbol);
      const asset = order.market === 'perp' || order.side === 'buy' ? def.quote : def.base;
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
      market: f.market,
      reason: f.reason,
      side: f.side,
      amount: formatUnits(f.amount),
      price: f.price,
      fee: formatUnits(f.fee),
      feeAsset: f.fee_asset,
      pnl: f.pnl === null ? '' : formatUnits(f.pnl),
      at: f.at,
    }));
  }

  /** Open perpetual positions, valued at the last prices. */
  async positions(): Promise<GatewayPosition[]> {
    const [rows, tickers] = await Promise.all([
      readPositions(this.d.db, this.account.id),
      this.d.data.tickers(),
    ]);
    return rows.flatMap((row) => {
      const def = this.d.markets.get(row.symbol);
      if (!def) return [];
      const held = heldOf(row, def);
      const t = tickers.find((x) => x.symbol === row.symbol);
      const mark = t ? priceInt(t.last, def) : held.entry;
      const u = unrealized(held, mark, def.priceDecimals);
      return [
        {
          symbol: row.symbol,
          side: row.side,
          contracts: formatUnits(row.contracts),
          entryPrice: row.entry_price,
          markPrice: priceStr(mark, def),
          liquidationPrice: row.liquidation_price,
          margin: formatUnits(row.margin),
          leverage: row.leverage,
          unrealizedPnl: formatUnits(u.pnl),
          roePercent: u.roe,
          funding: formatUnits(row.funding),
          openedAt: row.opened_at,
        },
      ];
    });
  }

  /** Closes the market's position at market: a reduce-only order of its whole size. A retry answers the first. */
  async closePosition(symbol: string, idempotencyKey: string): Promise<GatewayOrder> {
    const def = this.market(symbol);
    const row = await this.d.db
      .selectFrom('paper_positions')
      .selectAll()
      .where('account_id', '=', this.account.id)
      .where('symbol', '=', def.symbol)
      .executeTakeFirst();
    if (!row) {
      const first = await this.d.db
        .selectFrom('trade_orders')
        .selectAll()
        .where('member_id', '=', this.account.memberId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (first?.market === 'perp' && first.symbol === def.symbol && first.account_id === this.account.id)
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

  /**
   * Liquidates the market's position when the span of prices [low, high] reached its liquidation price: it is
   * closed at that price and its margin is gone (what a maintenance margin leaves is the exchange's).
   */
  async liquidateReached(symbol: string, low: string, high: string): Promise<boolean> {
    const def = this.market(symbol);
    const tickers = await this.d.data.tickers();
    return inTransaction(this.d.db, async (tx) => {
      const balances = await lockBalances(tx, this.account.id, [def.quote]);
      const quote = balances.get(def.quote)!;
      const { row, held } = await this.lockPosition(tx, def);
      if (!row || !held) return false;
      const liq = liquidationPrice(held, def.priceDecimals, PERP.maintenanceBps);
      const reached = held.side === 'long' ? priceInt(low, def) <= liq : priceInt(high, def) >= liq;
      if (!reached || liq <= 0n) return false;
      const now = this.d.clock.now();
      quote.used -= held.margin;
      await saveBalances(tx, this.account.id, [quote]);
      await this.savePosition(tx, def, row, undefined, now);
      const fill = { fee: 0n, pnl: -held.margin };
      const order = await this.insertOrder(tx, {
        account_id: this.account.id,
        member_id: this.account.memberId,
        symbol: def.symbol,
        side: held.side === 'long' ? 'sell' : 'buy',
        type: 'market',
        amount: row.contracts,
        limit_price: null,
        reserved: '0',
        filled: row.contracts,
        avg_price: priceStr(liq, def),
        fee: '0',
        fee_asset: def.quote,
        pnl: fill.pnl.toString(),
        state: 'filled',
        reason: 'liquidation',
        exchange_order_id: null,
        idempotency_key: `liquidation:${def.symbol}:${row.opened_at.getTime()}`,
        request_hash: 'liquidation',
        market: 'perp',
        leverage: held.leverage,
        created_at: now,
        updated_at: now,
      });
      await this.recordFill(tx, order, def, liq, fill, balances, tickers, now, 'liquidation');
      return true;
    });
  }

  /**
   * Settles one funding time on the market's position, once (the funding record's key): longs pay shorts
   * `rateBps` of the position's value at `mark`, from or into its margin (never below zero).
   */
  async settleFunding(
    symbol: string,
    fundingTime: Date,
    mark: string,
    rateBps: number,
  ): Promise<bigint | null> {
    const def = this.market(symbol);
    return inTransaction(this.d.db, async (tx) => {
      const balances = await lockBalances(tx, this.account.id, [def.quote]);
      const quote = balances.get(def.quote)!;
      const { row, held } = await this.lockPosition(tx, def);
      if (!row || !held || row.opened_at > fundingTime) return null;
      let amount = fundingAmount(held, priceInt(mark, def), def.priceDecimals, rateBps);
      if (held.margin + amount < 0n) amount = -held.margin;
      const first = await tx
        .insertInto('paper_funding')
        .values({
          account_id: this.account.id,
          symbol: def.symbol,
          funding_time: fundingTime,
          side: held.side,
          contracts: row.contracts,
          mark_price: mark,
          rate_bps: rateBps,
          amount: amount.toString(),
        })
        .onConflict((oc) => oc.columns(['account_id', 'symbol', 'funding_time']).doNothing())
        .returning('amount')
        .executeTakeFirst();
      if (!first) return null;
      quote.used += amount;
      await saveBalances(tx, this.account.id, [quote]);
      const after = { ...held, margin: held.margin + amount };
      await tx
        .updateTable('paper_positions')
        .set({
          margin: after.margin.toString(),
          funding: (BigInt(row.funding) + amount).toString(),
          liquidation_price: priceStr(liquidationPrice(after, def.priceDecimals, PERP.maintenanceBps), def),
          updated_at: this.d.clock.now(),
        })
        .where('account_id', '=', this.account.id)
        .where('symbol', '=', def.symbol)
        .execute();
      return amount;
    });
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
      if (row.market === 'perp') return this.fillPerpReached(tx, row, def, price, tickers);
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
      // The account first: the reset row's foreign key takes a share lock on it, and two resets that each held
      // that share lock and then asked for this one deadlocked.
      const account = await tx
        .selectFrom('trading_accounts')
        .select('resets')
        .where('id', '=', this.account.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
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
      if (!first) return account.resets;
      await tx
        .updateTable('trade_orders')
        .set({ state: 'cancelled', reason: 'reset', reserved: '0', updated_at: this.d.clock.now() })
        .where('account_id', '=', this.account.id)
        .where('state', '=', 'open')
        .execute();
      await tx.deleteFrom('paper_positions').where('account_id', '=', this.account.id).execute();
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
