import { sql } from 'kysely';
import pg from 'pg';
import { type Db, inTransaction, poolOf } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';
import type { MarketDef, Candle } from '../../adapters/exchange/markets.ts';
import { putSetting } from '../../platform/settings.ts';
import type { PeriodicTask } from '../../platform/scheduler.ts';
import { marketWritten } from './market-data.ts';
import { marketSettings } from './settings.ts';

export const FEED_STATUS_KEY = 'market_feed_status';
import { priceText, synthCandles } from './synthetic.ts';
import { logger } from '../../lib/log.ts';
import { advance, minuteOf, type SymbolState, tickMessage } from './feed-advance.ts';

export type { TickMessage } from './feed-advance.ts';

/**
 * The market feed: one process writes prices, every server reads them. Each second it moves every listed market
 * (from an exchange's public data through ccxt when the operator chose `live` and it answers, else the synthetic
 * feed), keeps one-minute candles and the tickers in PostgreSQL and announces the tickers on the `mp_ticks`
 * channel, which each server's ticker hub (stream.ts) passes to its streaming clients. Across servers, a session
 * advisory lock picks the one that writes.
 */
export const TICKS_CHANNEL = 'mp_ticks';
const LEADER_LOCK = 7_411_011;

export type TickRange = { symbol: string; last: string; low: string; high: string };

/** Public data of a live exchange (ccxt), as the feed needs it. */
export type LiveSource = {
  tickers: (symbols: string[]) => Promise<Map<string, { last: number; volume24h?: number }>>;
  candles1m: (symbol: string, sinceMs: number) => Promise<Candle[]>;
};

export type MarketFeed = {
  /** Moves every market to `now`; returns each market's span of prices since the last step (for limit orders). */
  step: (now?: Date) => Promise<TickRange[]>;
  /**
   * The feed as a periodic task: a step each second while this process holds the writer's lock; `onTick` sees every
   * step's spans.
   */
  task: (onTick: (ranges: TickRange[]) => Promise<void>) => PeriodicTask;
  /** Resolves once the step under way has finished, and gives up the writer's lock (the task's close). */
  stop: () => Promise<void>;
};

const HOUR = 3600;

export function createMarketFeed(opts: {
  db: Db;
  clock: Clock;
  /** Days of one-minute history made on a first start (the days before that get hourly candles). */
  backfillDays?: number;
  historyDays?: number;
  live?: () => Promise<LiveSource>;
}): MarketFeed {
  const { db, clock } = opts;
  const backfillDays = opts.backfillDays ?? 4;
  const historyDays = opts.historyDays ?? 200;
  const states = new Map<string, SymbolState>();
  let error = '';
  let liveNow = false;
  let lastSaid = '';
  let liveSource: LiveSource | undefined;
  let stepping: Promise<TickRange[]> | undefined;

  /** Writes candles of any markets in statements of at most 2,000 rows (one statement for a usual step). */
  async function writeCandles(rows: { def: MarketDef; candle: Candle; simulated: boolean }[]) {
    for (let i = 0; i < rows.length; i += 2000) {
      const part = rows.slice(i, i + 2000);
      const col = (f: (r: (typeof part)[number]) => unknown) => part.map(f);
      await sql`
        INSERT INTO market_candles (symbol, open_time, open, high, low, close, volume, simulated)
        SELECT s, to_timestamp(t), o, h, l, c, v, sim
        FROM unnest(${col((r) => r.def.symbol)}::text[], ${col((r) => r.candle.openTime)}::bigint[],
          ${col((r) => priceText(r.def, r.candle.open))}::numeric[], ${col((r) => priceText(r.def, r.candle.high))}::numeric[],
          ${col((r) => priceText(r.def, r.candle.low))}::numeric[], ${col((r) => priceText(r.def, r.candle.close))}::numeric[],
          ${col((r) => r.candle.volume.toFixed(4))}::numeric[], ${col((r) => r.simulated)}::boolean[])
          AS x(s, t, o, h, l, c, v, sim)
        ON CONFLICT (symbol, open_time) DO UPDATE SET high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume, simulated = excluded.simulated`.execute(db);
    }
  }

  /** A market seen for the first time: history made up (or read from the exchange), ending now. */
  async function backfill(def: MarketDef, nowSecond: number): Promise<SymbolState> {
    const minute = minuteOf(nowSecond);
    // On a whole hour, so the hourly history sits where charts bucket it (and retention has no stray hours to roll).
    const oneMinuteFrom = Math.floor((minute - backfillDays * 86_400) / HOUR) * HOUR;
    const hourlyFrom = oneMinuteFrom - historyDays * 86_400;
    // Walk backwards from p0 is not GBM; walk forwards from p0 over the whole history instead.
    const hourly = synthCandles(def, def.p0, hourlyFrom, HOUR, (oneMinuteFrom - hourlyFrom) / HOUR, 12);
    const minutes = synthCandles(def, hourly.last, oneMinuteFrom, 60, (minute - oneMinuteFrom) / 60, 6);
    await writeCandles(
      [...hourly.candles, ...minutes.candles].map((candle) => ({ def, candle, simulated: true })),
    );
    const p = minutes.last;
    return {
      def,
      price: p,
      // The last second already written: never `nowSecond` itself, or a feed started on a minute's first second
      // would write no price in its first step (and orders would find the market stale).
      second: Math.min(minute, nowSecond - 1),
      candle: { openTime: minute, open: p, high: p, low: p, close: p, volume: 0 },
      simulated: true,
      stats: { open: p, high: p, low: p, volume: 0 },
    };
  }

  async function refreshStats(nowSecond: number) {
    const rows = await sql<{ symbol: string; open: string; high: string; low: string; volume: string }>`
      SELECT symbol, (array_agg(open ORDER BY open_time))[1] AS open, max(high) AS high, min(low) AS low,
        coalesce(sum(volume), 0) AS volume
      FROM market_candles WHERE open_time >= to_timestamp(${nowSecond - 86_400}) GROUP BY symbol`.execute(db);
    for (const r of rows.rows) {
      const st = states.get(r.symbol);
      if (st)
        st.stats = {
          open: Number(r.open),
          high: Number(r.high),
          low: Number(r.low),
          volume: Number(r.volume),
        };
    }
  }

  async function load(symbols: string[], nowSecond: number) {
    const missing = symbols.filter((s) => !states.has(s) && MARKET_BY_SYMBOL.has(s));
    if (missing.length === 0) return;
    const [tickers, candles] = await Promise.all([
      db.selectFrom('market_tickers').selectAll().where('symbol', 'in', missing).execute(),
      sql<{
        symbol: string;
        open_time: Date;
        open: string;
        high: string;
        low: string;
        close: string;
        volume: string;
      }>`
        SELECT DISTINCT ON (symbol) symbol, open_time, open, high, low, close, volume FROM market_candles
        WHERE symbol = ANY(${missing}) ORDER BY symbol, open_time DESC`.execute(db),
    ]);
    for (const symbol of missing) {
      const def = MARKET_BY_SYMBOL.get(symbol)!;
      const t = tickers.find((r) => r.symbol === symbol);
      const c = candles.rows.find((r) => r.symbol === symbol);
      if (!t || !c) {
        states.set(symbol, await backfill(def, nowSecond));
        continue;
      }
      const second = Math.floor(t.at.getTime() / 1000);
      const openTime = Math.floor(c.open_time.getTime() / 1000);
      const last = Number(t.last);
      states.set(symbol, {
        def,
        price: last,
        second,
        candle:
          openTime === minuteOf(second)
            ? {
                openTime,
                open: Number(c.open),
                high: Number(c.high),
                low: Number(c.low),
                close: Number(c.close),
                volume: Number(c.volume),
              }
            : { openTime: minuteOf(second), open: last, high: last, low: last, close: last, volume: 0 },
        simulated: t.simulated,
        stats: {
          open: Number(t.open_24h),
          high: Number(t.high_24h),
          low: Number(t.low_24h),
          volume: Number(t.volume_24h),
        },
      });
    }
    await refreshStats(nowSecond);
  }

  async function liveTickers(symbols: string[]) {
    try {
      liveSource ??= await opts.live?.();
      if (!liveSource) throw new Error('no live source configured');
      const got = await liveSource.tickers(symbols);
      liveNow = true;
      error = '';
      return got;
    } catch (err) {
      liveNow = false;
      error = err instanceof Error ? err.message.slice(0, 300) : String(err);
      return undefined;
    }
  }

  async function doStep(now: Date): Promise<TickRange[]> {
    const settings = await marketSettings(db);
    const symbols = settings.symbols.filter((s) => MARKET_BY_SYMBOL.has(s));
    const nowSecond = Math.floor(now.getTime() / 1000);
    await load(symbols, nowSecond);
    const live = settings.source === 'live' ? await liveTickers(symbols) : undefined;
    if (settings.source !== 'live') {
      liveNow = false;
      error = '';
    }
    const ranges: TickRange[] = [];
    const touched: { st: SymbolState; candles: Candle[] }[] = [];
    let minuteTurned = false;
    for (const symbol of symbols) {
      const st = states.get(symbol)!;
      if (nowSecond <= st.second) continue;
      const moved = advance(st, nowSecond, live?.get(symbol));
      if (moved.minuteTurned) minuteTurned = true;
      touched.push({ st, candles: moved.written });
      ranges.push({ symbol, ...moved.range });
    }
    const said = `${liveNow}|${error}`;
    if (said !== lastSaid) {
      await putSetting(db, FEED_STATUS_KEY, { live: liveNow, error });
      lastSaid = said;
    }
    if (touched.length === 0) return [];
    await writeCandles(
      touched.flatMap(({ st, candles }) =>
        candles.map((candle) => ({ def: st.def, candle, simulated: st.simulated })),
      ),
    );
    if (minuteTurned) await refreshStats(nowSecond);
    const message = tickMessage(
      now,
      touched.map(({ st }) => st),
    );
    await inTransaction(db, async (tx) => {
      const t = message.tickers;
      await sql`
        INSERT INTO market_tickers (symbol, last, open_24h, high_24h, low_24h, volume_24h, simulated, at)
        SELECT s, l, o, h, lo, v, sim, ${now}
        FROM unnest(${t.map((x) => x.symbol)}::text[], ${t.map((x) => x.last)}::numeric[], ${t.map((x) => x.open_24h)}::numeric[],
          ${t.map((x) => x.high_24h)}::numeric[], ${t.map((x) => x.low_24h)}::numeric[], ${t.map((x) => x.volume_24h)}::numeric[],
          ${t.map((x) => x.simulated)}::boolean[]) AS x(s, l, o, h, lo, v, sim)
        ON CONFLICT (symbol) DO UPDATE SET last = excluded.last, open_24h = excluded.open_24h, high_24h = excluded.high_24h,
          low_24h = excluded.low_24h, volume_24h = excluded.volume_24h, simulated = excluded.simulated, at = excluded.at`.execute(
        tx,
      );
      await sql`SELECT pg_notify(${TICKS_CHANNEL}, ${JSON.stringify(message)})`.execute(tx);
    });
    marketWritten(db);
    return ranges;
  }

  const step = (now = clock.now()) => {
    // One step at a time: a slow step is followed by one that covers what it missed.
    const run = (stepping ?? Promise.resolve([])).catch(() => []).then(() => doStep(now));
    stepping = run;
    return run;
  };

  let lockClient: pg.Client | undefined;

  /** Whether this process is the writer: it holds the lock on a connection of its own, or takes it now. */
  async function tryLead(): Promise<boolean> {
    if (lockClient) return true;
    const client = new pg.Client(poolOf(db).options);
    try {
      await client.connect();
      const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LEADER_LOCK]);
      if (r.rows[0]?.ok) {
        client.on('error', () => {
          lockClient = undefined;
        });
        lockClient = client;
        return true;
      }
    } catch (err) {
      // PostgreSQL out of reach: the task runner logs it (once until it answers again) and tries next second.
      await client.end().catch(() => {});
      throw err;
    }
    await client.end().catch(() => {});
    return false;
  }

  async function stop() {
    await stepping?.catch(() => {});
    const client = lockClient;
    lockClient = undefined;
    await client?.end().catch(() => {});
  }

  return {
    step,
    task: (onTick) => ({
      name: 'market feed',
      log: logger('feed'),
      // Just after the next second's boundary: one step per second of the clock.
      every: () => 1000 - (Date.now() % 1000) + 5,
      async step() {
        if (!(await tryLead())) return;
        try {
          const ranges = await step();
          if (ranges.length > 0) await onTick(ranges);
        } catch (err) {
          error = err instanceof Error ? err.message : String(err); // the feed's status says it
          throw err;
        }
      },
      close: stop,
    }),
    stop,
  };
}
