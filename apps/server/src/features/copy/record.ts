import type { Db } from '../../db/database.ts';
import { equityOf } from '../../adapters/exchange/paper.ts';
import { money } from '../../lib/amount.ts';
import { isoOrEmpty } from '../../lib/clock.ts';
import { MARKET_BY_SYMBOL, QUOTE } from '../trading/index.ts';
import type { MarketData, TickerRow } from '../../adapters/exchange/markets.ts';
import type { Trader } from './engine-deps.ts';
import { PAPER_PER_MINOR, percentOf } from './pool.ts';

const DAY_MS = 86_400_000;
export const WINDOWS = [7, 30, 90] as const;

export type Point = { at: number; equity: bigint };

/**
 * Return and maximum drawdown over the window ending at the last point: from the last point at or before the
 * window's start (the first point when there is none) through every point inside it. Percent, two decimals.
 */
export function windowStats(points: Point[], from: number): { roi: string; drawdown: string } {
  if (points.length === 0) return { roi: '0.00', drawdown: '0.00' };
  let baseIndex = 0;
  for (let i = 0; i < points.length; i++) if (points[i]!.at <= from) baseIndex = i;
  const base = points[baseIndex]!.equity;
  let peak = base;
  let worst = 0n;
  let worstPeak = 1n;
  for (let i = baseIndex; i < points.length; i++) {
    const e = points[i]!.equity;
    if (e > peak) peak = e;
    // (peak - e) / peak, compared exactly as fractions.
    if (peak > 0n && (peak - e) * worstPeak > worst * peak) {
      worst = peak - e;
      worstPeak = peak;
    }
  }
  const last = points[points.length - 1]!.equity;
  return { roi: percentOf(last - base, base), drawdown: percentOf(worst, worstPeak) };
}

type Stats = Record<`roi_${(typeof WINDOWS)[number]}d` | `drawdown_${(typeof WINDOWS)[number]}d`, string>;

/** Followers (distinct members with an active copy) and the smallest active package, per trader. */
function followersAndPackages(db: Db, ids: string[]) {
  return Promise.all([
    db
      .selectFrom('copy_investments')
      .select(['trader_id', (eb) => eb.fn.count<string>('member_id').distinct().as('n')])
      .where('trader_id', 'in', ids)
      .where('state', '=', 'active')
      .groupBy('trader_id')
      .execute(),
    db
      .selectFrom('copy_packages')
      .select(['trader_id', (eb) => eb.fn.min<string>('min_amount').as('min')])
      .where('trader_id', 'in', ids)
      .where('active', '=', true)
      .groupBy('trader_id')
      .execute(),
  ]);
}

/**
 * The equity points of a trader's demo account since `since` (its start, each day's close, the equity after each
 * fill, now) and the daily ROI chart from its first mark in that time.
 */
async function sourceRecord(db: Db, source: string, since: Date, now: Date, tickers: TickerRow[]) {
  const [account, marks, fills, current] = await Promise.all([
    db
      .selectFrom('trading_accounts')
      .select(['created_at', 'start_balance'])
      .where('id', '=', source)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('copy_marks')
      .select(['day', 'equity'])
      .select((eb) => eb.cast<string>('day', 'text').as('day_text'))
      .where('account_id', '=', source)
      .where('day', '>=', since.toISOString().slice(0, 10))
      .orderBy('day')
      .execute(),
    db
      .selectFrom('trade_fills')
      .select(['at', 'equity_after'])
      .where('account_id', '=', source)
      .where('at', '>=', since)
      .orderBy('id')
      .execute(),
    equityOf(db, source, QUOTE, tickers, MARKET_BY_SYMBOL),
  ]);
  const today = now.toISOString().slice(0, 10);
  // A day's mark is its close once the day is over; today's is only the equity when it was last marked (up to a
  // minute old, before any later fill), so today ends at the current equity instead.
  const closed = marks.filter((m) => m.day_text < today);
  const points: Point[] = [{ at: account.created_at.getTime(), equity: BigInt(account.start_balance) }];
  for (const m of closed)
    points.push({ at: Date.parse(`${m.day_text}T23:59:59Z`), equity: BigInt(m.equity) });
  for (const f of fills) points.push({ at: f.at.getTime(), equity: BigInt(f.equity_after) });
  points.push({ at: now.getTime(), equity: current });
  points.sort((a, b) => a.at - b.at);
  const first = closed[0] ? BigInt(closed[0].equity) : current;
  const chart = closed.map((m) => ({ day: m.day_text, roi: percentOf(BigInt(m.equity) - first, first) }));
  chart.push({ day: today, roi: percentOf(current - first, first) });
  return { points, chart };
}

/** ROI and drawdown over each window ending now, as `roi_7d`, `drawdown_7d`, ... */
function windowsOf(points: Point[], now: Date): Stats {
  return Object.fromEntries(
    WINDOWS.flatMap((n) => {
      const s = windowStats(points, now.getTime() - n * DAY_MS);
      return [
        [`roi_${n}d`, s.roi],
        [`drawdown_${n}d`, s.drawdown],
      ];
    }),
  ) as Stats;
}

/**
 * Lead traders' public cards: ROI and drawdown over 7/30/90 days from their demo account's recorded fills (the
 * equity after each) and its closing value each day, followers, assets under management and a 90-day chart.
 */
export async function traderCards(db: Db, data: MarketData, traders: Trader[], now: Date) {
  if (traders.length === 0) return [];
  const since = new Date(now.getTime() - 91 * DAY_MS);
  const tickers = await data.tickers();
  const [followers, packages] = await followersAndPackages(
    db,
    traders.map((t) => t.id),
  );
  return Promise.all(
    traders.map(async (t) => {
      const source = t.source_account_id;
      const { points, chart } = source
        ? await sourceRecord(db, source, since, now, tickers)
        : { points: [], chart: [] };
      const poolEquity = t.pool_account_id
        ? await equityOf(db, t.pool_account_id, QUOTE, tickers, MARKET_BY_SYMBOL)
        : 0n;
      const min = packages.find((p) => p.trader_id === t.id)?.min;
      return {
        id: t.id,
        display_name: t.display_name,
        bio: t.bio,
        strategy: t.strategy,
        company: t.company,
        ...windowsOf(points, now),
        followers: Number(followers.find((f) => f.trader_id === t.id)?.n ?? 0),
        aum: money(BigInt(t.units) > 0n && poolEquity > 0n ? poolEquity / PAPER_PER_MINOR : 0n, 'USDT'),
        min_amount: min ? money(min, 'USDT') : '',
        chart,
        since: isoOrEmpty(t.decided_at),
      };
    }),
  );
}
