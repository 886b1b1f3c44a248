import type { Candle, MarketDef } from '../../adapters/exchange/markets.ts';
import { gbmStep, priceText, secondVolume, synthCandles } from './synthetic.ts';

// The market feed's step for one market (feed.ts drives it): prices second by second, candles minute by minute.

/** A pause longer than this (the feed was down) is filled with minute candles, at most MAX_GAP_DAYS back. */
const STEP_GAP_SECONDS = 120;
const MAX_GAP_DAYS = 4;

export type TickMessage = {
  at: number;
  tickers: {
    symbol: string;
    last: string;
    open_24h: string;
    high_24h: string;
    low_24h: string;
    volume_24h: string;
    simulated: boolean;
  }[];
};

/** A market as the feed keeps it between steps. */
export type SymbolState = {
  def: MarketDef;
  price: number;
  second: number;
  candle: Candle;
  simulated: boolean;
  stats: { open: number; high: number; low: number; volume: number };
};

export const minuteOf = (second: number) => second - (second % 60);

/**
 * Moves one market from its last second to `nowSecond`: a long pause (the feed was down) is filled with minute
 * candles first, then each second steps (to the live price at the last second when there is one). Returns the
 * candles to write, the range the price went through, and whether a minute ended.
 */
export function advance(st: SymbolState, nowSecond: number, liveTicker: { last: number } | undefined) {
  const written: Candle[] = [];
  let minuteTurned = false;
  if (nowSecond - st.second > STEP_GAP_SECONDS) {
    const from = Math.max(st.candle.openTime + 60, minuteOf(nowSecond) - MAX_GAP_DAYS * 86_400);
    const count = (minuteOf(nowSecond) - from) / 60;
    written.push(st.candle);
    const gap = synthCandles(st.def, st.price, from, 60, count, 6);
    written.push(...gap.candles);
    st.price = gap.last;
    st.second = minuteOf(nowSecond);
    st.candle = flatCandle(st.second, st.price);
    minuteTurned = true;
  }
  let low = st.price;
  let high = st.price;
  for (let s = st.second + 1; s <= nowSecond; s++) {
    if (liveTicker && s === nowSecond) st.price = liveTicker.last;
    else if (!liveTicker) st.price = gbmStep(st.def, st.price, 1, s);
    const m = minuteOf(s);
    if (m !== st.candle.openTime) {
      written.push(st.candle);
      st.candle = flatCandle(m, st.price);
      minuteTurned = true;
    }
    const c = st.candle;
    c.close = st.price;
    if (st.price > c.high) c.high = st.price;
    if (st.price < c.low) c.low = st.price;
    c.volume += secondVolume(st.def, s);
    if (st.price < low) low = st.price;
    if (st.price > high) high = st.price;
  }
  st.second = nowSecond;
  st.simulated = !liveTicker;
  written.push(st.candle);
  const range = {
    last: priceText(st.def, st.price),
    low: priceText(st.def, low),
    high: priceText(st.def, high),
  };
  return { written, range, minuteTurned };
}

/** A minute's candle opened at `price`, nothing traded yet. */
function flatCandle(openTime: number, price: number): Candle {
  return { openTime, open: price, high: price, low: price, close: price, volume: 0 };
}

/** What the step tells the ticker streams: each moved market's price and its last 24 hours. */
export function tickMessage(now: Date, moved: SymbolState[]): TickMessage {
  return {
    at: now.getTime(),
    tickers: moved.map((st) => ({
      symbol: st.def.symbol,
      last: priceText(st.def, st.price),
      open_24h: priceText(st.def, st.stats.open),
      high_24h: priceText(st.def, Math.max(st.stats.high, st.candle.high)),
      low_24h: priceText(st.def, Math.min(st.stats.low, st.candle.low)),
      volume_24h: st.stats.volume.toFixed(2),
      simulated: st.simulated,
    })),
  };
}
