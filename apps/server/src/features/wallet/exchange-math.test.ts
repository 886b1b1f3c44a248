import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exchangeOut } from './exchange-math.ts';

const USDT = 100_000_000n; // 1 USDT in 10^-8 USDT

describe('exchange math', () => {
  it('converts at the price less the spread, rounding down', () => {
    // 1 XT = 0.5 USDT, 1% spread: 10 USDT buys 19.8 XT.
    expect(exchangeOut(10_000_000n, 'USDT', 'XT', USDT, 50_000_000n, 100)).toBe(19_800_000n);
    // 10 XT sells for 4.95 USDT.
    expect(exchangeOut(10_000_000n, 'XT', 'USDT', 50_000_000n, USDT, 100)).toBe(4_950_000n);
    // 1 minor unit of USDT at price 3 buys 0.33 minor units: rounded down to 0.
    expect(exchangeOut(1n, 'USDT', 'XT', USDT, 300_000_000n, 0)).toBe(0n);
  });

  it('never gains value on a round trip, at any price and spread (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 5000 }),
        fc.boolean(),
        (amount, price, spread, startInUsdt) => {
          const [a, b, pa, pb] = startInUsdt
            ? (['USDT', 'XT', USDT, price] as const)
            : (['XT', 'USDT', price, USDT] as const);
          const there = exchangeOut(amount, a, b, pa, pb, spread);
          const back = exchangeOut(there, b, a, pb, pa, spread);
          expect(back <= amount).toBe(true);
          // And what is received is never worth more than what was paid.
          expect(there * pb <= amount * pa).toBe(true);
        },
      ),
    );
  });
});
