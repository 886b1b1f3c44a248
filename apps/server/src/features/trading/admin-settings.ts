import type { adminMarketSettings, ParsedRequestOf, ResponseOf } from '@mp/contract';
import { parseDecimal } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { getSetting, putSetting } from '../../platform/settings.ts';
import type { TradingContext } from './accounts.ts';
import { FEED_STATUS_KEY } from './feed.ts';
import { MARKET_BY_SYMBOL, MARKETS } from './markets.ts';
import { lastTickAt } from './queries.ts';
import { MARKET_SETTINGS_KEY, type MarketSettings, marketSettings } from './settings.ts';

type Input = ParsedRequestOf<typeof adminMarketSettings>;

/** The operator's market settings (saved first when asked), with the feed's state. */
export async function operatorMarketSettings(
  d: TradingContext,
  adminId: string,
  input: Input,
): Promise<ResponseOf<typeof adminMarketSettings>> {
  let settings = await marketSettings(d.db);
  if (input.save) {
    settings = changedSettings(input, settings);
    await d.db.transaction().execute(async (tx) => {
      await putSetting(tx, MARKET_SETTINGS_KEY, settings);
      await audit(tx, adminId, 'market.settings', 'market', settings);
    });
  }
  const status = await getSetting(d.db, FEED_STATUS_KEY, { live: false, error: '' });
  const last = await lastTickAt(d.db);
  return {
    ...settings,
    known_symbols: MARKETS.map((m) => m.symbol),
    feed: { live: status.live, last_tick_at: last, error: status.error },
  };
}

/** The settings with the operator's changes, refused when a symbol is unknown or the starting balance is not one. */
function changedSettings(input: Input, settings: MarketSettings): MarketSettings {
  const symbols = input.symbols
    ? [
        ...new Set(
          input.symbols
            .split(',')
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
        ),
      ]
    : settings.symbols;
  const unknown = symbols.filter((s) => !MARKET_BY_SYMBOL.has(s));
  if (unknown.length > 0 || symbols.length === 0)
    throw fieldRefusal(422, 'symbols', 'market_symbols_invalid', {
      symbols: unknown.join(', ') || '-',
    });
  if (input.start_balance !== undefined) {
    const v = parseDecimal(input.start_balance, 2);
    if (typeof v !== 'bigint' || v <= 0n) throw fieldRefusal(422, 'start_balance', 'field_invalid');
  }
  return {
    source: input.source ?? settings.source,
    exchange: input.exchange ?? settings.exchange,
    symbols,
    fee_bps: input.fee_bps ?? settings.fee_bps,
    spread_bps: input.spread_bps ?? settings.spread_bps,
    slippage_bps: input.slippage_bps ?? settings.slippage_bps,
    funding_bps: input.funding_bps ?? settings.funding_bps,
    start_balance: input.start_balance ?? settings.start_balance,
  };
}
