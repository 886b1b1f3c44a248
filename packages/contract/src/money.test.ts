import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeCeil, formatAmount, MAX_MINOR, MAX_WIRE_MINOR, parseAmount } from './money.ts';

describe('money', () => {
  it('parses decimal strings exactly into minor units', () => {
    expect(parseAmount('20.5', 6)).toEqual({ ok: true, value: 20_500_000n });
    expect(parseAmount('0.000001', 6)).toEqual({ ok: true, value: 1n });
    expect(parseAmount(' 7 ', 2)).toEqual({ ok: true, value: 700n });
    expect(parseAmount('1.50', 1)).toEqual({ ok: true, value: 15n });
  });

  it('refuses malformed amounts and too many decimals', () => {
    for (const bad of ['', '-1', '1e3', '1.', '.5', '1,000', 'abc', '0x10', 'NaN']) {
      expect(parseAmount(bad, 6).ok).toBe(false);
    }
    expect(parseAmount('0.0000001', 6)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseAmount('1'.repeat(40), 6)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('refuses amounts a BIGINT ledger could not hold or sum', () => {
    expect(parseAmount('1000000000', 6)).toEqual({ ok: true, value: MAX_MINOR });
    expect(parseAmount('1000000000.000001', 6)).toEqual({ ok: false, reason: 'too_large' });
    // These overflowed a BIGINT column and answered 500 before the cap came down from 10^24.
    for (const big of [
      '9300000000000',
      '9300000000000.5',
      '9223372036854775808',
      '99999999999999999999.123456',
    ]) {
      expect(parseAmount(big, 6)).toEqual({ ok: false, reason: 'too_large' });
    }
    expect(MAX_MINOR * 9000n < 2n ** 63n - 1n).toBe(true);
    // Figures read back (totals, an exchange's prices) take the wider bound.
    expect(parseAmount('123456789012345.123456', 6, MAX_WIRE_MINOR)).toEqual({
      ok: true,
      value: 123456789012345123456n,
    });
  });

  it('formats and parses back to the same value (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: MAX_MINOR }),
        fc.integer({ min: 0, max: 18 }),
        (value, decimals) => {
          const text = formatAmount(value, decimals);
          expect(parseAmount(text, decimals)).toEqual({ ok: true, value });
        },
      ),
    );
  });

  it('rounds fees up, never below the exact fee (property)', () => {
    expect(feeCeil(100n, 500)).toBe(5n);
    expect(feeCeil(101n, 500)).toBe(6n);
    expect(feeCeil(0n, 500)).toBe(0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const fee = feeCeil(amount, bps);
          expect(fee * 10_000n >= amount * BigInt(bps)).toBe(true);
          expect((fee - 1n) * 10_000n < amount * BigInt(bps)).toBe(true);
        },
      ),
    );
  });

  it('formats negatives and minimum decimals', () => {
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
    expect(formatAmount(2_000_000n, 6, 2)).toBe('2.00');
  });
});
