/**
 * Money is an integer of the asset's minor unit, as a bigint: with 6 decimals, "20.5" is 20500000n.
 * On the wire it is a decimal string in major units. Never a JS number.
 */
export type Minor = bigint;

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

export type ParseAmountResult =
  | { ok: true; value: Minor }
  | { ok: false; reason: 'format' | 'decimals' | 'too_large' };

/**
 * Largest amount we accept, in minor units (1,000,000,000 USDT at 6 decimals). The ledger keeps amounts and
 * balances as BIGINT (2^63 - 1, about 9.2 * 10^18): at 10^15 one account can take over 9,000 of the largest
 * amounts, and a price times a quantity stays inside it, where 10^18 would overflow after nine.
 */
export const MAX_MINOR = 10n ** 15n;

/**
 * The bound for figures read back rather than typed into a request (balances and totals from the server, an
 * exchange's fills and prices at 12 decimals): sums may pass one request's cap, and nothing is stored from them.
 */
export const MAX_WIRE_MINOR = 10n ** 24n;

/** Parses a non-negative decimal string exactly into minor units, refusing more than `max` (a request's cap). */
export function parseAmount(text: string, decimals: number, max: Minor = MAX_MINOR): ParseAmountResult {
  const trimmed = text.trim();
  const m = DECIMAL_RE.exec(trimmed);
  if (!m) return { ok: false, reason: 'format' };
  const whole = m[1] ?? '0';
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return { ok: false, reason: 'decimals' };
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (value > max) return { ok: false, reason: 'too_large' };
  return { ok: true, value };
}

/** Formats minor units as a plain decimal string without trailing zeros ("20.5"). */
export function formatAmount(value: Minor, decimals: number, minDecimals = 0): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let frac = decimals > 0 ? (abs % base).toString().padStart(decimals, '0') : '';
  frac = frac.replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** a * bps / 10000 rounded up: fees always round in the platform's favour. */
export function feeCeil(amount: Minor, bps: number): Minor {
  const num = amount * BigInt(bps);
  return (num + 9999n) / 10000n;
}
