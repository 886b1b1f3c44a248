import type { Candle, MarketDef } from '../../adapters/exchange/markets.ts';

/**
 * The seeded synthetic price feed: geometric Brownian motion per market, driven by a counter-based random source
 * (the same symbol and second always draw the same number), so a path is reproducible and every server that
 * generates it agrees. The feed continues from the last stored price, so a restart does not jump.
 */
const YEAR_SECONDS = 365 * 86_400;

function fmix32(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

export function seedOf(symbol: string): number {
  let h = 2166136261;
  for (let i = 0; i < symbol.length; i++) h = Math.imul(h ^ symbol.charCodeAt(i), 16777619);
  return fmix32(h);
}

/** A uniform in (0, 1) from a seed, a counter and a stream number. */
export function uniform(seed: number, counter: number, stream: number): number {
  const lo = counter % 0x1_0000_0000;
  const hi = Math.floor(counter / 0x1_0000_0000);
  const h = fmix32(fmix32(seed ^ fmix32(lo + 0x9e3779b9 * stream)) ^ fmix32(hi + stream * 0x632be5ab));
  return (h + 0.5) / 0x1_0000_0000;
}

/** A standard normal from the counter (Box-Muller). */
export function normal(seed: number, counter: number, stream = 0): number {
  const u1 = uniform(seed, counter, stream * 2 + 1);
  const u2 = uniform(seed, counter, stream * 2 + 2);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** The price `seconds` after `price`, the step numbered `counter` (its end time in seconds). */
export function gbmStep(def: MarketDef, price: number, seconds: number, counter: number, stream = 0): number {
  const sigma = def.vol * Math.sqrt(seconds / YEAR_SECONDS);
  let next = price * Math.exp(-0.5 * sigma * sigma + sigma * normal(seedOf(def.symbol), counter, stream));
  // Keep the synthetic market within a sane range of its starting price (it is a demo, not a forecast).
  const low = def.p0 / 20;
  const high = def.p0 * 20;
  if (next < low) next = low + (low - next);
  if (next > high) next = high - (next - high);
  return next;
}

/**
 * Candles of `spanSeconds` from `startSeconds` for `count` spans, continuing from `price`: each span walks `steps`
 * sub-steps, so high and low come from the path. Volume is the market's daily volume spread over the day, randomly.
 */
export function synthCandles(
  def: MarketDef,
  price: number,
  startSeconds: number,
  spanSeconds: number,
  count: number,
  steps = 6,
): { candles: Candle[]; last: number } {
  const out: Candle[] = [];
  const seed = seedOf(def.symbol);
  let p = price;
  const sub = spanSeconds / steps;
  for (let i = 0; i < count; i++) {
    const openTime = startSeconds + i * spanSeconds;
    const open = p;
    let high = p;
    let low = p;
    for (let s = 1; s <= steps; s++) {
      p = gbmStep(def, p, sub, openTime + Math.round(s * sub), spanSeconds);
      if (p > high) high = p;
      if (p < low) low = p;
    }
    const volume = ((def.dayVolume * spanSeconds) / 86_400) * (0.4 + 1.2 * uniform(seed, openTime, 99));
    out.push({ openTime, open, high, low, close: p, volume });
  }
  return { candles: out, last: p };
}

/** The base volume of one second of trading. */
export function secondVolume(def: MarketDef, second: number): number {
  return (def.dayVolume / 86_400) * (0.2 + 1.6 * uniform(seedOf(def.symbol), second, 77));
}

/** A number rounded to the market's price step, as a decimal string. */
export function priceText(def: MarketDef, price: number): string {
  return price.toFixed(def.priceDecimals);
}
