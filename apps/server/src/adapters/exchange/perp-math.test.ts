import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fundingAmount,
  initialMargin,
  isLiquidated,
  liquidationPrice,
  type PerpPosition,
  perpFill,
  positionPnl,
} from './perp-math.ts';

const pd = fc.integer({ min: 0, max: 4 });
const price = fc.bigInt({ min: 100n, max: 10n ** 9n });
const amount = fc.bigInt({ min: 1_000n, max: 10n ** 12n });
const leverage = fc.integer({ min: 1, max: 20 });
const feeBps = fc.integer({ min: 0, max: 50 });
const side = fc.constantFrom('buy' as const, 'sell' as const);
const RICH = 10n ** 30n;

/** Margin plus profit at `p`, and the maintenance margin at `p`, both times 10^pd * 10,000 (exact integers). */
function health(pos: PerpPosition, p: bigint, decimals: number, mmrBps: number) {
  const scale = 10n ** BigInt(decimals);
  const diff = pos.side === 'long' ? p - pos.entry : pos.entry - p;
  return {
    equity: (pos.margin * scale + diff * pos.contracts) * 10_000n,
    maintenance: p * pos.contracts * BigInt(mmrBps),
  };
}

describe('perpetual arithmetic', () => {
  it('opening and closing at one price costs exactly the two fees; the margin comes back', () => {
    fc.assert(
      fc.property(side, amount, price, pd, leverage, feeBps, (s, a, p, d, lev, f) => {
        const open = perpFill({
          position: undefined,
          side: s,
          amount: a,
          price: p,
          pd: d,
          leverage: lev,
          feeBps: f,
          free: RICH,
        });
        expect(open.short).toBe(0n);
        expect(open.usedDelta).toBe(initialMargin(a, p, d, lev));
        expect(open.position?.margin).toBe(open.usedDelta);
        const close = perpFill({
          position: open.position,
          side: s === 'buy' ? 'sell' : 'buy',
          amount: a,
          price: p,
          pd: d,
          leverage: lev,
          feeBps: f,
          free: RICH + open.freeDelta,
        });
        expect(close.position).toBeUndefined();
        expect(close.pnl).toBe(0n);
        expect(open.usedDelta + close.usedDelta).toBe(0n);
        expect(open.freeDelta + close.freeDelta).toBe(-(open.fee + close.fee));
      }),
    );
  });

  it('conserves value over any fills: free and used move by the realized profit less the fees; used is the margin', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ side, amount, price }), { minLength: 1, maxLength: 12 }),
        pd,
        leverage,
        feeBps,
        (fills, d, lev, f) => {
          let pos: PerpPosition | undefined;
          let free = RICH;
          let used = 0n;
          let realized = 0n;
          let fees = 0n;
          for (const x of fills) {
            const r = perpFill({ position: pos, ...x, pd: d, leverage: lev, feeBps: f, free });
            expect(r.short).toBe(0n);
            free += r.freeDelta;
            used += r.usedDelta;
            realized += r.pnl ?? 0n;
            fees += r.fee;
            pos = r.position;
            expect(used).toBe(pos?.margin ?? 0n);
            expect(pos === undefined || pos.contracts > 0n).toBe(true);
          }
          expect(free + used - RICH).toBe(realized - fees);
        },
      ),
    );
  });

  it('never loses more than the margin it releases, and refuses to open without the free quote', () => {
    fc.assert(
      fc.property(side, amount, price, price, pd, leverage, (s, a, p1, p2, d, lev) => {
        const open = perpFill({
          position: undefined,
          side: s,
          amount: a,
          price: p1,
          pd: d,
          leverage: lev,
          feeBps: 0,
          free: RICH,
        });
        const close = perpFill({
          position: open.position,
          side: s === 'buy' ? 'sell' : 'buy',
          amount: a,
          price: p2,
          pd: d,
          leverage: lev,
          feeBps: 0,
          free: 0n,
        });
        expect(close.short).toBe(0n);
        expect(close.freeDelta).toBeGreaterThanOrEqual(0n);
        expect(close.pnl).toBeGreaterThanOrEqual(-(open.position?.margin ?? 0n));
        const poor = perpFill({
          position: undefined,
          side: s,
          amount: a,
          price: p1,
          pd: d,
          leverage: lev,
          feeBps: 10,
          free: open.usedDelta - 1n,
        });
        expect(poor.short).toBeGreaterThan(0n);
      }),
    );
  });

  it('liquidates before the margin falls below maintenance, and not a price step earlier than it must', () => {
    fc.assert(
      fc.property(
        side,
        amount,
        price,
        pd,
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 10, max: 200 }),
        (s, a, p, d, lev, mmr) => {
          const pos = perpFill({
            position: undefined,
            side: s,
            amount: a,
            price: p,
            pd: d,
            leverage: lev,
            feeBps: 0,
            free: RICH,
          }).position!;
          const liq = liquidationPrice(pos, d, mmr);
          expect(isLiquidated(pos, liq, d, mmr)).toBe(true);
          expect(isLiquidated(pos, p, d, mmr)).toBe(false);
          // One step on the safe side, the margin still covers maintenance.
          const safe = pos.side === 'long' ? liq + 1n : liq - 1n;
          const h = health(pos, safe, d, mmr);
          expect(h.equity).toBeGreaterThanOrEqual(h.maintenance);
          // Beyond the liquidation price it would not.
          const past = pos.side === 'long' ? liq - 1n : liq + 1n;
          if (past > 0n) {
            const g = health(pos, past, d, mmr);
            expect(g.equity).toBeLessThan(g.maintenance + pos.contracts * 10_000n);
          }
        },
      ),
    );
  });

  it('a 1x long cannot be liquidated; higher leverage sits closer to the entry', () => {
    const one = perpFill({
      position: undefined,
      side: 'buy',
      amount: 10n ** 8n,
      price: 50_000_00n,
      pd: 2,
      leverage: 1,
      feeBps: 0,
      free: RICH,
    }).position!;
    expect(liquidationPrice(one, 2, 50)).toBe(0n);
    const ten = perpFill({
      position: undefined,
      side: 'buy',
      amount: 10n ** 8n,
      price: 50_000_00n,
      pd: 2,
      leverage: 10,
      feeBps: 0,
      free: RICH,
    }).position!;
    // 50,000 at 10x with 0.5% maintenance: (50,000 - 5,000) / 0.995 = 45,226.13...
    expect(liquidationPrice(ten, 2, 50)).toBe(45_226_14n);
    const shortTen = { ...ten, side: 'short' as const };
    // (50,000 + 5,000) / 1.005 = 54,726.36...
    expect(liquidationPrice(shortTen, 2, 50)).toBe(54_726_36n);
  });

  it('a worked example: long 0.1 BTC at 50,000 with 5x, add at 40,000, close at 45,000', () => {
    const u = 10n ** 8n;
    const a = perpFill({
      position: undefined,
      side: 'buy',
      amount: u / 10n,
      price: 50_000_00n,
      pd: 2,
      leverage: 5,
      feeBps: 10,
      free: 10_000n * u,
    });
    expect(a.position).toMatchObject({ side: 'long', entry: 50_000_00n, margin: 1_000n * u, leverage: 5 });
    expect(a.fee).toBe(5n * u);
    const b = perpFill({
      position: a.position,
      side: 'buy',
      amount: u / 10n,
      price: 40_000_00n,
      pd: 2,
      leverage: 20,
      feeBps: 10,
      free: 10_000n * u + a.freeDelta,
    });
    // Adds at the position's 5x: 800 more margin; the average entry is 45,000.
    expect(b.position).toMatchObject({
      contracts: u / 5n,
      entry: 45_000_00n,
      margin: 1_800n * u,
      leverage: 5,
    });
    const c = perpFill({
      position: b.position,
      side: 'sell',
      amount: u / 5n,
      price: 45_000_00n,
      pd: 2,
      leverage: 5,
      feeBps: 10,
      free: 0n,
    });
    expect(c.pnl).toBe(0n);
    expect(c.position).toBeUndefined();
    expect(c.freeDelta).toBe(1_800n * u - 9n * u);
    expect(positionPnl('short', u, 50_000_00n, 45_000_00n, 2)).toBe(5_000n * u);
  });

  it('funding: a long pays at least what a short of the same size receives', () => {
    fc.assert(
      fc.property(amount, price, pd, fc.integer({ min: -100, max: 100 }), (a, p, d, rate) => {
        const long: PerpPosition = { side: 'long', contracts: a, entry: p, margin: 1n, leverage: 1 };
        const short: PerpPosition = { ...long, side: 'short' };
        expect(fundingAmount(long, p, d, rate) + fundingAmount(short, p, d, rate)).toBeLessThanOrEqual(0n);
        if (rate > 0) expect(fundingAmount(long, p, d, rate)).toBeLessThanOrEqual(0n);
      }),
    );
  });
});
