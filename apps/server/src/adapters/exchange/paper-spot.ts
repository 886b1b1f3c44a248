import { inTransaction, type Tx } from '../../db/database.ts';
import type { OrderRequest } from './gateway.ts';
import type { MarketDef, TickerRow } from './markets.ts';
import { callPlace, lockBalances, readBalances, saveBalances } from './paper-book.ts';
import type { CheckedOrder } from './paper-check.ts';
import {
  type BalanceRow,
  equityFrom,
  insufficient,
  type OrderRow,
  type PaperCtx,
  type PositionRow,
  priceStr,
} from './paper-common.ts';
import { costShare, marketableAt, type PaperFees, reserveFor, settle, takerPrice } from './paper-math.ts';
import { markFilled } from './order-store.ts';
import { type FillResult, recordFill } from './paper-orders.ts';
import { readPositions } from './paper-positions.ts';

/**
 * Spot orders on the paper exchange. Like freqtrade's dry-run, a market order fills at once at the last price moved
 * by the half-spread and a slippage that grows with the order's value; a limit order that can fill at once does so
 * as a taker; otherwise it rests, holding what it needs, and fills whole at its limit when the price reaches it.
 * An order is settled in memory on the balances read (a refusal changes nothing) and stored by `paper_place`.
 */

/**
 * Reads the account's balances, settles the order on them in memory and hands the result to `paper_place`
 * (migration 0014), which stores the order in its final state (filled, or open holding its funds), the balances
 * and the fill in one transaction, if the balances are still what was read. If they moved (another order of the
 * account came first) it decides again with the rows locked.
 */
export async function placeSpot(
  ctx: PaperCtx,
  r: OrderRequest,
  checked: CheckedOrder,
  hash: string,
  tickers: TickerRow[],
): Promise<OrderRow> {
  const { d, account } = ctx;
  const read = await readBalances(d.db, account.id);
  const place = (balances: Map<string, BalanceRow>, positions: PositionRow[]) =>
    decideSpot(ctx, r, checked, hash, balances, tickers, positions);
  const fast = place(read.balances, read.positions);
  const done =
    (await callPlace(d.db, fast.params)) ??
    (await inTransaction(d.db, async (tx) => {
      const locked = place(await lockBalances(tx, account.id, []), await readPositions(tx, account.id));
      const id = await callPlace(tx, locked.params);
      if (id === undefined) throw new Error('paper: balances moved under their lock');
      return { ...locked, id };
    }));
  return typeof done === 'string' ? { ...fast.row, id: done } : { ...done.row, id: done.id };
}

/** What an order did to the balances: filled at once (at `fillAt`), or resting on what it `reserved`. */
type SpotOutcome = {
  fillAt: bigint | undefined;
  fill: FillResult | undefined;
  reserved: bigint;
  /** The balance rows it moved. */
  changed: BalanceRow[];
};

/** The order settled on `balances` (changed in place): the row to store and `paper_place`'s parameters. */
function decideSpot(
  ctx: PaperCtx,
  r: OrderRequest,
  checked: CheckedOrder,
  hash: string,
  balances: Map<string, BalanceRow>,
  tickers: TickerRow[],
  positions: PositionRow[],
) {
  const { def } = checked;
  const seen = [...balances.values()].map((b) => ({ ...b }));
  for (const asset of [def.base, def.quote])
    if (!balances.has(asset)) balances.set(asset, { asset, free: 0n, used: 0n, cost: 0n });
  const now = ctx.d.clock.now();
  const outcome = fillOrHold(ctx.fees, r, checked, balances);
  const row = spotOrderRow(ctx, r, checked, hash, outcome, now);
  const equity = outcome.fill
    ? equityFrom(balances.values(), def.quote, tickers, ctx.d.markets, positions)
    : undefined;
  return { row, params: placeParams(row, seen, outcome, equity) };
}

/** Fills the order at once when its price allows, else holds what a resting order needs (refused when short). */
function fillOrHold(
  fees: PaperFees,
  r: OrderRequest,
  { def, units, last, limit }: CheckedOrder,
  balances: Map<string, BalanceRow>,
): SpotOutcome {
  const fillAt =
    limit === undefined
      ? takerPrice(r.side, last, units, def.priceDecimals, fees)
      : marketableAt(r.side, limit, last, units, def.priceDecimals, fees);
  if (fillAt !== undefined) {
    const fill = settleFill(fees, r.side, units, 0n, def, balances, fillAt, false);
    return { fillAt, fill, reserved: 0n, changed: [balances.get(def.base)!, balances.get(def.quote)!] };
  }
  // A resting limit order holds what it needs.
  const reserved = reserveFor(r.side, units, limit!, def.priceDecimals, fees.feeBps);
  const from = balances.get(r.side === 'buy' ? def.quote : def.base)!;
  if (from.free < reserved) throw insufficient(from, reserved);
  from.free -= reserved;
  from.used += reserved;
  return { fillAt, fill: undefined, reserved, changed: [from] };
}

function spotOrderRow(
  ctx: PaperCtx,
  r: OrderRequest,
  { def, units, limit }: CheckedOrder,
  hash: string,
  { fillAt, fill, reserved }: SpotOutcome,
  now: Date,
): OrderRow {
  return {
    id: '',
    account_id: ctx.account.id,
    member_id: ctx.account.memberId,
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
}

/**
 * `paper_place`'s parameters, in its order: the order's key, the balances as read (`seen`, its check that they did
 * not move), the order, the balances it changed, and for a fill its price and the account's value after it.
 */
function placeParams(
  row: OrderRow,
  seen: BalanceRow[],
  { fill, changed }: SpotOutcome,
  equity: bigint | undefined,
): unknown[] {
  return [
    row.account_id,
    row.member_id,
    row.idempotency_key,
    row.request_hash,
    row.created_at,
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
    equity === undefined ? null : equity.toString(),
  ];
}

/**
 * Moves the balances (in memory) for a whole fill of `amount` at `price`; `resting` says the order held
 * `reserved` in `used`. Throws a refusal when a taker lacks the balance. Returns the fee and, for a sell, the
 * profit against the average cost.
 */
function settleFill(
  fees: PaperFees,
  side: 'buy' | 'sell',
  amount: bigint,
  reserved: bigint,
  def: MarketDef,
  balances: Map<string, BalanceRow>,
  price: bigint,
  resting: boolean,
): FillResult {
  const base = balances.get(def.base)!;
  const quote = balances.get(def.quote)!;
  const s = settle(side, amount, price, def.priceDecimals, fees.feeBps);
  if (side === 'buy') {
    if (resting) {
      quote.used -= reserved;
      quote.free += reserved - s.quoteDelta;
    } else {
      if (quote.free < s.quoteDelta) throw insufficient(quote, s.quoteDelta);
      quote.free -= s.quoteDelta;
    }
    base.free += amount;
    base.cost += s.quoteDelta;
    return { fee: s.fee, pnl: null };
  }
  const holding = base.free + base.used;
  if (resting) base.used -= amount;
  else {
    if (base.free < amount) throw insufficient(base, amount);
    base.free -= amount;
  }
  const share = costShare(base.cost, amount, holding);
  base.cost -= share;
  quote.free += s.quoteDelta;
  return { fee: s.fee, pnl: s.quoteDelta - share };
}

/** A resting spot order (locked, open) whose limit was reached: it fills whole at `price` from what it held. */
export async function fillSpotReached(
  tx: Tx,
  ctx: PaperCtx,
  row: OrderRow,
  def: MarketDef,
  price: bigint,
  tickers: TickerRow[],
): Promise<boolean> {
  const balances = await lockBalances(tx, ctx.account.id, [def.base, def.quote]);
  const now = ctx.d.clock.now();
  const fill = settleFill(
    ctx.fees,
    row.side,
    BigInt(row.amount),
    BigInt(row.reserved),
    def,
    balances,
    price,
    true,
  );
  await saveBalances(tx, ctx.account.id, [balances.get(def.base)!, balances.get(def.quote)!]);
  const filled = await markFilled(tx, row, def, price, fill, now);
  await recordFill(tx, ctx, filled, def, price, fill, balances, tickers, now);
  return true;
}
