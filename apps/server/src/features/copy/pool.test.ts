import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowStats } from './record.ts';
import { bpsOf, PAPER_PER_MINOR, percentOf, unitsFor, unitsToBurn, worthOf } from './pool.ts';
import { profitSplit } from './engine.ts';

/** The pool's unit math (issue 15): followers' shares add up to the pool, rounding always in the platform's favour. */
describe('pool units', () => {
  const amount = fc.bigInt({ min: 1n, max: 10n ** 12n });

  it('the followers together never own more than the pool, and lose at most one minor unit each to rounding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount, move: fc.integer({ min: 50, max: 200 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        (steps) => {
          let equity = 0n;
          let units = 0n;
          const held: bigint[] = [];
          for (const s of steps) {
            // The market moves the pool's value, then a follower comes in.
            equity = (equity * BigInt(s.move)) / 100n;
            if (units > 0n && equity <= 0n) return;
            const u = unitsFor(s.amount, { equity, units });
            // Never more units than the money buys at the pool's value.
            if (units > 0n) expect(u * equity).toBeLessThanOrEqual(s.amount * PAPER_PER_MINOR * units);
            held.push(u);
            units += u;
            equity += s.amount * PAPER_PER_MINOR;
          }
          const state = { equity, units };
          const values = held.map((u) => worthOf(u, state));
          const sum = values.reduce((a, b) => a + b, 0n);
          const pool = equity / PAPER_PER_MINOR;
          expect(sum).toBeLessThanOrEqual(pool);
          expect(pool - sum).toBeLessThanOrEqual(BigInt(held.length));
        },
      ),
    );
  });

  it('an amount put in is worth at most that amount at once (and less only by rounding)', () => {
    fc.assert(
      fc.property(amount, amount, fc.bigInt({ min: 1n, max: 10n ** 14n }), (a, e, u) => {
        const before = { equity: e * PAPER_PER_MINOR, units: u };
        const issued = unitsFor(a, before);
        const after = { equity: before.equity + a * PAPER_PER_MINOR, units: u + issued };
        const worth = worthOf(issued, after);
        expect(worth).toBeLessThanOrEqual(a);
      }),
    );
  });

  it('units burned for an amount taken out are worth at least that amount', () => {
    fc.assert(
      fc.property(
        amount,
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        (a, e, u) => {
          const s = { equity: e * PAPER_PER_MINOR, units: u };
          const burn = unitsToBurn(a, 10n ** 30n, s);
          expect(burn * s.equity).toBeGreaterThanOrEqual(a * PAPER_PER_MINOR * s.units);
        },
      ),
    );
  });

  it('profit above the high-water mark only: the shares never exceed the profit', () => {
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        (v, h, sb, fb) => {
          const s = profitSplit(v, h, sb, fb);
          expect(s.profit).toBe(v > h ? v - h : 0n);
          expect(s.share + s.fee).toBeLessThanOrEqual(s.profit);
          if (v <= h) expect(s.share + s.fee).toBe(0n);
        },
      ),
    );
    expect(profitSplit(1_100_000_000n, 1_000_000_000n, 1000, 200)).toEqual({
      profit: 100_000_000n,
      share: 10_000_000n,
      fee: 2_000_000n,
    });
  });
});

describe('figures', () => {
  it('percentages and rates', () => {
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(-5n, 100n)).toBe('-5.00');
    expect(percentOf(1n, 0n)).toBe('0.00');
    expect(bpsOf('12.5', 50)).toBe(1250);
    expect(bpsOf('0', 50)).toBe(0);
    expect(bpsOf('50.01', 50)).toBeUndefined();
    expect(bpsOf('1.234', 50)).toBeUndefined();
    expect(bpsOf('-1', 50)).toBeUndefined();
  });

  it('return and drawdown over a window start from the last point before it', () => {
    const day = 86_400_000;
    const points = [
      { at: 0, equity: 100n },
      { at: 10 * day, equity: 120n },
      { at: 20 * day, equity: 90n },
      { at: 25 * day, equity: 110n },
    ];
    // From day 12: based on 120 (day 10), down to 90 = -25%, ends at 110.
    expect(windowStats(points, 12 * day)).toEqual({ roi: '-8.33', drawdown: '25.00' });
    // Before the first point: based on the first.
    expect(windowStats(points, -5 * day)).toEqual({ roi: '10.00', drawdown: '25.00' });
    expect(windowStats([], 0)).toEqual({ roi: '0.00', drawdown: '0.00' });
  });
});
