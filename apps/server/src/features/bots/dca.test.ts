import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageEntry,
  type DcaDeal,
  type DcaMarket,
  type DcaSettings,
  dealBudget,
  decide,
  safetyPrice,
  takeProfitPrice,
} from './dca.ts';

const U = 10n ** 8n;
const market: DcaMarket = { priceDecimals: 2, amountDecimals: 5, minAmount: 1_000n };

const settings = fc.record({
  direction: fc.constantFrom('long' as const, 'short' as const),
  baseQuote: fc.bigInt({ min: 10n * U, max: 1_000n * U }),
  safetyQuote: fc.bigInt({ min: 10n * U, max: 1_000n * U }),
  maxSafety: fc.integer({ min: 0, max: 8 }),
  deviationBps: fc.integer({ min: 20, max: 500 }),
  stepScale: fc.integer({ min: 500, max: 2000 }),
  volumeScale: fc.integer({ min: 500, max: 2000 }),
  takeProfitBps: fc.integer({ min: 10, max: 1000 }),
  stopLossBps: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 3000 })),
});
/** A price path: a start and per-tick moves of up to ±3%. */
const path = fc.record({
  start: fc.bigInt({ min: 1_000_00n, max: 100_000_00n }),
  moves: fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 200 }),
});

type Deal = DcaDeal & { spent: bigint; safeties: number };

/** Runs the bot over the path, filling each action at the tick's price; returns what happened. */
function run(s: DcaSettings, p: { start: bigint; moves: number[] }) {
  let price = p.start;
  let deal: Deal | undefined;
  const closed: { kind: string; pnl: bigint; price: bigint; avg: bigint }[] = [];
  const deals: Deal[] = [];
  for (const m of [0, ...p.moves]) {
    price = (price * BigInt(10_000 + m)) / 10_000n;
    if (price < 100n) price = 100n;
    const a = decide(s, deal, price, market);
    if (!a || a.kind === 'too_small') continue;
    const cost = (a.amount * price) / 100n;
    if (a.kind === 'base') {
      deal = { basePrice: price, size: a.amount, cost, safetyFilled: 0, spent: cost, safeties: 0 };
      deals.push(deal);
    } else if (a.kind === 'safety') {
      deal!.size += a.amount;
      deal!.cost += cost;
      deal!.spent += cost;
      deal!.safetyFilled += 1;
      deal!.safeties += 1;
    } else {
      const avg = averageEntry(deal!, market);
      const pnl = s.direction === 'long' ? cost - deal!.cost : deal!.cost - cost;
      closed.push({ kind: a.kind, pnl, price, avg });
      deal = undefined;
    }
  }
  return { deals, closed, open: deal, last: price };
}

describe('the DCA decision', () => {
  it('never spends more than the deal budget nor places more than the safety orders allowed', () => {
    fc.assert(
      fc.property(settings, path, (s, p) => {
        const { deals } = run(s, p);
        for (const d of deals) {
          expect(d.spent).toBeLessThanOrEqual(dealBudget(s));
          expect(d.safeties).toBeLessThanOrEqual(s.maxSafety);
        }
      }),
    );
  });

  it('takes profit only beyond the average entry, so a take-profit deal gains before fees', () => {
    fc.assert(
      fc.property(settings, path, (s, p) => {
        for (const c of run(s, p).closed.filter((x) => x.kind === 'take_profit')) {
          if (s.direction === 'long') expect(c.price).toBeGreaterThan(c.avg);
          else expect(c.price).toBeLessThan(c.avg);
          expect(c.pnl).toBeGreaterThanOrEqual(0n);
        }
      }),
    );
  });

  it('a price past the stop loss closes the deal at once', () => {
    fc.assert(
      fc.property(settings, fc.bigInt({ min: 1_000_00n, max: 100_000_00n }), (s, start) => {
        if (s.stopLossBps === 0) return;
        const open = decide(s, undefined, start, market);
        if (open?.kind !== 'base') return;
        const deal: DcaDeal = {
          basePrice: start,
          size: open.amount,
          cost: (open.amount * start) / 100n,
          safetyFilled: 0,
        };
        const move = BigInt(s.stopLossBps + 1);
        const past =
          s.direction === 'long'
            ? (start * (10_000n - move)) / 10_000n
            : (start * (10_000n + move)) / 10_000n + 1n;
        expect(decide(s, deal, past, market)).toMatchObject({ kind: 'stop_loss', amount: deal.size });
      }),
    );
  });

  it('is deterministic for a price path', () => {
    fc.assert(
      fc.property(settings, path, (s, p) => {
        expect(run(s, p)).toEqual(run(s, p));
      }),
    );
  });

  it('a worked example: a long with two safety orders, then the take profit', () => {
    const s: DcaSettings = {
      direction: 'long',
      baseQuote: 100n * U,
      safetyQuote: 100n * U,
      maxSafety: 2,
      deviationBps: 100,
      stepScale: 2000,
      volumeScale: 2000,
      takeProfitBps: 150,
      stopLossBps: 0,
    };
    expect(dealBudget(s)).toBe(400n * U);
    const base = decide(s, undefined, 100_00n, market);
    expect(base).toEqual({ kind: 'base', side: 'buy', amount: 1n * U, level: 0 });
    const deal: DcaDeal = { basePrice: 100_00n, size: U, cost: 100n * U, safetyFilled: 0 };
    // Safety 1 at -1%, safety 2 at -1% - 2% = -3%.
    expect(safetyPrice(s, deal, 1)).toBe(99_00n);
    expect(safetyPrice(s, deal, 2)).toBe(97_00n);
    expect(decide(s, deal, 99_01n, market)).toBeUndefined();
    expect(decide(s, deal, 99_00n, market)).toMatchObject({ kind: 'safety', level: 1 });
    const after1 = { ...deal, size: deal.size + 101_010_000n, cost: deal.cost + 100n * U, safetyFilled: 1 };
    expect(decide(s, after1, 97_00n, market)).toMatchObject({
      kind: 'safety',
      level: 2,
      amount: 206_185_000n,
    });
    // The average after both is lower, and the take profit sits 1.5% above it.
    const after2 = {
      ...after1,
      size: after1.size + 206_185_000n,
      cost: after1.cost + 200n * U,
      safetyFilled: 2,
    };
    const avg = averageEntry(after2, market);
    expect(avg).toBe(98_23n);
    expect(takeProfitPrice(s, after2, market)).toBe(99_71n);
    expect(decide(s, after2, 99_70n, market)).toBeUndefined();
    expect(decide(s, after2, 99_71n, market)).toMatchObject({ kind: 'take_profit', amount: after2.size });
    expect(decide(s, after2, 90_00n, market)).toBeUndefined();
  });
});
