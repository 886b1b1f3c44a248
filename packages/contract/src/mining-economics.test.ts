import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  impliedDailyOutput,
  miningEconomics,
  miningStillToCome,
  roundedSummary,
} from './mining-economics.ts';

const USDT = 1_000_000n;

/** Packages as an admin may set them: the fee below the output, any term, quantity and price. */
const terms = fc
  .record({
    output: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    feeShare: fc.bigInt({ min: 0n, max: 999n }),
    quantity: fc.integer({ min: 1, max: 1_000_000 }),
    termDays: fc.integer({ min: 1, max: 3650 }),
    paid: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    sameAsset: fc.boolean(),
  })
  .map((r) => ({
    dailyOutputPerUnit: r.output,
    dailyFeePerUnit: (r.output * r.feeShare) / 1000n,
    quantity: r.quantity,
    termDays: r.termDays,
    paid: r.paid,
    sameAsset: r.sameAsset,
  }));

describe('mining economics', () => {
  it("the issue's BTC starter: 1.50 USDT of output less 0.30 of fees is 1.20 back for 10 paid, 12%", () => {
    const e = miningEconomics({
      dailyOutputPerUnit: 50_000n,
      dailyFeePerUnit: 10_000n,
      quantity: 1,
      termDays: 30,
      paid: 10n * USDT,
      sameAsset: true,
    });
    expect(e.total).toEqual({ output: 1_500_000n, fee: 300_000n, net: 1_200_000n });
    expect(e.returnBps).toBe(1200n);
    expect(e.belowPrice).toBe(true);
    expect(roundedSummary(e, 6, 6)).toEqual({
      output: 1_500_000n,
      fee: 300_000n,
      net: 1_200_000n,
      paid: 10n * USDT,
      percent: 12n,
      rounded: false,
    });
  });

  it('totals are the daily figures times the term and quantity, exactly (property)', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const e = miningEconomics(t);
        const q = BigInt(t.quantity);
        const days = BigInt(t.termDays);
        expect(e.daily.output).toBe(t.dailyOutputPerUnit * q);
        expect(e.daily.fee).toBe(t.dailyFeePerUnit * q);
        expect(e.daily.net).toBe(e.daily.output - e.daily.fee);
        expect(e.total.output).toBe(e.daily.output * days);
        expect(e.total.fee).toBe(e.daily.fee * days);
        expect(e.total.net).toBe(e.total.output - e.total.fee);
        expect(e.belowPrice).toBe(t.sameAsset && e.total.net < t.paid);
      }),
    );
  });

  it('income so far plus what is still to come is the whole term, whatever day it is (property)', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 4000 }), (t, paidDays) => {
        const e = miningEconomics(t);
        const days = Math.min(paidDays, t.termDays);
        const rest = miningStillToCome(e, paidDays);
        expect(e.daily.net * BigInt(days) + rest.net).toBe(e.total.net);
        expect(e.daily.fee * BigInt(days) + rest.fee).toBe(e.total.fee);
        expect(rest.output >= 0n).toBe(true);
      }),
    );
  });

  it('the share of the price that comes back is never overstated (property)', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const e = miningEconomics(t);
        if (!t.sameAsset) {
          expect(e.returnBps).toBeNull();
          return;
        }
        const bps = e.returnBps as bigint;
        // bps / 10000 <= net / paid < (bps + 1) / 10000
        expect(bps * t.paid <= e.total.net * 10_000n).toBe(true);
        expect((bps + 1n) * t.paid > e.total.net * 10_000n).toBe(true);
      }),
    );
  });

  it('shown figures round against the member and say so: output and net down, fees and price up (property)', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 6 }), (t, shown) => {
        const e = miningEconomics(t);
        const s = roundedSummary(e, 6, 6, shown);
        const step = 10n ** BigInt(6 - shown);
        expect(s.output <= e.total.output && e.total.output - s.output < step).toBe(true);
        expect(s.net <= e.total.net && e.total.net - s.net < step).toBe(true);
        expect(s.fee >= e.total.fee && s.fee - e.total.fee < step).toBe(true);
        expect(s.paid >= e.paid && s.paid - e.paid < step).toBe(true);
        for (const v of [s.output, s.net, s.fee, s.paid]) expect(v % step).toBe(0n);
        if (s.percent !== null) expect(s.percent * 100n <= (e.returnBps as bigint)).toBe(true);
        const changed =
          s.output !== e.total.output ||
          s.net !== e.total.net ||
          s.fee !== e.total.fee ||
          s.paid !== e.paid ||
          (e.returnBps !== null && (s.percent as bigint) * 100n !== e.returnBps);
        // Rounding is never hidden: the flag is set exactly when a shown figure differs from the exact one.
        expect(s.rounded).toBe(changed);
      }),
    );
  });

  it('a rounded share is flagged: 1 back for 3 paid is about 33%', () => {
    const e = miningEconomics({
      dailyOutputPerUnit: 1n,
      dailyFeePerUnit: 0n,
      quantity: 1,
      termDays: 1,
      paid: 3n,
      sameAsset: true,
    });
    const s = roundedSummary(e, 6, 6);
    expect(s.percent).toBe(33n);
    expect(s.rounded).toBe(true);
    // 0.000001 of output shows as 0.00 (down), the 0.000003 price as 0.01 (up).
    expect([s.output, s.paid]).toEqual([0n, 10_000n]);
  });

  it('the assumptions give the daily output of a unit, rounded down', () => {
    // 0.0000008 BTC a day at 62,500 USDT: 0.05 USDT.
    expect(impliedDailyOutput('0.0000008', 62_500n * USDT)).toBe(50_000n);
    // 0.00000075 BTC at 66,666.666666 USDT: 0.0499999999995 USDT, rounded down.
    expect(impliedDailyOutput('0.00000075', 66_666_666_666n)).toBe(49_999n);
    expect(impliedDailyOutput('', 1n)).toBeNull();
    expect(impliedDailyOutput('1e-6', 1n)).toBeNull();
    expect(impliedDailyOutput('0.1', null)).toBeNull();
  });

  it('the implied output never exceeds the exact product (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 18 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (digits, scale, price) => {
          const text =
            scale === 0 ? digits.toString() : `0.${digits.toString().padStart(scale, '0').slice(-scale)}`;
          const implied = impliedDailyOutput(text, price) as bigint;
          const [w, f = ''] = text.split('.');
          const exactNum = BigInt(`${w}${f}`) * price;
          const den = 10n ** BigInt(f.length);
          expect(implied * den <= exactNum && (implied + 1n) * den > exactNum).toBe(true);
        },
      ),
    );
  });
});
