import { feeCeil, type PositionSide } from '@mp/contract';
import { ceilDiv, valueAt } from './paper-math.ts';

/**
 * Perpetual futures on the paper exchange, pure and in integers (the units of paper-math.ts): linear contracts of
 * one base unit, margined in the quote, one position per market (one-way), isolated margin. Rounding goes against
 * the account: margin and fees up, profit down, an average entry against the position, the liquidation price
 * earlier. A position's loss never exceeds its margin (the rest is the exchange's, as an insurance fund would take).
 */
export type PerpPosition = {
  side: PositionSide;
  /** Contracts, in units of 1e-8. */
  contracts: bigint;
  /** Average entry price, in price units. */
  entry: bigint;
  /** Isolated margin held for it (in the quote's `used`), quote units. */
  margin: bigint;
  leverage: number;
};

const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

export const sideOfOrder = (side: 'buy' | 'sell'): PositionSide => (side === 'buy' ? 'long' : 'short');

/** Margin to open `amount` at `price` with `leverage`: the value over the leverage, rounded up. */
export function initialMargin(amount: bigint, price: bigint, pd: number, leverage: number): bigint {
  return ceilDiv(valueAt(amount, price, pd, 'up'), BigInt(leverage));
}

/** Profit of `amount` of a position entered at `entry` when it exits at `exit`, rounded down. */
export function positionPnl(
  side: PositionSide,
  amount: bigint,
  entry: bigint,
  exit: bigint,
  pd: number,
): bigint {
  const diff = side === 'long' ? exit - entry : entry - exit;
  return floorDiv(diff * amount, 10n ** BigInt(pd));
}

/**
 * The price at which margin plus unrealized profit equals the maintenance margin (`mmrBps` of the value at that
 * price): a long is liquidated at or below it, a short at or above it. Rounded so it comes earlier. 0 for a long
 * that cannot be liquidated (its margin covers a fall to zero).
 */
export function liquidationPrice(p: PerpPosition, pd: number, mmrBps: number): bigint {
  const scale = 10n ** BigInt(pd);
  const q = p.contracts;
  if (p.side === 'long') {
    const num = (p.entry * q - p.margin * scale) * 10_000n;
    if (num <= 0n) return 0n;
    return ceilDiv(num, q * (10_000n - BigInt(mmrBps)));
  }
  return ((p.entry * q + p.margin * scale) * 10_000n) / (q * (10_000n + BigInt(mmrBps)));
}

export function isLiquidated(p: PerpPosition, price: bigint, pd: number, mmrBps: number): boolean {
  const liq = liquidationPrice(p, pd, mmrBps);
  return p.side === 'long' ? price <= liq : price >= liq;
}

/** What a resting perpetual limit order holds: margin and fee for its whole amount at its limit. */
export function perpReserve(amount: bigint, limit: bigint, pd: number, leverage: number, feeBps: number) {
  return initialMargin(amount, limit, pd, leverage) + feeCeil(valueAt(amount, limit, pd, 'up'), feeBps);
}

export type PerpFill = {
  position: PerpPosition | undefined;
  /** Change of the quote's free and used balances. */
  freeDelta: bigint;
  usedDelta: bigint;
  fee: bigint;
  /** Realized profit of the part that reduced the position (null when nothing was reduced). */
  pnl: bigint | null;
  /** Free quote the fill needs and lacks (0 when it can be made). */
  short: bigint;
};

/**
 * One fill of `amount` at `price` on the position: the opposite side reduces it (realizing profit, releasing margin
 * in proportion) and what is left of the amount opens or adds on the order's side (margin at the position's
 * leverage, or `leverage` for a new one). The fee is on the whole fill. A fill that only reduces is never refused:
 * its fee is capped at what the account has; one that opens needs the free quote for margin and fee.
 */
export function perpFill(args: {
  position: PerpPosition | undefined;
  side: 'buy' | 'sell';
  amount: bigint;
  price: bigint;
  pd: number;
  leverage: number;
  feeBps: number;
  free: bigint;
}): PerpFill {
  const { side, amount, price, pd, free } = args;
  let pos = args.position ? { ...args.position } : undefined;
  const want = sideOfOrder(side);
  let freeDelta = 0n;
  let usedDelta = 0n;
  let pnl: bigint | null = null;
  let rest = amount;
  if (pos && pos.side !== want) {
    const close = rest < pos.contracts ? rest : pos.contracts;
    const release = close === pos.contracts ? pos.margin : (pos.margin * close) / pos.contracts;
    let gain = positionPnl(pos.side, close, pos.entry, price, pd);
    if (release + gain < 0n) gain = -release;
    pnl = gain;
    freeDelta += release + gain;
    usedDelta -= release;
    pos.contracts -= close;
    pos.margin -= release;
    rest -= close;
    if (pos.contracts === 0n) pos = undefined;
  }
  let fee = feeCeil(valueAt(amount, price, pd, 'up'), args.feeBps);
  if (rest > 0n) {
    const leverage = pos ? pos.leverage : args.leverage;
    const m = initialMargin(rest, price, pd, leverage);
    freeDelta -= m;
    usedDelta += m;
    if (pos) {
      const total = pos.contracts + rest;
      const cost = pos.entry * pos.contracts + price * rest;
      pos = {
        ...pos,
        contracts: total,
        entry: pos.side === 'long' ? ceilDiv(cost, total) : cost / total,
        margin: pos.margin + m,
      };
    } else pos = { side: want, contracts: rest, entry: price, margin: m, leverage };
    freeDelta -= fee;
    const lacking = -(free + freeDelta);
    return { position: pos, freeDelta, usedDelta, fee, pnl, short: lacking > 0n ? lacking : 0n };
  }
  const available = free + freeDelta;
  if (fee > available) fee = available > 0n ? available : 0n;
  freeDelta -= fee;
  return { position: pos, freeDelta, usedDelta, fee, pnl, short: 0n };
}

/** A funding payment on a position at `mark`: what a long pays (rounded up) or a short receives (down). */
export function fundingAmount(p: PerpPosition, mark: bigint, pd: number, rateBps: number): bigint {
  const value = valueAt(p.contracts, mark, pd, 'down');
  const paid = ceilDiv(value * BigInt(Math.abs(rateBps)), 10_000n);
  const got = (value * BigInt(Math.abs(rateBps))) / 10_000n;
  const longPays = rateBps >= 0;
  if (p.side === 'long') return longPays ? -paid : got;
  return longPays ? got : -paid;
}

/** Unrealized profit at `mark` and the return on the margin, percent with two decimals (as text). */
export function unrealized(p: PerpPosition, mark: bigint, pd: number) {
  const pnl = positionPnl(p.side, p.contracts, p.entry, mark, pd);
  const roeBasis = p.margin > 0n ? (pnl * 10_000n) / p.margin : 0n;
  const sign = roeBasis < 0n ? '-' : '';
  const abs = roeBasis < 0n ? -roeBasis : roeBasis;
  return { pnl, roe: `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}` };
}
