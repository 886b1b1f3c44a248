import { describe, expect, it } from 'vitest';
import {
  compareAmounts,
  formatAsset,
  formatMoney,
  parseMoneyInput,
  percentToBps,
  sumAmounts,
  toMinor,
  toWireAmount,
} from './money.ts';

describe('money formatting', () => {
  it('adds decimal amounts exactly, unlike floating point', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts(['0.1', '0.2'], 6)).toBe('0.3');
    expect(sumAmounts(['1.000001', '-0.000001', '2'], 6)).toBe('3');
  });

  it('keeps big values exact to the last minor unit', () => {
    expect(formatMoney('123456789012345.123456', { decimals: 6, lang: 'en-US' })).toBe(
      '123,456,789,012,345.123456',
    );
    expect(sumAmounts(['123456789012345.123456', '0.000001'], 6)).toBe('123456789012345.123457');
    expect(toMinor('123456789012345.123456', 6)).toBe(123456789012345123456n);
  });

  it('groups thousands in each app language and pads to two decimals', () => {
    expect(formatMoney('1234567.5', { decimals: 6, lang: 'en-US' })).toBe('1,234,567.50');
    expect(formatMoney('1234567.5', { decimals: 6, lang: 'zh-CN' })).toBe('1,234,567.50');
    expect(formatMoney('1234567.5', { decimals: 6, lang: 'bm-MY' })).toBe('1,234,567.50');
    expect(formatMoney('0', { decimals: 6, lang: 'en-US' })).toBe('0.00');
    expect(formatMoney('20', { decimals: 2, lang: 'en-US', minDecimals: 0 })).toBe('20');
  });

  it('shows signs for history rows', () => {
    expect(formatMoney('-1000.25', { decimals: 6, lang: 'en-US', signed: true })).toBe('-1,000.25');
    expect(formatMoney('1000.25', { decimals: 6, lang: 'en-US', signed: true })).toBe('+1,000.25');
    expect(formatMoney('0', { decimals: 6, lang: 'en-US', signed: true })).toBe('0.00');
  });

  it('formats bigint minor units and adds the asset code', () => {
    expect(formatMoney(20500000n, { decimals: 6, lang: 'en-US' })).toBe('20.50');
    expect(formatAsset('1500', 'USDT', { lang: 'en-US' })).toBe('1,500.00 USDT');
    expect(formatAsset('12.5', 'RP', { lang: 'en-US' })).toBe('12.50 RP');
  });

  it('returns text that is not an amount unchanged', () => {
    expect(formatMoney('abc', { decimals: 6, lang: 'en-US' })).toBe('abc');
    expect(toMinor('1.1234567', 6)).toBeNull();
  });
});

describe('money input', () => {
  it('reads what a member types in their locale format', () => {
    expect(parseMoneyInput('1,234.5', 6, 'en-US')).toEqual({ ok: true, value: 1234500000n });
    expect(parseMoneyInput(' 20 ', 6, 'bm-MY')).toEqual({ ok: true, value: 20000000n });
    expect(toWireAmount('1,234.50', 6, 'zh-CN')).toBe('1234.5');
  });

  it('refuses too many decimals, signs and words', () => {
    expect(parseMoneyInput('1.0000001', 6, 'en-US')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseMoneyInput('-5', 6, 'en-US')).toEqual({ ok: false, reason: 'format' });
    expect(toWireAmount('ten', 6, 'en-US')).toBeNull();
  });

  it('compares exactly and converts percents to basis points', () => {
    expect(compareAmounts('20', '19.999999', 6)).toBe(1);
    expect(compareAmounts('0.3', '0.30', 6)).toBe(0);
    expect(percentToBps('5')).toBe(500);
    expect(percentToBps('0.25')).toBe(25);
    expect(percentToBps('x')).toBeNull();
  });
});
