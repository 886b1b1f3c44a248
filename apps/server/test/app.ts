import { type Envelope, STATUS_OK } from '@mp/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDb, type Db } from '../src/db/database.ts';
import type { Deps } from '../src/platform/deps.ts';
import { outboxNotifier } from '../src/adapters/notify/notifier.ts';
import type { Notifier } from '../src/platform/notifier.ts';
import { type Clock, manualClock } from '../src/lib/clock.ts';
import { memoryRateLimiter, type RateLimiter } from '../src/lib/rate-limit.ts';
import { createTestDatabase } from './postgres.ts';

export type CallOptions = {
  token?: string;
  lang?: string;
  ip?: string;
  form?: boolean;
  method?: 'GET' | 'POST';
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  deps: Deps;
  clock: ReturnType<typeof manualClock>;
  /** Calls /api/<name> and returns the HTTP status and the envelope. */
  call: <T = Record<string, unknown>>(
    name: string,
    body?: Record<string, unknown>,
    opts?: CallOptions,
  ) => Promise<{ http: number; body: Envelope<T>; headers: Record<string, unknown> }>;
  /** Like call, but fails the test unless the call succeeded; returns `data`. */
  ok: <T = Record<string, unknown>>(
    name: string,
    body?: Record<string, unknown>,
    opts?: CallOptions,
  ) => Promise<T>;
  /** The test database's URL, for a second server on the same data. */
  url: string;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  limits?: Partial<Config['limits']>;
  notifier?: (db: Db) => Notifier;
  clock?: Clock;
  /** Join this existing test database (a second server on the same data) instead of making one; it is not dropped. */
  database?: string;
  limiter?: RateLimiter;
};

const GET_CALLS = new Set(['index/downloadurl', 'index/check_version', 'index/getdata', 'member/getinfoc']);

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const url = options.database ?? (await createTestDatabase(adminUrl, inject('pgTemplate')));
  const db = createDb(url);
  const base = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: '/tmp/mp-test-data', DEMO_DATA: '0' },
    { secret: Buffer.alloc(32, 7) },
  );
  const config: Config = {
    ...base,
    ...options.config,
    limits: { ...base.limits, globalPerMinute: 100_000, loginPerMinute: 10_000, ...options.limits },
  };
  const clock = manualClock(new Date());
  const deps: Deps = {
    config,
    db,
    clock: options.clock ?? clock,
    notifier: options.notifier ? options.notifier(db) : outboxNotifier(db),
    limiter: options.limiter ?? memoryRateLimiter(() => (options.clock ?? clock).now().getTime()),
  };
  const app = await buildApp(deps, {
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    serveWeb: false,
  });
  await app.ready();

  const call: TestApp['call'] = async (name, body = {}, opts = {}) => {
    const method = opts.method ?? (GET_CALLS.has(name.toLowerCase()) ? 'GET' : 'POST');
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.lang) headers['accept-language'] = opts.lang;
    const res = await app.inject({
      method,
      url: `/api/${name}`,
      headers: opts.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
        : opts.form
          ? {
              payload: new URLSearchParams(
                Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
              ).toString(),
            }
          : { payload: body }),
    });
    return { http: res.statusCode, body: res.json(), headers: res.headers };
  };

  const ok: TestApp['ok'] = async (name, body, opts) => {
    const res = await call(name, body, opts);
    if (res.body.status !== STATUS_OK) {
      throw new Error(`${name} failed: ${res.http} ${JSON.stringify(res.body)}`);
    }
    return res.body.data as never;
  };

  return {
    app,
    db,
    deps,
    clock,
    call,
    ok,
    url,
    async close() {
      await app.close();
      await db.destroy();
      if (options.database) return;
      const name = new URL(url).pathname.slice(1);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
