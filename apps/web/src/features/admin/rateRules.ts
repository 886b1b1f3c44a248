import { formatAmount } from '@mp/contract/web';
import { parseMoneyInput } from '../../lib/money.ts';
import { issueText } from '../../lib/validate.ts';

/**
 * The server's limits for Admin/setexchangerate, checked here only to answer before the round trip (the
 * server decides; its messages rate_invalid and spread_invalid state the same limits).
 */
const PRICE_DECIMALS = 8;
const SPREAD_DECIMALS = 2;
/** 50% in hundredths of a percent. */
const MAX_SPREAD = 5000n;

export type Checked = { ok: true; wire: string } | { ok: false; problem: string };

/** A token price in USDT: above zero, at most 8 decimals. */
export function checkPrice(text: string): Checked {
  const parsed = parseMoneyInput(text, PRICE_DECIMALS);
  if (!parsed.ok || parsed.value <= 0n)
    return { ok: false, problem: issueText('rate_invalid', 'price_usdt') };
  return { ok: true, wire: formatAmount(parsed.value, PRICE_DECIMALS) };
}

/** A spread in percent: 0 to 50 with at most 2 decimals. */
export function checkSpread(text: string): Checked {
  if (!text.trim()) return { ok: false, problem: issueText('field_required', 'spread_percent') };
  const parsed = parseMoneyInput(text, SPREAD_DECIMALS);
  if (!parsed.ok || parsed.value > MAX_SPREAD)
    return { ok: false, problem: issueText('spread_invalid', 'spread_percent') };
  return { ok: true, wire: formatAmount(parsed.value, SPREAD_DECIMALS) };
}
