import { CANDLE_SECONDS, type CandleTimeframe } from '@mp/contract';
import { sql } from 'kysely';
import { type Db, poolOf } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketData, TickerRow } from '../../adapters/exchange/markets.ts';

/** A ticker older than this is not a price to fill an order at. */
export const STALE_AFTER_MS = 30_000;

/**
 * The feed writes once a second: a list or a chart read within a quarter second serves every caller of that moment
 * (what they show is at most that much older than the table; an order's price is read fresh, `ticker`).
 */
const SHARED_READ_MS = 250;

type CandleRow = Awaited<ReturnType<MarketData['candles']>>[number];

/** Per database handle, what forgets its shared reads: the feed's writer calls them after each step (`marketWritten`). */
const sharedReads = new WeakMap<object, Set<() => void>>();

/** The feed of this process wrote a step: the next screen read sees it at once (other processes within 250 ms). */
export function marketWritten(db: object): void {
  for (const forget of sharedReads.get(db) ?? []) forget();
}

export function createMarketData(db: Db, clock: Clock): MarketData {
  let cached: { at: number; rows: Promise<TickerRow[]> } | undefined;
  // Charts too (a screen's 300 candles binned in SQL cost ~10 ms of CPU): one read per chart and moment.
  const charts = new Map<string, { at: number; rows: Promise<CandleRow[]> }>();
  const forgets = sharedReads.get(db) ?? new Set();
  sharedReads.set(db, forgets);
  forgets.add(() => {
    cached = undefined;
    charts.clear();
  });
  const tickers = () => {
    const now = Date.now();
    if (!cached || now - cached.at > SHARED_READ_MS) {
      const rows = db.selectFrom('market_tickers').selectAll().orderBy('symbol').execute();
      cached = { at: now, rows };
      rows.catch(() => {
        cached = undefined;
      });
    }
    return cached.rows;
  };
  return {
    tickers,
    async ticker(symbol) {
      // Read on each order (its price must be the latest): a named statement, planned once per connection.
      const res = await poolOf(db).query<TickerRow>({
        name: 'market_ticker',
        text: 'SELECT symbol, last, open_24h, high_24h, low_24h, volume_24h, simulated, at FROM market_tickers WHERE symbol = $1',
        values: [symbol],
      });
      return res.rows[0];
    },
    candles(symbol, timeframe, limit) {
      const key = `${symbol} ${timeframe} ${limit}`;
      const now = Date.now();
      const hit = charts.get(key);
      if (hit && now - hit.at <= SHARED_READ_MS) return hit.rows;
      if (charts.size >= 100) charts.clear();
      const rows = readCandles(db, symbol, timeframe, limit);
      charts.set(key, { at: now, rows });
      rows.catch(() => charts.delete(key));
      return rows;
    },
    isStale: (t) => clock.now().getTime() - t.at.getTime() > STALE_AFTER_MS,
  };
}

/** A chart's candles from the one-minute rows, binned to the timeframe: two statements. */
async function readCandles(
  db: Db,
  symbol: string,
  timeframe: CandleTimeframe,
  limit: number,
): Promise<CandleRow[]> {
  const span = CANDLE_SECONDS[timeframe];
  const latest = await db
    .selectFrom('market_candles')
    .select('open_time')
    .where('symbol', '=', symbol)
    .orderBy('open_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return [];
  const end = Math.floor(latest.open_time.getTime() / 1000);
  const since = end - (end % span) - (limit - 1) * span;
  const rows = await sql<{
    t: string;
    o: string;
    h: string;
    l: string;
    c: string;
    v: string;
    simulated: boolean;
  }>`
      SELECT extract(epoch FROM date_bin(${`${span} seconds`}::interval, open_time, timestamptz '2000-01-01 00:00:00+00'))::bigint AS t,
        (array_agg(open ORDER BY open_time))[1] AS o, max(high) AS h, min(low) AS l,
        (array_agg(close ORDER BY open_time DESC))[1] AS c, round(sum(volume), 4) AS v, bool_or(simulated) AS simulated
      FROM market_candles
      WHERE symbol = ${symbol} AND open_time >= to_timestamp(${since})
      GROUP BY 1 ORDER BY 1`.execute(db);
  return rows.rows.map((r) => ({ ...r, t: Number(r.t) }));
}
