import { ASSETS, formatAmount, MAX_WIRE_MINOR, parseAmount } from '@mp/contract/web';
import type { Language, Minor, ParseAmountResult } from '@mp/contract';
import { currentLanguage } from './i18n.ts';

/**
 * Money in the client stays exact: wire amounts are decimal strings, arithmetic is on bigint minor units
 * (the contract's parseAmount/formatAmount), and only the display adds the locale's separators.
 * No amount ever passes through a JS number.
 */

/** The number-format locale of each app language (Malay formats as ms-MY). */
const NUMBER_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'zh-CN': 'zh-CN', 'bm-MY': 'ms-MY' };

/** Decimals of an asset's minor unit; an asset the contract does not know gets USDT's 6. */
export function decimalsOf(asset: string): number {
  return asset in ASSETS ? ASSETS[asset as keyof typeof ASSETS].decimals : 6;
}

const SIGNED_RE = /^([+-]?)(\d+(?:\.\d+)?)$/;

/** A signed decimal string from the wire ("-12.5") as minor units; null when it is not a plain decimal. */
export function toMinor(text: string, decimals: number): Minor | null {
  const m = SIGNED_RE.exec(text.trim());
  if (!m) return null;
  // More decimals than the asset has is not an amount of that asset: no rounding in the client.
  // A figure from the server (a total may pass one request's cap), not what a member typed.
  const parsed = parseAmount(m[2] ?? '', decimals, MAX_WIRE_MINOR);
  if (!parsed.ok) return null;
  return m[1] === '-' ? -parsed.value : parsed.value;
}

/** Adds wire amounts exactly ('0.1' + '0.2' is '0.3'); amounts that do not parse count as zero. */
export function sumAmounts(values: readonly string[], decimals: number): string {
  const total = values.reduce((sum, v) => sum + (toMinor(v, decimals) ?? 0n), 0n);
  return formatAmount(total, decimals);
}

/** -1, 0 or 1 as a is less than, equal to or more than b (exact; unparseable counts as zero). */
export function compareAmounts(a: string, b: string, decimals: number): -1 | 0 | 1 {
  const x = toMinor(a, decimals) ?? 0n;
  const y = toMinor(b, decimals) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

// Making an Intl.NumberFormat costs far more than formatting with one (the home page's first render spent 40 ms
// making one per amount): one per locale, made on first use.
const groupers = new Map<string, Intl.NumberFormat>();

function grouperOf(locale: string): Intl.NumberFormat {
  let grouper = groupers.get(locale);
  if (!grouper) {
    grouper = new Intl.NumberFormat(locale, { useGrouping: true });
    groupers.set(locale, grouper);
  }
  return grouper;
}

type Separators = { group: string; decimal: string };
const separatorCache = new Map<string, Separators>();

/** The locale's grouping and decimal characters (read from a sample that is not money). */
function separatorsOf(locale: string): Separators {
  let seps = separatorCache.get(locale);
  if (!seps) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
    seps = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, seps);
  }
  return seps;
}

export type FormatMoneyOptions = {
  decimals: number;
  lang?: Language;
  /** Shown even when zero (default: 2, or fewer for assets with fewer decimals). */
  minDecimals?: number;
  /** Prefix positive amounts with '+' (history rows). */
  signed?: boolean;
};

/**
 * An exact amount in the user's locale: '1234567.5' -> '1,234,567.50'. The whole part is grouped by
 * Intl.NumberFormat on a bigint; the decimals are copied digit for digit. Text that is not an amount is
 * returned unchanged rather than guessed at.
 */
export function formatMoney(value: string | Minor, options: FormatMoneyOptions): string {
  const { decimals, signed = false } = options;
  const minor = typeof value === 'bigint' ? value : toMinor(value, decimals);
  if (minor === null) return String(value);
  const locale = NUMBER_LOCALE[options.lang ?? currentLanguage()];
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const minDecimals = options.minDecimals ?? Math.min(2, decimals);
  const plain = formatAmount(abs, decimals, minDecimals);
  const [whole = '0', frac = ''] = plain.split('.');
  const grouped = grouperOf(locale).format(BigInt(whole));
  const body = frac ? `${grouped}${separatorsOf(locale).decimal}${frac}` : grouped;
  const sign = negative ? '-' : signed && abs > 0n ? '+' : '';
  return `${sign}${body}`;
}

/** An amount with its asset code: '1,234.50 USDT'. */
export function formatAsset(
  value: string | Minor,
  asset: string,
  options: Omit<FormatMoneyOptions, 'decimals'> = {},
) {
  return `${formatMoney(value, { ...options, decimals: decimalsOf(asset) })} ${asset}`;
}

/**
 * What a member typed, in their locale's format ('1,234.5'), as exact minor units. Group separators and
 * spaces are dropped; the locale's decimal mark becomes '.'.
 */
export function parseMoneyInput(text: string, decimals: number, lang?: Language): ParseAmountResult {
  const { group, decimal } = separatorsOf(NUMBER_LOCALE[lang ?? currentLanguage()]);
  let cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  cleaned = cleaned.split(group).join('');
  if (decimal !== '.') cleaned = cleaned.split(decimal).join('.');
  return parseAmount(cleaned, decimals);
}

/** The plain wire form of what a member typed ('1,234.50' -> '1234.5'), or null when it is not an amount. */
export function toWireAmount(text: string, decimals: number, lang?: Language): string | null {
  const parsed = parseMoneyInput(text, decimals, lang);
  return parsed.ok ? formatAmount(parsed.value, decimals) : null;
}

/** A percent string from the server ('5', '0.25') as basis points, for feeCeil; null when it does not parse. */
export function percentToBps(percent: string): number | null {
  const parsed = parseAmount(percent, 2);
  // Percent values are small (<= 100%), so basis points fit a number exactly.
  return parsed.ok ? Number(parsed.value) : null;
}
