import { PERP } from '@mp/contract';
import { inTransaction, type Tx } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import type { OrderRequest } from './gateway.ts';
import type { MarketDef, TickerRow } from './markets.ts';
import { lockBalances, saveBalances } from './paper-book.ts';
import type { CheckedOrder } from './paper-check.ts';
import {
  type BalanceRow,
  type HeldPosition,
  insufficient,
  type OrderRow,
  type PaperCtx,
  type PositionRow,
  priceInt,
  priceStr,
} from './paper-common.ts';
import { marketableAt, takerPrice } from './paper-math.ts';
import { insertOrder, markFilled, rejectOrder } from './order-store.ts';
import { recordFill } from './paper-orders.ts';
import { addFunding, lockPosition, savePosition } from './paper-positions.ts';
import {
  fundingAmount,
  liquidationPrice,
  type PerpFill,
  perpFill,
  perpReserve,
  sideOfOrder,
} from './perp-math.ts';

/**
 * Perpetual orders on the paper exchange, each in one transaction with the account's balances and the market's
 * position locked: placing one (filled against the position, or resting on its margin and fee), a resting one
 * filled when its limit is reached, a position liquidated when the price reaches its liquidation price, and the
 * funding a position pays or receives.
 */

/** A perpetual change's transaction: the account's balances (its quote among them) and the market's position, locked. */
type PerpLocked = {
  tx: Tx;
  ctx: PaperCtx;
  def: MarketDef;
  balances: Map<string, BalanceRow>;
  quote: BalanceRow;
  before: PositionRow | undefined;
  held: HeldPosition | undefined;
};

async function lockPerp(tx: Tx, ctx: PaperCtx, def: MarketDef): Promise<PerpLocked> {
  const balances = await lockBalances(tx, ctx.account.id, [def.quote]);
  const { row, held } = await lockPosition(tx, ctx.account.id, def);
  return { tx, ctx, def, balances, quote: balances.get(def.quote)!, before: row, held };
}

/** An order row's fields before it is filled or rests. */
type OrderBase = Omit<
  OrderRow,
  'id' | 'reserved' | 'filled' | 'avg_price' | 'fee' | 'pnl' | 'state' | 'reason'
>;

/**
 * A perpetual order: a market order (or a limit one that can fill now) fills at once against the position; a
 * resting limit order holds margin and fee for its whole amount at its limit.
 */
export async function placePerp(
  ctx: PaperCtx,
  r: OrderRequest,
  { def, units, last, limit }: CheckedOrder,
  hash: string,
  tickers: TickerRow[],
): Promise<OrderRow> {
  return inTransaction(ctx.d.db, async (tx) => {
    const locked = await lockPerp(tx, ctx, def);
    const { amount, leverage } = perpSize(r, def, units, locked.held);
    const now = ctx.d.clock.now();
    const fillAt =
      limit === undefined
        ? takerPrice(r.side, last, amount, def.priceDecimals, ctx.fees)
        : marketableAt(r.side, limit, last, amount, def.priceDecimals, ctx.fees);
    const base: OrderBase = {
      account_id: ctx.account.id,
      member_id: ctx.account.memberId,
      symbol: def.symbol,
      side: r.side,
      type: r.type,
      amount: amount.toString(),
      limit_price: limit === undefined ? null : priceStr(limit, def),
      fee_asset: def.quote,
      exchange_order_id: null,
      idempotency_key: r.idempotencyKey,
      request_hash: hash,
      market: 'perp',
      leverage,
      created_at: now,
      updated_at: now,
    };
    if (fillAt === undefined) return restPerp(locked, base, amount, limit!);
    return fillPerpNow(locked, base, amount, fillAt, tickers, now);
  });
}

/**
 * The order's amount (a reduce-only one at most the position's size, refused without an opposite position) and
 * its leverage: adding to a position keeps the position's; reducing or reversing one opens at the order's.
 */
function perpSize(r: OrderRequest, def: MarketDef, units: bigint, held: HeldPosition | undefined) {
  let amount = units;
  if (r.reduceOnly) {
    if (!held || held.side === sideOfOrder(r.side))
      throw fieldRefusal(409, 'symbol', 'position_none', { symbol: def.symbol });
    if (amount > held.contracts) amount = held.contracts;
  }
  const leverage = held && held.side === sideOfOrder(r.side) ? held.leverage : (r.leverage ?? 1);
  return { amount, leverage };
}

/** A resting perpetual order: its margin and fee at its limit move from free to used. */
async function restPerp(l: PerpLocked, base: OrderBase, amount: bigint, limit: bigint): Promise<OrderRow> {
  const { quote, ctx } = l;
  const reserve = perpReserve(amount, limit, l.def.priceDecimals, base.leverage, ctx.fees.feeBps);
  if (quote.free < reserve) throw insufficient(quote, reserve);
  quote.free -= reserve;
  quote.used += reserve;
  await saveBalances(l.tx, ctx.account.id, [quote]);
  return insertOrder(l.tx, {
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

/** A perpetual order filled whole at once at `price`, against the position. */
async function fillPerpNow(
  l: PerpLocked,
  base: OrderBase,
  amount: bigint,
  price: bigint,
  tickers: TickerRow[],
  now: Date,
): Promise<OrderRow> {
  const f = fillOn(l, base.side, amount, price, base.leverage);
  if (f.short > 0n) throw insufficient(l.quote, l.quote.free + f.short);
  await applyFill(l, f, now);
  const order = await insertOrder(l.tx, {
    ...base,
    leverage: f.position?.leverage ?? l.held?.leverage ?? base.leverage,
    reserved: '0',
    filled: amount.toString(),
    avg_price: priceStr(price, l.def),
    fee: f.fee.toString(),
    pnl: f.pnl === null ? null : f.pnl.toString(),
    state: 'filled',
    reason: '',
  });
  await recordFill(l.tx, l.ctx, order, l.def, price, f, l.balances, tickers, now);
  return order;
}

/** What a fill of `amount` at `price` does to the locked position and quote (nothing moved yet). */
function fillOn(l: PerpLocked, side: 'buy' | 'sell', amount: bigint, price: bigint, leverage: number) {
  return perpFill({
    position: l.held,
    side,
    amount,
    price,
    pd: l.def.priceDecimals,
    leverage,
    feeBps: l.ctx.fees.feeBps,
    free: l.quote.free,
  });
}

/** Moves the quote by the fill and stores the position it leaves. */
async function applyFill(l: PerpLocked, f: PerpFill, now: Date) {
  l.quote.free += f.freeDelta;
  l.quote.used += f.usedDelta;
  await saveBalances(l.tx, l.ctx.account.id, [l.quote]);
  await savePosition(l.tx, l.ctx.account.id, l.def, l.before, f.position, now);
}

/** A resting perpetual order whose limit was reached: its hold is released and it fills like a taker at its limit. */
export async function fillPerpReached(
  tx: Tx,
  ctx: PaperCtx,
  row: OrderRow,
  def: MarketDef,
  price: bigint,
  tickers: TickerRow[],
): Promise<boolean> {
  const l = await lockPerp(tx, ctx, def);
  const now = ctx.d.clock.now();
  l.quote.used -= BigInt(row.reserved);
  l.quote.free += BigInt(row.reserved);
  const f = fillOn(l, row.side, BigInt(row.amount), price, l.held?.leverage ?? row.leverage);
  if (f.short > 0n) {
    // Its hold covers its margin and fee at its limit; a position of another leverage may need more.
    await saveBalances(tx, ctx.account.id, [l.quote]);
    await rejectOrder(tx, row.id, 'insufficient', now);
    return false;
  }
  await applyFill(l, f, now);
  const filled = await markFilled(tx, row, def, price, f, now);
  await recordFill(tx, ctx, filled, def, price, f, l.balances, tickers, now);
  return true;
}

/**
 * Liquidates the market's position when the span of prices [low, high] reached its liquidation price: it is
 * closed at that price and its margin is gone (what a maintenance margin leaves is the exchange's).
 */
export async function liquidateReached(
  ctx: PaperCtx,
  def: MarketDef,
  low: string,
  high: string,
  tickers: TickerRow[],
): Promise<boolean> {
  return inTransaction(ctx.d.db, async (tx) => {
    const l = await lockPerp(tx, ctx, def);
    const { before: row, held } = l;
    if (!row || !held) return false;
    const liq = liquidationPrice(held, def.priceDecimals, PERP.maintenanceBps);
    const reached = held.side === 'long' ? priceInt(low, def) <= liq : priceInt(high, def) >= liq;
    if (!reached || liq <= 0n) return false;
    const now = ctx.d.clock.now();
    l.quote.used -= held.margin;
    await saveBalances(tx, ctx.account.id, [l.quote]);
    await savePosition(tx, ctx.account.id, def, row, undefined, now);
    const fill = { fee: 0n, pnl: -held.margin };
    const order = await insertOrder(tx, {
      account_id: ctx.account.id,
      member_id: ctx.account.memberId,
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
    await recordFill(tx, ctx, order, def, liq, fill, l.balances, tickers, now, 'liquidation');
    return true;
  });
}

/**
 * Settles one funding time on the market's position, once (the funding record's key): longs pay shorts
 * `rateBps` of the position's value at `mark`, from or into its margin (never below zero).
 */
export async function settleFunding(
  ctx: PaperCtx,
  def: MarketDef,
  fundingTime: Date,
  mark: string,
  rateBps: number,
): Promise<bigint | null> {
  return inTransaction(ctx.d.db, async (tx) => {
    const { quote, before: row, held } = await lockPerp(tx, ctx, def);
    if (!row || !held || row.opened_at > fundingTime) return null;
    let amount = fundingAmount(held, priceInt(mark, def), def.priceDecimals, rateBps);
    if (held.margin + amount < 0n) amount = -held.margin;
    const first = await tx
      .insertInto('paper_funding')
      .values({
        account_id: ctx.account.id,
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
    await saveBalances(tx, ctx.account.id, [quote]);
    await addFunding(tx, def, row, held, amount, ctx.d.clock.now());
    return amount;
  });
}
