/**
 * The trading area's public face: what other areas (bots, copy trading, content) may use. Everything else in this
 * folder is private to it. The market types (MarketDef, TickerRow, MarketData) are the exchange adapters' port:
 * import them from adapters/exchange/markets.ts.
 */

/** The members' trading accounts: resolving one by name gives its gateway (paper book or exchange). */
export { ensurePaperAccount, QUOTE, startBalanceUnits, type TradingAccounts } from './accounts.ts';
/** Orders on a member's exchange account, kept under their key (bots send and cancel theirs this way). */
export { exchangeCancelById, exchangeOrder } from './exchange-orders.ts';
/** The reader of the prices the feed writes. */
export { createMarketData } from './market-data.ts';
/** The listed markets and their rules; the account name of a paper venue. */
export { MARKET_BY_SYMBOL, MARKETS, paperAccountName } from './markets.ts';
/** The operator's market settings, from memory (a new paper account's starting balance). */
export { cachedMarketSettings } from './settings.ts';
/** Retention: one-minute candles older than the charts' finest reach become hourly ones. */
export { type RollupCursor, rollUpOldCandles } from './candle-rollup.ts';
