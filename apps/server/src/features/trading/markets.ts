import { type PaperVenue, PAPER_VENUES } from '@mp/contract';
import type { MarketDef } from '../../adapters/exchange/markets.ts';

const m = (
  base: string,
  name: string,
  p0: number,
  vol: number,
  dayVolume: number,
  amountDecimals: number,
  priceDecimals: number,
  minAmount: string,
): MarketDef => ({
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  name,
  p0,
  vol,
  dayVolume,
  amountDecimals,
  priceDecimals,
  minAmount,
  minCost: '5',
});

export const MARKETS: MarketDef[] = [
  m('BTC', 'Bitcoin', 96_000, 0.55, 18_000, 5, 2, '0.00001'),
  m('ETH', 'Ethereum', 3_600, 0.7, 320_000, 4, 2, '0.0001'),
  m('BNB', 'BNB', 650, 0.6, 150_000, 3, 2, '0.001'),
  m('SOL', 'Solana', 180, 0.9, 2_500_000, 3, 2, '0.001'),
  m('XRP', 'XRP', 2.2, 0.9, 90_000_000, 1, 4, '0.1'),
  m('DOGE', 'Dogecoin', 0.32, 1.1, 900_000_000, 0, 5, '1'),
  m('ADA', 'Cardano', 0.8, 1.0, 200_000_000, 1, 4, '0.1'),
  m('TRX', 'TRON', 0.25, 0.6, 400_000_000, 0, 5, '1'),
  m('LTC', 'Litecoin', 95, 0.8, 600_000, 3, 2, '0.001'),
  m('TON', 'Toncoin', 5.5, 0.9, 8_000_000, 2, 3, '0.01'),
];

export const MARKET_BY_SYMBOL = new Map(MARKETS.map((d) => [d.symbol, d]));
export const DEFAULT_SYMBOLS = MARKETS.map((d) => d.symbol);

/** Paper accounts: `demo`, and `demo-<venue>` for the demo of a third-party exchange. */
export type PaperAccountName = 'demo' | `demo-${PaperVenue}`;

/** A third-party exchange's spot fees (taker, basis points) and how it writes a symbol. */
export const VENUES: Record<PaperVenue, { feeBps: number; symbol: (d: MarketDef) => string }> = {
  binance: { feeBps: 10, symbol: (d) => `${d.base}${d.quote}` },
  okx: { feeBps: 10, symbol: (d) => `${d.base}-${d.quote}` },
  bybit: { feeBps: 10, symbol: (d) => `${d.base}${d.quote}` },
};

export function paperVenueOf(account: string): 'demo' | PaperVenue | undefined {
  if (account === 'demo') return 'demo';
  const venue = account.startsWith('demo-') ? account.slice(5) : '';
  return (PAPER_VENUES as readonly string[]).includes(venue) ? (venue as PaperVenue) : undefined;
}

/** The account name of a paper account's venue (the inverse of `paperVenueOf`). */
export const paperAccountName = (venue: string): string => (venue === 'demo' ? 'demo' : `demo-${venue}`);
