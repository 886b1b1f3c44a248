import { fieldRefusal } from '../../lib/errors.ts';
import type { MarketDef } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';

/** The listed market of a symbol as a member typed it (any case); an unknown one is a 404 on `symbol`. */
export function marketOf(symbol: string): MarketDef {
  const def = MARKET_BY_SYMBOL.get(symbol.toUpperCase());
  if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol });
  return def;
}

function dayStart(d: string, field: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
    throw fieldRefusal(422, field, 'field_invalid');
  return new Date(`${d}T00:00:00Z`);
}

export type RecordFilters = ReturnType<typeof recordFilters>;

/** A paper account's fills and orders filter the same way: `to` is a whole day (up to the next day's start). */
export function recordFilters(input: { symbol?: string; side?: 'buy' | 'sell'; from?: string; to?: string }) {
  return {
    symbol: input.symbol ? marketOf(input.symbol).symbol : undefined,
    side: input.side,
    from: input.from ? dayStart(input.from, 'from') : undefined,
    to: input.to ? new Date(dayStart(input.to, 'to').getTime() + 86_400_000) : undefined,
  };
}
