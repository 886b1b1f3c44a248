import type { PositionSide } from '@mp/contract';

/**
 * The DCA bot's decision, pure (issue 14): given the bot's settings, its open deal (if any) and the last price, what
 * to do now. One action per tick at most, so each action is its own order with its own client order id. The same
 * function runs for demo (paper) and live accounts. Anchored on 3Commas' DCA bot:
 *
 * - A deal opens with a base order of `baseQuote` (quote units).
 * - Safety order k (1-based) is placed when the price has moved against the deal by the sum of the first k steps
 *   from the base order's price: step 1 is `deviationBps`, each next step `stepScale` times the last. Its size is
 *   `safetyQuote` times `volumeScale`^(k-1). At most `maxSafety`.
 * - Take profit closes the whole deal when the price is `takeProfitBps` beyond the average entry (above for a
 *   long, below for a short); stop loss (0: none) closes it at `stopLossBps` against the base order's price.
 *
 * Prices are integers of 10^-priceDecimals; amounts of the base and the quote are integers of 10^-8 (the paper
 * exchange's units). Scales are in thousandths (1000 = 1.0) so everything stays in integers.
 */
export type DcaSettings = {
  direction: PositionSide;
  baseQuote: bigint;
  safetyQuote: bigint;
  maxSafety: number;
  deviationBps: number;
  /** Thousandths: 1000 keeps every step the same. */
  stepScale: number;
  /** Thousandths: 1000 keeps every safety order the same size. */
  volumeScale: number;
  takeProfitBps: number;
  /** 0: no stop loss. */
  stopLossBps: number;
};

export type DcaMarket = {
  priceDecimals: number;
  /** Decimals of an order's amount: amounts are multiples of 10^(8 - amountDecimals) units. */
  amountDecimals: number;
  /** The smallest amount an order may have, in units. */
  minAmount: bigint;
};

export type DcaDeal = {
  /** The base order's fill price. */
  basePrice: bigint;
  /** Base units held by the deal, and what they cost in quote units (fees apart). */
  size: bigint;
  cost: bigint;
  /** Safety orders filled so far. */
  safetyFilled: number;
};

/** `manual`: asked for by the member (Bottrade/addentry, closepositionbyid), not decided. */
export type DcaAction =
  | { kind: 'base' | 'safety'; side: 'buy' | 'sell'; amount: bigint; level: number; manual?: boolean }
  | {
      kind: 'take_profit' | 'stop_loss';
      side: 'buy' | 'sell';
      amount: bigint;
      level: number;
      manual?: boolean;
    }
  | { kind: 'too_small'; quote: bigint; level: number };

const UNIT_DECIMALS = 8;
const BPS = 10_000n;
const THOUSAND = 1000n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The quote a safety order of level k (1-based) spends. */
export function safetyQuote(s: DcaSettings, k: number): bigint {
  let v = s.safetyQuote;
  for (let i = 1; i < k; i++) v = (v * BigInt(s.volumeScale)) / THOUSAND;
  return v;
}

/** Most quote a deal can spend: the base order and every safety order. */
export function dealBudget(s: DcaSettings): bigint {
  let total = s.baseQuote;
  for (let k = 1; k <= s.maxSafety; k++) total += safetyQuote(s, k);
  return total;
}

/** How far (basis points of the base price, in millionths for precision) safety level k lies from the base price. */
export function safetyDeviation(s: DcaSettings, k: number): bigint {
  let step = BigInt(s.deviationBps) * 1_000_000n;
  let total = 0n;
  for (let i = 1; i <= k; i++) {
    total += step;
    step = (step * BigInt(s.stepScale)) / THOUSAND;
  }
  return total;
}

/** The price at which safety level k is placed (rounded so it is never placed early). */
export function safetyPrice(s: DcaSettings, deal: DcaDeal, k: number): bigint {
  const dev = safetyDeviation(s, k);
  const scale = BPS * 1_000_000n;
  if (s.direction === 'long') {
    const p = (deal.basePrice * (scale - dev)) / scale;
    return p > 0n ? p : 0n;
  }
  return ceilDiv(deal.basePrice * (scale + dev), scale);
}

/** The average entry, in price units. */
export function averageEntry(deal: DcaDeal, market: DcaMarket): bigint {
  if (deal.size === 0n) return deal.basePrice;
  return (deal.cost * 10n ** BigInt(market.priceDecimals)) / deal.size;
}

/** The take-profit price: beyond the average entry by the settings' margin, rounded away from it. */
export function takeProfitPrice(s: DcaSettings, deal: DcaDeal, market: DcaMarket): bigint {
  const scale = 10n ** BigInt(market.priceDecimals);
  const tp = BigInt(s.takeProfitBps);
  if (s.direction === 'long') return ceilDiv(deal.cost * scale * (BPS + tp), deal.size * BPS);
  return (deal.cost * scale * (BPS - tp)) / (deal.size * BPS);
}

export function stopLossPrice(s: DcaSettings, deal: DcaDeal): bigint | undefined {
  if (s.stopLossBps <= 0) return undefined;
  const sl = BigInt(s.stopLossBps);
  return s.direction === 'long'
    ? (deal.basePrice * (BPS - sl)) / BPS
    : ceilDiv(deal.basePrice * (BPS + sl), BPS);
}

/** The amount `quote` buys at `price`, rounded down to the market's step (units of 1e-8). */
export function amountFor(quote: bigint, price: bigint, market: DcaMarket): bigint {
  if (price <= 0n) return 0n;
  const raw = (quote * 10n ** BigInt(market.priceDecimals)) / price;
  const step = 10n ** BigInt(UNIT_DECIMALS - market.amountDecimals);
  return (raw / step) * step;
}

const entrySide = (s: DcaSettings) => (s.direction === 'long' ? 'buy' : 'sell');
const exitSide = (s: DcaSettings) => (s.direction === 'long' ? 'sell' : 'buy');

/** What the bot does at `price`: open a deal, add a safety order, take profit, stop the loss, or nothing. */
export function decide(
  s: DcaSettings,
  deal: DcaDeal | undefined,
  price: bigint,
  market: DcaMarket,
): DcaAction | undefined {
  if (price <= 0n) return undefined;
  if (!deal) {
    const amount = amountFor(s.baseQuote, price, market);
    if (amount < market.minAmount || amount === 0n)
      return { kind: 'too_small', quote: s.baseQuote, level: 0 };
    return { kind: 'base', side: entrySide(s), amount, level: 0 };
  }
  const long = s.direction === 'long';
  const sl = stopLossPrice(s, deal);
  if (sl !== undefined && (long ? price <= sl : price >= sl))
    return { kind: 'stop_loss', side: exitSide(s), amount: deal.size, level: deal.safetyFilled };
  const tp = takeProfitPrice(s, deal, market);
  if (long ? price >= tp : price <= tp)
    return { kind: 'take_profit', side: exitSide(s), amount: deal.size, level: deal.safetyFilled };
  const next = deal.safetyFilled + 1;
  if (next <= s.maxSafety) {
    const at = safetyPrice(s, deal, next);
    if (long ? price <= at : price >= at) {
      const quote = safetyQuote(s, next);
      const amount = amountFor(quote, price, market);
      if (amount < market.minAmount || amount === 0n) return { kind: 'too_small', quote, level: next };
      return { kind: 'safety', side: entrySide(s), amount, level: next };
    }
  }
  return undefined;
}
