import { formatAmount } from '@mp/contract';
import type { Conn, Db } from '../../db/database.ts';
import { equityOf } from '../../adapters/exchange/paper.ts';
import { addFree, balanceOf, freeHoldings } from '../../adapters/exchange/paper-book.ts';
import { ceilDiv, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { MARKET_BY_SYMBOL, QUOTE } from '../trading/index.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';

/**
 * A lead trader's pool (DECISIONS 39): a paper account of venue `copy` that mirrors the trader's demo account and
 * that followers own in units. Money is in minor units of USDT (1e-6); the paper account counts 1e-8 USDT.
 * Units are issued and redeemed at the pool's equity over its units, always rounded in the platform's favour
 * (fewer units issued, less value paid).
 */
export const PAPER_PER_MINOR = 10n ** BigInt(UNIT_DECIMALS - 6);
export const POOL_VENUE = 'copy';

export type PoolState = {
  /** The pool's value at the last prices (1e-8 USDT). */
  equity: bigint;
  /** Units held by all followers. */
  units: bigint;
  /** USDT the pool holds free (1e-8). */
  free: bigint;
};

export async function poolState(
  conn: Conn,
  data: MarketData,
  poolId: string,
  units: bigint,
): Promise<PoolState> {
  const [equity, cash] = await Promise.all([
    equityOf(conn, poolId, QUOTE, await data.tickers(), MARKET_BY_SYMBOL),
    balanceOf(conn, poolId, QUOTE),
  ]);
  return { equity, units, free: cash.free };
}

/** Units for an amount (minor units) put in: at one unit per 1e-8 USDT in an empty pool, else at the pool's value. */
export function unitsFor(amount: bigint, s: Pick<PoolState, 'equity' | 'units'>): bigint {
  const paper = amount * PAPER_PER_MINOR;
  if (s.units === 0n) return paper;
  if (s.equity <= 0n) return 0n;
  return (paper * s.units) / s.equity;
}

/** What some units are worth, in minor units, rounded down. */
export function worthOf(units: bigint, s: Pick<PoolState, 'equity' | 'units'>): bigint {
  if (s.units === 0n || s.equity <= 0n || units <= 0n) return 0n;
  return (units * s.equity) / s.units / PAPER_PER_MINOR;
}

/** The units to burn for an amount (minor units) taken out, rounded up (at most `held`). */
export function unitsToBurn(amount: bigint, held: bigint, s: Pick<PoolState, 'equity' | 'units'>): bigint {
  if (s.equity <= 0n) return held;
  const burn = ceilDiv(amount * PAPER_PER_MINOR * s.units, s.equity);
  return burn > held ? held : burn;
}

/** Adds (or takes, with a negative amount) USDT to the pool's free balance; the paper exchange re-reads it. */
export async function movePoolCash(conn: Conn, poolId: string, paper: bigint): Promise<void> {
  await addFree(conn, poolId, QUOTE, paper);
}

/** A pool's holdings: spot assets other than the quote and perpetual positions, as the slices a sale would take. */
export async function poolHoldings(db: Db, poolId: string) {
  const [balances, positions] = await Promise.all([
    freeHoldings(db, poolId, QUOTE),
    db
      .selectFrom('paper_positions')
      .select(['symbol', 'side', 'contracts'])
      .where('account_id', '=', poolId)
      .execute(),
  ]);
  return {
    spot: balances.map((b) => ({ symbol: `${b.asset}/${QUOTE}`, held: b.free })),
    perp: positions.map((p) => ({ symbol: p.symbol, side: p.side, held: BigInt(p.contracts) })),
  };
}

/** An amount of 1e-8 base units as the market's decimal text, rounded down to its precision (undefined: nothing). */
export function amountText(symbol: string, units: bigint): string | undefined {
  const def = MARKET_BY_SYMBOL.get(symbol);
  if (!def) return undefined;
  const step = 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals);
  const stepped = (units / step) * step;
  if (stepped <= 0n) return undefined;
  return formatAmount(stepped / step, def.amountDecimals);
}

/** Percent with two decimals of a ratio of integers ('0.00' when the base is zero). */
export function percentOf(part: bigint, base: bigint): string {
  if (base === 0n) return '0.00';
  const hundredths = (part * 10_000n) / base;
  const neg = hundredths < 0n;
  const abs = neg ? -hundredths : hundredths;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Basis points from a percentage text with at most two decimals, within [0, max] percent; undefined if invalid. */
export function bpsOf(text: string, maxPercent: number): number | undefined {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return undefined;
  const [whole, frac = ''] = text.trim().split('.');
  const bps = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return bps <= maxPercent * 100 ? bps : undefined;
}

export const percentText = (bps: number) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
