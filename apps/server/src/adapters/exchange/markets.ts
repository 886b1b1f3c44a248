import type { CandleTimeframe } from '@mp/contract';

// What the exchange adapters know of the platform's markets (features/trading lists them and writes their data).

/**
 * The markets the platform lists. `p0` (a starting price) and `vol` (annual volatility) drive the synthetic feed
 * when no exchange is reachable; the rules (precision, minimums) are like the large exchanges' spot rules.
 */
export type MarketDef = {
  symbol: string;
  base: string;
  quote: string;
  name: string;
  p0: number;
  /** Annualised volatility of the synthetic feed. */
  vol: number;
  /** Base volume per day of the synthetic feed. */
  dayVolume: number;
  amountDecimals: number;
  priceDecimals: number;
  minAmount: string;
  minCost: string;
};

/** Limit prices must lie within this percent of the last price. */
export const PRICE_BAND_PERCENT = 20;

/** A market's ticker as the feed wrote it (features/trading/feed.ts). */
export type TickerRow = {
  symbol: string;
  last: string;
  open_24h: string;
  high_24h: string;
  low_24h: string;
  volume_24h: string;
  simulated: boolean;
  at: Date;
};

/** Market data as the feed wrote it: tickers and candles of any timeframe, grouped from one-minute ones. */
export type MarketData = {
  tickers: () => Promise<TickerRow[]>;
  ticker: (symbol: string) => Promise<TickerRow | undefined>;
  /** Newest first is not what charts want: oldest first, at most `limit`, the last one still forming. */
  candles: (
    symbol: string,
    timeframe: CandleTimeframe,
    limit: number,
  ) => Promise<{ t: number; o: string; h: string; l: string; c: string; v: string; simulated: boolean }[]>;
  isStale: (t: TickerRow) => boolean;
};

/** A synthetic candle (features/trading/synthetic.ts), prices as numbers. */
export type Candle = {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};
