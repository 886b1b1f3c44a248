import { ASSETS, parseAmount } from '@mp/contract';
import { parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal } from '../../lib/errors.ts';

/** A percent with at most two decimals within [min, max], as basis points. */
export function percentBps(text: string | undefined, field: string, min: number, max: number): number {
  const v = parseAmount(text ?? '0', 2);
  const bps = v.ok ? Number(v.value) : Number.NaN;
  if (!v.ok || bps < min * 100 || bps > max * 100)
    throw fieldRefusal(422, field, 'bot_percent_invalid', { min, max });
  return bps;
}

/** A scale between 0.1 and 5 with at most two decimals, in thousandths. */
export function scaleOf(text: string, field: string): number {
  const v = parseAmount(text, 2);
  const t = v.ok ? Number(v.value) * 10 : Number.NaN;
  if (!v.ok || t < 100 || t > 5000)
    throw fieldRefusal(422, field, 'bot_percent_invalid', { min: 0.1, max: 5 });
  return t;
}

/** A positive amount of the quote asset with at most two decimals, in its units. */
export function quoteOf(text: string, field: string): bigint {
  const v = parseDecimal(text, 2);
  if (typeof v !== 'bigint' || v <= 0n) throw fieldRefusal(422, field, 'field_invalid');
  return v * 10n ** BigInt(UNIT_DECIMALS - 2);
}

/** The operator's fee as typed ('0' allowed: bots are free). */
export function feeText(text: string): string {
  const v = parseAmount(text, ASSETS.USDT.decimals);
  if (!v.ok) throw fieldRefusal(422, 'fee', 'field_invalid');
  return money(v.value, 'USDT');
}
