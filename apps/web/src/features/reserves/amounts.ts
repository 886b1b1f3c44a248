import { formatAmount } from '@mp/contract/web';
import { decimalsOf } from '../../lib/money.ts';

/**
 * The tree's amounts are whole minor units ('1500000' is 1.5 USDT); the Money component takes the wire's decimal
 * text. Anything that is not a whole number is shown as it came: the checks, not the display, judge it.
 */
export function minorToDecimal(minor: string, asset = 'USDT'): string {
  return /^\d+$/.test(minor) ? formatAmount(BigInt(minor), decimalsOf(asset)) : minor;
}

/** The sum of a list of minor-unit amounts, as decimal text. */
export function sumMinor(values: readonly string[]): string {
  const total = values.reduce((sum, v) => sum + (/^\d+$/.test(v) ? BigInt(v) : 0n), 0n);
  return formatAmount(total, decimalsOf('USDT'));
}

/** A reserve ratio in basis points as a percent with two decimals ('10250' -> '102.50'). */
export function ratioPercent(bp: number): string {
  return (bp / 100).toFixed(2);
}
