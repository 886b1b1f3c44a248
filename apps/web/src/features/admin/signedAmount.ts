import { formatAmount } from '@mp/contract/web';
import type { Minor } from '@mp/contract';
import { i18n } from '../../lib/i18n.ts';
import { parseMoneyInput } from '../../lib/money.ts';

export type SignedAmount =
  | { ok: true; value: Minor /** Plain wire form with its sign: '-2.5'. */; wire: string }
  | { ok: false; problem: string };

/**
 * A credit ('2.5', '+2.5') or debit ('-2.5') typed in the app's number format, checked exactly with the
 * contract's parseAmount for the asset's decimals. Zero is refused: it would move nothing.
 */
export function parseSignedAmount(text: string, decimals: number): SignedAmount {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, problem: i18n.t('common:amount.required') };
  const negative = trimmed.startsWith('-');
  const unsigned = /^[+-]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  const parsed = parseMoneyInput(unsigned, decimals);
  if (!parsed.ok) {
    const problem =
      parsed.reason === 'decimals'
        ? i18n.t('common:amount.decimals', { n: decimals })
        : i18n.t('common:amount.invalid');
    return { ok: false, problem };
  }
  if (parsed.value === 0n) return { ok: false, problem: i18n.t('common:amount.zero') };
  const value = negative ? -parsed.value : parsed.value;
  return { ok: true, value, wire: formatAmount(value, decimals) };
}
