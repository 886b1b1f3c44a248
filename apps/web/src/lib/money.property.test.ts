import { formatAmount } from '@mp/contract/web';
import type { Language } from '@mp/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayDecimalsOf, formatAsset, formatMoney, roundMinor, toMinor } from './money.ts';
import { formatFigure, formatPrice, formatTradedVolume } from './price.ts';

const LANGUAGES: Language[] = ['en-US', 'zh-CN', 'bm-MY'];
const NUMBER_LOCALE: Record<Language, string> = { 'en-US': 'en-US', 'zh-CN': 'zh-CN', 'bm-MY': 'ms-MY' };
const lang = fc.constantFrom(...LANGUAGES);
/** Up to a trillion in major units at 12 decimals: past any balance, inside what the client parses. */
const minor = fc.bigInt({ min: -(10n ** 24n) + 1n, max: 10n ** 24n - 1n });
const decimals = fc.constantFrom(2, 6, 8, 12);

/** Reads a displayed figure back with the locale's own separators, as Intl gives them (not hard-coded). */
function readBack(text: string, language: Language, scale: number): bigint {
  const parts = new Intl.NumberFormat(NUMBER_LOCALE[language]).formatToParts(12345.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const plain = text.split(group).join('').split(decimal).join('.');
  const value = toMinor(plain.replace(/^\+/, ''), scale);
  if (value === null) throw new Error(`not a figure: ${text}`);
  return value;
}

describe('amounts for lists (cut to display decimals)', () => {
  it('rounds down: never more than the exact figure, by less than one cent; in every language', () => {
    fc.assert(
      fc.property(minor, decimals, lang, (value, scale, language) => {
        const text = formatMoney(value, { decimals: scale, lang: language, maxDecimals: 2 });
        expect(text).not.toContain('NaN');
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(text).not.toBe('-0.00');
        const shown = readBack(text, language, scale);
        const step = 10n ** BigInt(scale - 2);
        expect(shown).toBe(roundMinor(value, scale, 2, 'down'));
        expect(shown <= value && value - shown < step).toBe(true);
      }),
    );
  });

  it('rounds up what the member pays: never less than the exact figure, by less than one cent', () => {
    fc.assert(
      fc.property(minor, decimals, lang, (value, scale, language) => {
        const text = formatMoney(value, { decimals: scale, lang: language, maxDecimals: 2, round: 'up' });
        const shown = readBack(text, language, scale);
        const step = 10n ** BigInt(scale - 2);
        expect(shown >= value && shown - value < step).toBe(true);
      }),
    );
  });

  it('reads wire strings with more decimals than the asset has (an exchange at 8) instead of printing them raw', () => {
    fc.assert(
      fc.property(minor, lang, (value, language) => {
        const wire = formatAmount(value, 8);
        const text = formatAsset(wire, 'USDT', { lang: language, maxDecimals: 2 });
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2} USDT$/);
        expect(readBack(text.replace(' USDT', ''), language, 8)).toBe(roundMinor(value, 8, 2));
      }),
    );
    expect(formatAsset('2181.88256784', 'USDT', { lang: 'en-US', maxDecimals: 2 })).toBe('2,181.88 USDT');
    expect(formatAsset('-0.03005264', 'USDT', { lang: 'en-US', maxDecimals: 2 })).toBe('-0.04 USDT');
    expect(formatAsset('0', 'USDT', { lang: 'zh-CN', maxDecimals: 2 })).toBe('0.00 USDT');
  });

  it('shows points by their own decimals and money by cents', () => {
    expect(displayDecimalsOf('USDT')).toBe(2);
    expect(displayDecimalsOf('XT')).toBe(2);
    expect(displayDecimalsOf('RP')).toBe(2);
    expect(displayDecimalsOf('DP')).toBe(2);
  });
});

describe('exact amounts (details, the title of a cut figure)', () => {
  it('keeps every digit: reading it back gives the value', () => {
    fc.assert(
      fc.property(minor, decimals, lang, fc.boolean(), (value, scale, language, signed) => {
        const text = formatMoney(formatAmount(value, scale), { decimals: scale, lang: language, signed });
        expect(text).not.toContain('NaN');
        expect(readBack(text, language, scale)).toBe(value);
        if (signed && value > 0n) expect(text.startsWith('+')).toBe(true);
      }),
    );
  });

  it('returns what is not a figure unchanged, never NaN', () => {
    fc.assert(
      fc.property(fc.string(), lang, (text, language) => {
        expect(formatMoney(text, { decimals: 6, lang: language, maxDecimals: 2 })).not.toMatch(/NaN/);
      }),
    );
  });
});

describe('market prices', () => {
  it("shows the market's precision with the language's separators", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.integer({ min: 0, max: 8 }),
        lang,
        (value, scale, language) => {
          const text = formatPrice(formatAmount(value, scale), scale, language);
          expect(text).toMatch(
            scale > 0 ? new RegExp(`^\\d{1,3}(,\\d{3})*\\.\\d{${scale}}$`) : /^\d{1,3}(,\d{3})*$/,
          );
          expect(readBack(text, language, scale)).toBe(value);
        },
      ),
    );
    expect(formatPrice('97123.5', 2)).toBe('97,123.50');
    expect(formatPrice('96000.00')).toBe('96,000.00');
    // Without the asset's rule (an exchange coin) the digits stay as sent; USDT is cut to cents, down.
    expect(formatFigure('0', 'BTC')).toBe('0');
    expect(formatFigure('0.01234567', 'BTC')).toBe('0.01234567');
    expect(formatFigure('2005.01156353', 'USDT')).toBe('2,005.01');
    expect(formatFigure('0.031', 'USDT', 'up')).toBe('0.04');
    expect(formatPrice('1234567.125')).toBe('1,234,567.125');
  });

  it('shows a traded volume grouped, with at most two decimals, never more than was traded', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fc.integer({ min: 0, max: 12 }),
        lang,
        (value, scale, language) => {
          const text = formatTradedVolume(formatAmount(value, scale, scale), language);
          expect(text).toMatch(/^\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
          // Read back at the sent scale: cut down, by less than one cent.
          const shown = readBack(text, language, scale);
          const cent = scale > 2 ? 10n ** BigInt(scale - 2) : 1n;
          expect(shown <= value && value - shown < cent).toBe(true);
        },
      ),
    );
    expect(formatTradedVolume('12345.67890000')).toBe('12,345.67');
    expect(formatTradedVolume('300')).toBe('300');
  });
});
