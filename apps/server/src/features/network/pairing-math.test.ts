import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PairingInput, pairDay } from './pairing-math.ts';

const U = 100_000_000n; // 100 USDT per pair
const base: PairingInput = {
  leftBefore: 0n,
  rightBefore: 0n,
  leftAdded: 0n,
  rightAdded: 0n,
  firstPairDone: false,
  unit: U,
  perPair: 10_000_000n, // 10% of 100 USDT
  cap: 100_000_000n,
  ratio: '1:1',
  capExcess: 'flush',
  carryForward: true,
};
const usdt = (n: number) => BigInt(Math.round(n * 1_000_000));

const volume = fc.bigInt({ min: 0n, max: 5_000n * U });
const input = fc.record({
  leftBefore: volume,
  rightBefore: volume,
  leftAdded: volume,
  rightAdded: volume,
  firstPairDone: fc.boolean(),
  unit: fc.bigInt({ min: 1n, max: 1_000n * U }),
  perPair: fc.bigInt({ min: 0n, max: 100n * U }),
  cap: fc.bigInt({ min: 0n, max: 10_000n * U }),
  ratio: fc.constantFrom('1:1' as const, '2:1' as const),
  capExcess: fc.constantFrom('flush' as const, 'carry' as const),
  carryForward: fc.boolean(),
});

describe('pairing (worked examples)', () => {
  it('1:1: 300 left and 200 right make 2 pairs of 10 USDT and carry 100 left', () => {
    const r = pairDay({ ...base, leftAdded: usdt(300), rightAdded: usdt(200) });
    expect(r).toMatchObject({
      pairs: 2n,
      paidPairs: 2n,
      bonus: usdt(20),
      leftAfter: usdt(100),
      rightAfter: 0n,
    });
  });

  it('2:1 then 1:1: 300 left and 200 right make the 2:1 first pair (200+100) then one 1:1 pair', () => {
    const r = pairDay({ ...base, ratio: '2:1', leftAdded: usdt(300), rightAdded: usdt(200) });
    expect(r).toMatchObject({
      pairs: 2n,
      bonus: usdt(20),
      leftAfter: 0n,
      rightAfter: 0n,
      firstPairDone: true,
    });
    // The next day it is 1:1.
    const next = pairDay({
      ...base,
      ratio: '2:1',
      firstPairDone: true,
      leftAdded: usdt(100),
      rightAdded: usdt(100),
    });
    expect(next.pairs).toBe(1n);
  });

  it('2:1: one unit on each side is not yet a first pair, and the volume waits', () => {
    const r = pairDay({ ...base, ratio: '2:1', leftAdded: usdt(100), rightAdded: usdt(150) });
    expect(r).toMatchObject({
      pairs: 0n,
      bonus: 0n,
      leftAfter: usdt(100),
      rightAfter: usdt(150),
      firstPairDone: false,
    });
  });

  it('the cap: 15 pairs with a 100 USDT cap pay 10; the excess is flushed, or carried on both legs', () => {
    const day = { ...base, leftAdded: usdt(1500), rightAdded: usdt(1700) };
    const flushed = pairDay(day);
    expect(flushed).toMatchObject({ pairs: 15n, paidPairs: 10n, bonus: usdt(100) });
    expect(flushed).toMatchObject({
      flushedLeft: usdt(500),
      flushedRight: usdt(500),
      leftAfter: 0n,
      rightAfter: usdt(200),
    });
    const carried = pairDay({ ...day, capExcess: 'carry' });
    expect(carried).toMatchObject({
      bonus: usdt(100),
      flushedLeft: 0n,
      leftAfter: usdt(500),
      rightAfter: usdt(700),
    });
  });

  it('without carry-forward the unmatched volume is flushed', () => {
    const r = pairDay({ ...base, carryForward: false, leftAdded: usdt(350), rightAdded: usdt(120) });
    expect(r).toMatchObject({
      pairs: 1n,
      leftAfter: 0n,
      rightAfter: 0n,
      flushedLeft: usdt(250),
      flushedRight: usdt(20),
    });
  });
});

describe('pairing (properties)', () => {
  it('conserves volume on each leg: before + added = used by paid pairs + flushed + after', () => {
    fc.assert(
      fc.property(input, (p) => {
        const r = pairDay(p);
        expect(p.leftBefore + p.leftAdded).toBe(r.usedLeft + r.flushedLeft + r.leftAfter);
        expect(p.rightBefore + p.rightAdded).toBe(r.usedRight + r.flushedRight + r.rightAfter);
        for (const v of [r.usedLeft, r.usedRight, r.flushedLeft, r.flushedRight, r.leftAfter, r.rightAfter])
          expect(v >= 0n).toBe(true);
      }),
    );
  });

  it('never pays more than the cap, and pays whole pairs', () => {
    fc.assert(
      fc.property(input, (p) => {
        const r = pairDay(p);
        if (p.perPair > 0n) expect(r.bonus <= p.cap).toBe(true);
        expect(r.bonus).toBe(r.paidPairs * p.perPair);
        expect(r.paidPairs <= r.pairs).toBe(true);
      }),
    );
  });

  it('uses volume in pairs: 1:1 equal on both legs; a 2:1 first pair one unit more on the stronger leg', () => {
    fc.assert(
      fc.property(input, (p) => {
        const r = pairDay(p);
        const extra = r.usedLeft - r.usedRight;
        if (p.ratio === '1:1' || p.firstPairDone) expect(extra).toBe(0n);
        else if (r.paidPairs > 0n) expect(extra === p.unit || extra === -p.unit).toBe(true);
        expect((r.usedLeft + r.usedRight) % p.unit).toBe(0n);
      }),
    );
  });

  it('with carry-forward and no cap reached, what is left cannot make another pair', () => {
    fc.assert(
      fc.property(input, (p) => {
        const r = pairDay({ ...p, carryForward: true });
        if (r.paidPairs < r.pairs) return;
        const l = r.leftAfter / p.unit;
        const rr = r.rightAfter / p.unit;
        if (r.firstPairDone) expect(l === 0n || rr === 0n).toBe(true);
        else expect((l >= 2n && rr >= 1n) || (rr >= 2n && l >= 1n)).toBe(false);
      }),
    );
  });

  it("does not depend on the order of the day's purchases: only the day's sums enter", () => {
    const purchases = fc.array(fc.record({ leg: fc.constantFrom('L', 'R'), amount: volume }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(input, purchases, fc.func(fc.integer()), (p, list, key) => {
        const sums = (xs: typeof list) => {
          let l = 0n;
          let r = 0n;
          for (const x of xs) {
            if (x.leg === 'L') l += x.amount;
            else r += x.amount;
          }
          return { l, r };
        };
        const shuffled = [...list].sort((a, b) => key(a) - key(b));
        const a = sums(list);
        const b = sums(shuffled);
        expect(pairDay({ ...p, leftAdded: a.l, rightAdded: a.r })).toEqual(
          pairDay({ ...p, leftAdded: b.l, rightAdded: b.r }),
        );
      }),
    );
  });
});
