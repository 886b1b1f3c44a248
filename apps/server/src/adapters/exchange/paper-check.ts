import { fieldRefusal } from '../../lib/errors.ts';
import type { OrderRequest } from './gateway.ts';
import { type MarketDef, PRICE_BAND_PERCENT, type TickerRow } from './markets.ts';
import { freshTicker, marketOf, type PaperCtx, priceInt, unitsOf } from './paper-common.ts';
import { parseDecimal, UNIT_DECIMALS, valueAt } from './paper-math.ts';

/** The paper exchange's checks of an order against its market's rules and the last price, before anything moves. */

/** An order that passed the checks: its market, its amount in units, the last price and its limit (if any). */
export type CheckedOrder = { def: MarketDef; units: bigint; last: bigint; limit: bigint | undefined };

/** Checks an order against the market's rules and the last price; throws a refusal naming the field. */
export async function checkOrder(ctx: PaperCtx, r: OrderRequest): Promise<CheckedOrder> {
  const def = marketOf(ctx, r.symbol);
  const units = checkAmount(r, def);
  const ticker = await freshTicker(ctx, r.symbol);
  const last = priceInt(ticker.last, def);
  const limit = r.type === 'limit' ? checkLimit(r, def, last, ticker) : undefined;
  const minCost = parseDecimal(def.minCost, UNIT_DECIMALS) as bigint;
  if (valueAt(units, limit ?? last, def.priceDecimals, 'down') < minCost && !r.reduceOnly)
    throw fieldRefusal(422, 'amount', 'order_cost_min', { min: def.minCost, asset: def.quote });
  return { def, units, last, limit };
}

/** The order's amount in units: at the market's precision, positive, and at least its minimum. */
function checkAmount(r: OrderRequest, def: MarketDef): bigint {
  const amount = parseDecimal(r.amount, def.amountDecimals);
  if (amount === 'decimals')
    throw fieldRefusal(422, 'amount', 'order_precision', { decimals: def.amountDecimals });
  if (amount === 'format' || amount <= 0n) throw fieldRefusal(422, 'amount', 'order_number_invalid');
  const units = unitsOf(def, amount);
  const minUnits = unitsOf(def, parseDecimal(def.minAmount, def.amountDecimals) as bigint);
  // Closing what is left of a position is never refused for being small.
  if (units < minUnits && !r.reduceOnly)
    throw fieldRefusal(422, 'amount', 'order_amount_min', { min: def.minAmount, asset: def.base });
  return units;
}

/** A limit order's price: given, at the market's precision, positive, and within the band around the last price. */
function checkLimit(r: OrderRequest, def: MarketDef, last: bigint, ticker: TickerRow): bigint {
  if (!r.price) throw fieldRefusal(422, 'price', 'order_price_required');
  const p = parseDecimal(r.price, def.priceDecimals);
  if (p === 'decimals') throw fieldRefusal(422, 'price', 'order_precision', { decimals: def.priceDecimals });
  if (p === 'format' || p <= 0n) throw fieldRefusal(422, 'price', 'order_number_invalid');
  const diff = p > last ? p - last : last - p;
  if (diff * 100n > BigInt(PRICE_BAND_PERCENT) * last)
    throw fieldRefusal(422, 'price', 'order_price_band', { band: PRICE_BAND_PERCENT, last: ticker.last });
  return p;
}
