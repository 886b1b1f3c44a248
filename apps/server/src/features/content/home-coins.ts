import type { MarketData } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL, MARKETS } from '../trading/index.ts';

/**
 * Reference prices for the home page's coin strip when the market feed has no fresh prices (a server started with
 * MARKET_FEED=0 and no other server writing). They are labelled `source: reference` and the app says so.
 */
const REFERENCE_COINS = [
  { symbol: 'BTC', name: 'Bitcoin', price: '97250.00', change_24h: '0.00' },
  { symbol: 'ETH', name: 'Ethereum', price: '3580.00', change_24h: '0.00' },
  { symbol: 'BNB', name: 'BNB', price: '655.00', change_24h: '0.00' },
  { symbol: 'SOL', name: 'Solana', price: '238.00', change_24h: '0.00' },
  { symbol: 'XRP', name: 'XRP', price: '1.45', change_24h: '0.00' },
  { symbol: 'DOGE', name: 'Dogecoin', price: '0.41', change_24h: '0.00' },
];
const REFERENCE_AS_OF = '2026-11-01T00:00:00.000Z';

/** The home page's coin strip: the feed's tickers (read at most four times a second) of the first six listed markets, if fresh. */
export async function homeCoins(market: MarketData) {
  const fresh = (await market.tickers()).filter((x) => !market.isStale(x));
  const rows = MARKETS.flatMap((m) => fresh.find((x) => x.symbol === m.symbol) ?? []).slice(0, 6);
  if (rows.length === 0)
    return { list: REFERENCE_COINS, source: 'reference' as const, as_of: REFERENCE_AS_OF };
  return {
    list: rows.map((x) => {
      const def = MARKET_BY_SYMBOL.get(x.symbol);
      const open = Number(x.open_24h);
      return {
        symbol: def?.base ?? x.symbol,
        name: def?.name ?? x.symbol,
        price: x.last,
        change_24h: open > 0 ? (((Number(x.last) - open) / open) * 100).toFixed(2) : '0.00',
      };
    }),
    source: rows.some((x) => x.simulated) ? ('simulated' as const) : ('market' as const),
    as_of: new Date(Math.min(...rows.map((x) => x.at.getTime()))).toISOString(),
  };
}
