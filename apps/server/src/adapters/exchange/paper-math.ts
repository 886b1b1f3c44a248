import { feeCeil, formatAmount, MAX_WIRE_MINOR, parseAmount } from '@mp/contract';

/**
 * The paper exchange's arithmetic, pure and in integers: amounts are bigints of 1e-8 of an asset (every paper asset,
 * the quote included), prices bigints of 10^-priceDecimals of the quote. Rounding always goes against the account
 * (a buy's cost and every fee up, a sell's proceeds down), so no sequence of trades creates value from rounding.
 */
export const UNIT_DECIMALS = 8;
export const UNIT = 10n ** BigInt(UNIT_DECIMALS);

export type PaperFees = {
  /** Fee on each fill's value, basis points. */
  feeBps: number;
  /** Half the spread: a market buy pays last * (1 + spread), a sell gets last * (1 - spread). */
  spreadBps: number;
  /** Extra price impact per 10,000 of the quote's value of the order, basis points. */
  slippageBps: number;
};

const SCALE = 10_000n * 1_000_000n; // basis points with six more decimals
const MAX_ADJUST = 5_000n * 1_000_000n; // never more than 50% off the last price
const TEN_THOUSAND_QUOTE = 10_000n * UNIT;

export const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export function parseDecimal(text: string, decimals: number): bigint | 'format' | 'decimals' {
  // Exchange figures (fills, prices at 12 decimals) and paper amounts, not ledger amounts: the wider bound.
  const r = parseAmount(text, decimals, MAX_WIRE_MINOR);
  if (!r.ok) return r.reason === 'decimals' ? 'decimals' : 'format';
  return r.value;
}

export const formatUnits = (v: bigint | string) => formatAmount(BigInt(v), UNIT_DECIMALS);
export const formatPrice = (v: bigint, priceDecimals: number) => formatAmount(v, priceDecimals);

/** The value of `amount` (units) at `price` (price units), in quote units, rounded as asked. */
export function valueAt(amount: bigint, price: bigint, priceDecimals: number, round: 'up' | 'down'): bigint {
  const num = amount * price;
  const den = 10n ** BigInt(priceDecimals);
  return round === 'up' ? ceilDiv(num, den) : num / den;
}

/**
 * The price a market order of `amount` fills at when the last price is `last`: the half-spread plus slippage that
 * grows with the order's value, against the taker, rounded to the price step against the taker.
 */
export function takerPrice(
  side: 'buy' | 'sell',
  last: bigint,
  amount: bigint,
  priceDecimals: number,
  fees: PaperFees,
): bigint {
  const notional = valueAt(amount, last, priceDecimals, 'down');
  let adjust =
    BigInt(fees.spreadBps) * 1_000_000n +
    (BigInt(fees.slippageBps) * notional * 1_000_000n) / TEN_THOUSAND_QUOTE;
  if (adjust > MAX_ADJUST) adjust = MAX_ADJUST;
  if (side === 'buy') return ceilDiv(last * (SCALE + adjust), SCALE);
  const bid = (last * (SCALE - adjust)) / SCALE;
  return bid > 0n ? bid : 1n;
}

export type Settlement = {
  /** Quote units: a buy's cost (before the fee), a sell's proceeds (before the fee). */
  value: bigint;
  fee: bigint;
  /** Quote that leaves (buy: value + fee) or arrives (sell: value - fee). */
  quoteDelta: bigint;
};

export function settle(
  side: 'buy' | 'sell',
  amount: bigint,
  price: bigint,
  priceDecimals: number,
  feeBps: number,
): Settlement {
  if (side === 'buy') {
    const value = valueAt(amount, price, priceDecimals, 'up');
    const fee = feeCeil(value, feeBps);
    return { value, fee, quoteDelta: value + fee };
  }
  const value = valueAt(amount, price, priceDecimals, 'down');
  const fee = feeCeil(value, feeBps);
  return { value, fee, quoteDelta: value - fee };
}

/** What a resting limit order holds: a buy the quote for its cost and fee at the limit, a sell its amount. */
export function reserveFor(
  side: 'buy' | 'sell',
  amount: bigint,
  limit: bigint,
  priceDecimals: number,
  feeBps: number,
): bigint {
  return side === 'buy' ? settle('buy', amount, limit, priceDecimals, feeBps).quoteDelta : amount;
}

/**
 * The part of a holding's cost that `amount` of it carries away (rounded up: realized profit rounds down), given
 * the holding (free + held) and its whole cost.
 */
export function costShare(cost: bigint, amount: bigint, holding: bigint): bigint {
  if (holding <= 0n) return 0n;
  if (amount >= holding) return cost;
  return ceilDiv(cost * amount, holding);
}

/**
 * Whether a resting limit order fills within a span of last prices [low, high], and at what price: at its limit
 * (never worse), once the taker price on its side would have reached it.
 */
export function limitFill(
  side: 'buy' | 'sell',
  limit: bigint,
  amount: bigint,
  low: bigint,
  high: bigint,
  priceDecimals: number,
  fees: PaperFees,
): bigint | undefined {
  const spreadOnly = { ...fees, slippageBps: 0 };
  if (side === 'buy')
    return takerPrice('buy', low, amount, priceDecimals, spreadOnly) <= limit ? limit : undefined;
  return takerPrice('sell', high, amount, priceDecimals, spreadOnly) >= limit ? limit : undefined;
}

/** A limit order that can fill at once fills as a taker, at the taker price, which is no worse than its limit. */
export function marketableAt(
  side: 'buy' | 'sell',
  limit: bigint,
  last: bigint,
  amount: bigint,
  priceDecimals: number,
  fees: PaperFees,
): bigint | undefined {
  const taker = takerPrice(side, last, amount, priceDecimals, fees);
  if (side === 'buy') return taker <= limit ? taker : undefined;
  return taker >= limit ? taker : undefined;
}
