import { ASSETS, type AssetCode, formatAmount, MAX_MINOR, parseAmount } from '@mp/contract';
import { fieldRefusal } from './errors.ts';

/** Parses a wire amount for an asset into minor units, or refuses naming the field. Zero and below are refused. */
export function parseMoney(text: string, asset: AssetCode, field = 'amount'): bigint {
  const { decimals } = ASSETS[asset];
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) {
    if (parsed.reason === 'decimals') throw fieldRefusal(422, field, 'amount_decimals', { asset, decimals });
    throw fieldRefusal(422, field, parsed.reason === 'too_large' ? 'amount_max' : 'amount_invalid', {
      asset,
      max: formatAmount(MAX_MINOR, decimals),
    });
  }
  if (parsed.value <= 0n) throw fieldRefusal(422, field, 'amount_positive');
  return parsed.value;
}

/** Minor units of an asset as a wire string. */
export function money(value: bigint | string, asset: string): string {
  const decimals = ASSETS[asset as AssetCode]?.decimals ?? 0;
  return formatAmount(BigInt(value), decimals);
}
