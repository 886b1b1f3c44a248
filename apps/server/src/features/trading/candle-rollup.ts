import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';

/**
 * Retention of the market's candles (issue 28). The feed writes one-minute candles and its history is hourly ones,
 * in one table; a chart groups them into its timeframe's buckets (market-data.ts, aligned on whole UTC hours). The
 * finest chart reaching back furthest is 15m x 1000 candles, about 10 days, so one-minute detail older than the
 * retention (30 days by default) is never drawn: such minutes are rolled into one hourly candle per hour (first open,
 * highest high, lowest low, last close, summed volume), which every hourly or longer chart groups exactly as before.
 * An hour left with a single candle at its start is already its own hourly candle and is not touched again.
 */
const BUCKET = sql`date_bin('1 hour', open_time, timestamptz '2000-01-01 00:00:00+00')`;

/** Where a pass got to: the last minute candle it rolled, in the table's key order (symbol, open time). */
export type RollupCursor = { symbol: string; openTime: number };

/**
 * Rolls the hours of up to `limit` minute candles older than `before` (a whole UTC hour, so no hour straddles it),
 * after `from`, into hourly candles: about `2 x limit` rows deleted at most. Returns the rows it removed (net of the
 * hourly candles written) and where the next call goes on, or null once it reached the end.
 */
export async function rollUpOldCandles(db: Conn, before: Date, from: RollupCursor, limit: number) {
  const { rows } = await sql<{ symbol: string; t: string; removed: string; picked: string }>`
    WITH pick AS (
      SELECT symbol, open_time FROM market_candles
      WHERE (symbol, open_time) > (${from.symbol}, to_timestamp(${from.openTime})) AND open_time < ${before}
        AND open_time <> ${BUCKET}
      ORDER BY symbol, open_time LIMIT ${limit}),
    hours AS (SELECT DISTINCT symbol, ${BUCKET} AS h FROM pick),
    gone AS (
      DELETE FROM market_candles c USING hours
      WHERE c.symbol = hours.symbol AND c.open_time >= hours.h AND c.open_time < hours.h + interval '1 hour'
      RETURNING c.*),
    hourly AS (
      INSERT INTO market_candles (symbol, open_time, open, high, low, close, volume, simulated)
      SELECT symbol, ${BUCKET}, (array_agg(open ORDER BY open_time))[1], max(high), min(low),
        (array_agg(close ORDER BY open_time DESC))[1], sum(volume), bool_or(simulated)
      FROM gone GROUP BY symbol, ${BUCKET}
      RETURNING 1)
    SELECT p.symbol, extract(epoch FROM p.open_time)::bigint::text AS t,
      ((SELECT count(*) FROM gone) - (SELECT count(*) FROM hourly))::text AS removed,
      (SELECT count(*) FROM pick)::text AS picked
    FROM pick p ORDER BY p.symbol DESC, p.open_time DESC LIMIT 1`.execute(db);
  const row = rows[0];
  if (!row) return { removed: 0, next: null };
  const next = Number(row.picked) < limit ? null : { symbol: row.symbol, openTime: Number(row.t) };
  return { removed: Number(row.removed), next };
}
