import { ASSETS, formatAmount, MAX_WIRE_MINOR, parseAmount } from '@mp/contract/web';
import type { Language, Minor, ParseAmountResult } from '@mp/contract';
import { currentLanguage, INTL_LOCALE } from './i18n.ts';

/**
 * Money in the client stays exact: wire amounts are decimal strings, arithmetic is on bigint minor units
 * (the contract's parseAmount/formatAmount), and only the display adds the locale's separators.
 * No amount ever passes through a JS number.
 */

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
  /** Shown even when zero (default: 2, or fewer for assets with fewer decimals; `maxDecimals` when cut). */
  minDecimals?: number;
  /** Prefix positive amounts with '+' (history rows). */
  signed?: boolean;
  /** Cut to this many decimals (lists and summaries); absent: every digit the server sent (details). */
  maxDecimals?: number;
  /** Which way a cut goes; see roundMinor. */
  round?: Rounding;
};

/**
 * 'down' (the default) rounds toward minus infinity: a balance or money in never shows more than the member has,
 * money out ('-0.031') never shows less than was taken ('-0.04'). 'up' rounds toward plus infinity, for what the
 * member is about to pay (a fee, a price). Display only: the exact figure stays the server's string.
 */
export type Rounding = 'down' | 'up';

/** `minor` (at `from` decimals) rounded to `to` decimals, the way `round` says; still at `from` decimals. */
export function roundMinor(minor: Minor, from: number, to: number, round: Rounding = 'down'): Minor {
  if (to >= from) return minor;
  const step = 10n ** BigInt(from - to);
  const rest = ((minor % step) + step) % step;
  if (rest === 0n) return minor;
  return round === 'down' ? minor - rest : minor - rest + step;
}

/** Decimals of a wire figure: the asset's, or more when the server sent more (an exchange's fills, 8 or 12). */
function wireDecimals(value: string, decimals: number): number {
  const dot = value.indexOf('.');
  return dot < 0 ? decimals : Math.max(decimals, value.trim().length - dot - 1);
}

/**
 * An amount in the user's locale: '1234567.5' -> '1,234,567.50'. The whole part is grouped by
 * Intl.NumberFormat on a bigint; the decimals are copied digit for digit (or cut by `maxDecimals`, as `round`
 * says). Text that is not an amount is returned unchanged rather than guessed at.
 */
export function formatMoney(value: string | Minor, options: FormatMoneyOptions): string {
  const { signed = false, maxDecimals } = options;
  const decimals = typeof value === 'bigint' ? options.decimals : wireDecimals(value, options.decimals);
  let minor = typeof value === 'bigint' ? value : toMinor(value, decimals);
  if (minor === null) return String(value);
  let minDecimals = options.minDecimals ?? Math.min(2, decimals);
  if (maxDecimals !== undefined) {
    minor = roundMinor(minor, decimals, maxDecimals, options.round);
    minDecimals = Math.min(minDecimals, maxDecimals);
  }
  const locale = INTL_LOCALE[options.lang ?? currentLanguage()];
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const plain = formatAmount(abs, decimals, minDecimals);
  const [whole = '0', frac = ''] = plain.split('.');
  const grouped = grouperOf(locale).format(BigInt(whole));
  const body = frac ? `${grouped}${separatorsOf(locale).decimal}${frac}` : grouped;
  const sign = negative ? '-' : signed && abs > 0n ? '+' : '';
  return `${sign}${body}`;
}

/**
 * Decimals lists and summaries show for an asset: cents for USDT and XT, points by their own (2); a coin the
 * platform does not hold (BTC on an exchange) keeps the digits the server sent.
 */
export function displayDecimalsOf(asset: string): number | undefined {
  return asset in ASSETS ? Math.min(2, decimalsOf(asset)) : undefined;
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
  const { group, decimal } = separatorsOf(INTL_LOCALE[lang ?? currentLanguage()]);
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
