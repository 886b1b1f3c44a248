import {
  type candles,
  DEMO_ACCOUNT,
  type getcMarket,
  type marketInfo,
  type ParsedRequestOf,
  type ResponseOf,
  type searchCoin,
} from '@mp/contract';
import { Refusal } from '../../lib/errors.ts';
import type { TradingContext } from './accounts.ts';
import { marketOf } from './filters.ts';
import { PRICE_BAND_PERCENT, type TickerRow } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL, paperVenueOf, VENUES } from './markets.ts';
import { cachedMarketSettings, type MarketSettings } from './settings.ts';
import { tickerView } from './views.ts';

/** The tickers of the markets the operator lists. */
async function listed(d: TradingContext, settings?: MarketSettings): Promise<TickerRow[]> {
  const s = settings ?? (await cachedMarketSettings(d.db));
  const rows = await d.data.tickers();
  return rows.filter((r) => s.symbols.includes(r.symbol));
}

export async function listMarkets(
  d: TradingContext,
  input: ParsedRequestOf<typeof getcMarket>,
): Promise<ResponseOf<typeof getcMarket>> {
  const settings = await cachedMarketSettings(d.db);
  const rows = (await listed(d, settings)).filter(
    (r) => !input.quote || r.symbol.endsWith(`/${input.quote.toUpperCase()}`),
  );
  return {
    list: rows.map(tickerView),
    source: settings.source,
    exchange: settings.exchange,
  };
}

export async function searchMarkets(
  d: TradingContext,
  input: ParsedRequestOf<typeof searchCoin>,
): Promise<ResponseOf<typeof searchCoin>> {
  const k = (input.keyword ?? '').toUpperCase();
  const rows = await listed(d);
  return {
    list: rows
      .map((r) => ({ ...tickerView(r), name: MARKET_BY_SYMBOL.get(r.symbol)?.name ?? '' }))
      .filter((r) => !k || r.symbol.includes(k) || r.name.toUpperCase().includes(k)),
  };
}

/** A market's rules and ticker, with the fees of the account's venue. */
export async function describeMarket(
  d: TradingContext,
  input: ParsedRequestOf<typeof marketInfo>,
): Promise<ResponseOf<typeof marketInfo>> {
  const def = marketOf(input.symbol);
  // A screen's read: the shared list of the moment, not the fresh row an order's price needs.
  const ticker = (await d.data.tickers()).find((t) => t.symbol === def.symbol);
  if (!ticker) throw new Refusal(409, 'market_stale');
  const settings = await cachedMarketSettings(d.db);
  const venue = paperVenueOf(input.account ?? DEMO_ACCOUNT);
  return {
    market: {
      symbol: def.symbol,
      base: def.base,
      quote: def.quote,
      name: def.name,
      amount_decimals: def.amountDecimals,
      price_decimals: def.priceDecimals,
      min_amount: def.minAmount,
      min_cost: def.minCost,
      price_band_percent: PRICE_BAND_PERCENT,
    },
    ticker: tickerView(ticker),
    fee_bps: venue && venue !== 'demo' ? VENUES[venue].feeBps : settings.fee_bps,
    spread_bps: settings.spread_bps,
    venue_symbol: venue && venue !== 'demo' ? VENUES[venue].symbol(def) : def.symbol,
  };
}

export async function marketCandles(
  d: TradingContext,
  input: ParsedRequestOf<typeof candles>,
): Promise<ResponseOf<typeof candles>> {
  const def = marketOf(input.symbol);
  const rows = await d.data.candles(def.symbol, input.timeframe, input.limit);
  return {
    symbol: def.symbol,
    timeframe: input.timeframe,
    simulated: rows.some((r) => r.simulated),
    list: rows.map((r) => [r.t, r.o, r.h, r.l, r.c, r.v] as [number, string, string, string, string, string]),
  };
}
