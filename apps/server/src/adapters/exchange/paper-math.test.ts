import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costShare,
  limitFill,
  marketableAt,
  type PaperFees,
  settle,
  takerPrice,
  valueAt,
} from './paper-math.ts';

const fees = fc.record({
  feeBps: fc.integer({ min: 0, max: 100 }),
  spreadBps: fc.integer({ min: 0, max: 100 }),
  slippageBps: fc.integer({ min: 0, max: 50 }),
});
const priceDecimals = fc.integer({ min: 0, max: 6 });
const price = fc.bigInt({ min: 1n, max: 10n ** 12n });
const amount = fc.bigInt({ min: 1n, max: 10n ** 14n });

describe('paper exchange arithmetic', () => {
  it('a round trip at an unchanged price loses exactly the fees and the spread, never less', () => {
    fc.assert(
      fc.property(fees, priceDecimals, price, amount, (f: PaperFees, pd, last, a) => {
        const ask = takerPrice('buy', last, a, pd, f);
        const bid = takerPrice('sell', last, a, pd, f);
        expect(ask >= last && bid <= last).toBe(true);
        const buy = settle('buy', a, ask, pd, f.feeBps);
        const sell = settle('sell', a, bid, pd, f.feeBps);
        const loss = buy.quoteDelta - sell.quoteDelta;
        // What was paid away: both fees, plus the value difference between buying at the ask and selling at the bid.
        expect(loss).toBe(buy.fee + sell.fee + (buy.value - sell.value));
        expect(buy.value - sell.value).toBeGreaterThanOrEqual(valueAt(a, ask - bid, pd, 'down'));
        expect(loss).toBeGreaterThanOrEqual(0n);
      }),
    );
  });

  it('is deterministic for a given price and conserves value less fees', () => {
    fc.assert(
      fc.property(
        fees,
        priceDecimals,
        price,
        amount,
        fc.constantFrom('buy' as const, 'sell' as const),
        (f, pd, p, a, side) => {
          const s1 = settle(side, a, p, pd, f.feeBps);
          const s2 = settle(side, a, p, pd, f.feeBps);
          expect(s1).toEqual(s2);
          expect(s1.fee).toBeGreaterThanOrEqual(0n);
          if (side === 'buy') expect(s1.quoteDelta).toBe(s1.value + s1.fee);
          else {
            expect(s1.quoteDelta).toBe(s1.value - s1.fee);
            expect(s1.quoteDelta).toBeGreaterThanOrEqual(0n);
          }
          // Rounding goes against the account: a buy pays at least the exact value, a sell gets at most it.
          const exact = a * p;
          const den = 10n ** BigInt(pd);
          if (side === 'buy') expect(s1.value * den).toBeGreaterThanOrEqual(exact);
          else expect(s1.value * den).toBeLessThanOrEqual(exact);
        },
      ),
    );
  });

  it('a limit order never fills at a worse price than its limit', () => {
    fc.assert(
      fc.property(
        fees,
        priceDecimals,
        price,
        price,
        price,
        amount,
        fc.constantFrom('buy' as const, 'sell' as const),
        (f, pd, limit, p1, p2, a, side) => {
          const low = p1 < p2 ? p1 : p2;
          const high = p1 < p2 ? p2 : p1;
          const resting = limitFill(side, limit, a, low, high, pd, f);
          if (resting !== undefined) expect(side === 'buy' ? resting <= limit : resting >= limit).toBe(true);
          const taker = marketableAt(side, limit, p1, a, pd, f);
          if (taker !== undefined) expect(side === 'buy' ? taker <= limit : taker >= limit).toBe(true);
        },
      ),
    );
  });

  it('the cost a sale carries away never exceeds the holding cost, and all of it goes with the whole holding', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (cost, x, y) => {
          const holding = x > y ? x : y;
          const sold = x > y ? y : x;
          const share = costShare(cost, sold, holding);
          expect(share >= 0n && share <= cost).toBe(true);
          expect(costShare(cost, holding, holding)).toBe(cost);
          // What stays carries its part: the rest of the cost is at most the exact share of what stays (rounded up).
          expect(cost - share).toBeLessThanOrEqual((cost * (holding - sold)) / holding);
        },
      ),
    );
  });

  it('no sequence of buys and sells at one price makes money from rounding', () => {
    fc.assert(
      fc.property(
        fees,
        priceDecimals,
        price,
        fc.array(amount, { minLength: 1, maxLength: 10 }),
        (f, pd, last, amounts) => {
          let quote = 10n ** 30n;
          const start = quote;
          for (const a of amounts) {
            quote -= settle('buy', a, takerPrice('buy', last, a, pd, f), pd, f.feeBps).quoteDelta;
            quote += settle('sell', a, takerPrice('sell', last, a, pd, f), pd, f.feeBps).quoteDelta;
          }
          expect(quote).toBeLessThanOrEqual(start);
        },
      ),
    );
  });
});
