import pg from 'pg';
import type { TestApp } from './app.ts';

/**
 * Counts this process's PostgreSQL round trips (every query a pg client sends, the server's and the test's alike)
 * while installed, for the tests of what the screens' reads cost (round-trips.test.ts, screen-reads.test.ts).
 */
export type TripCounter = {
  /** The round trips of one call made as the member. */
  tripsOf(call: string, body?: Record<string, unknown>): Promise<number>;
  /** The round trips since `reset()`. */
  since(): number;
  /** What each of them sent since `reset()`: the query's text, or a prepared statement's name. */
  sentSince(): string[];
  reset(): void;
  /** Takes pg's own query back. */
  restore(): void;
};

/**
 * Installs the counter, then waits until the server's caches serve (its change feed connects as the server starts,
 * and until then every read goes to PostgreSQL).
 */
export async function countRoundTrips(t: TestApp, token: string): Promise<TripCounter> {
  let queries = 0;
  let sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    queries += 1;
    const q = args[0] as string | { text?: string; name?: string };
    sent.push(typeof q === 'string' ? q : (q.name ?? q.text ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  const counter: TripCounter = {
    async tripsOf(call, body = {}) {
      counter.reset();
      await t.ok(call, body, { token });
      return queries;
    },
    since: () => queries,
    sentSince: () => sent,
    reset: () => {
      queries = 0;
      sent = [];
    },
    restore: () => {
      pg.Client.prototype.query = original;
    },
  };
  await eventually(
    () => counter.tripsOf('Member/getinfoc'),
    (n) => n === 0,
  );
  return counter;
}

/** Until `done` holds of what `read` answers, or 5 s: what the change feed delivers is asynchronous by design. */
export async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}
