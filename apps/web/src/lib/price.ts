import type { Language } from '@mp/contract';
import { decimalsOf, displayDecimalsOf, formatMoney, type Rounding } from './money.ts';

/**
 * A market price or volume with the language's separators: at the market's precision when it is known (the
 * server's prices already sit on its tick, so padding or cutting loses nothing), else with the digits it came
 * with. Display only.
 */
export function formatPrice(value: string, decimals?: number, lang?: Language): string {
  if (decimals === undefined) {
    const sent = value.includes('.') ? value.trim().length - value.indexOf('.') - 1 : 0;
    return formatMoney(value, { decimals: sent, minDecimals: sent, lang });
  }
  return formatMoney(value, { decimals, minDecimals: decimals, maxDecimals: decimals, lang });
}

/**
 * A market's traded volume (of its coin) as a summary shows it: grouped, at most two decimals, cut down. A feed
 * sends volumes with eight or more decimals ('12345.67890000'), which say nothing at a glance.
 */
export function formatTradedVolume(value: string, lang?: Language): string {
  const sent = value.includes('.') ? value.trim().length - value.indexOf('.') - 1 : 0;
  return formatMoney(value, { decimals: sent, minDecimals: 0, maxDecimals: Math.min(2, sent), lang });
}

/**
 * An amount of `asset` without its code, as lists show it (a column already names the asset): cut to the asset's
 * display decimals, downward unless `round` says (lib/money.ts).
 */
export function formatFigure(value: string, asset: string, round?: Rounding, lang?: Language): string {
  const maxDecimals = displayDecimalsOf(asset);
  // A coin the platform does not hold (BTC on an exchange): the digits the server sent ('0' stays '0').
  if (maxDecimals === undefined) return formatPrice(value, undefined, lang);
  return formatMoney(value, { decimals: decimalsOf(asset), maxDecimals, round, lang });
}
