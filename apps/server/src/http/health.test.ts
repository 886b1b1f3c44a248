import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { createDb } from '../db/database.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { outboxNotifier } from '../adapters/notify/notifier.ts';
import { memoryRateLimiter } from '../lib/rate-limit.ts';
import { hasRedis, startRedis } from '../../test/redis.ts';

/** A local port nothing listens on (bound, then closed): connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { globalPerMinute: 1 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('/healthz answers 200 while the process runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { process: 'ok' } });
  });

  it('/readyz answers 200 with the database reachable and every migration applied, outside the flood guard', async () => {
    // The flood guard allows one call a minute here: readiness probes never count against it.
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ok',
        checks: { database: 'ok', migrations: 'ok', redis: 'off' },
      });
    }
  });

  it('/readyz answers 503 while a migration this code has is not applied', async () => {
    const app = await createTestApp();
    try {
      const last = MIGRATIONS.at(-1)?.id ?? '';
      await sql`delete from schema_migrations where id = ${last}`.execute(app.db);
      const pending = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'pending', redis: 'off', pending: [last] },
      });
      await sql`insert into schema_migrations (id) values (${last})`.execute(app.db);
      const ready = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('/readyz without the database', () => {
  it('answers 503 at once; /healthz still answers 200', async () => {
    const base = await createTestApp();
    const db = createDb(`postgres://nobody:nothing@127.0.0.1:${await closedPort()}/none`);
    const app = await buildApp(
      { ...base.deps, db, notifier: outboxNotifier(db), limiter: memoryRateLimiter() },
      { logger: false, serveWeb: false },
    );
    try {
      await app.ready();
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'down', migrations: 'down', redis: 'off' },
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toMatch(/^mp_ready 0$/m);
      expect(metrics.body).toMatch(/^mp_business_metrics_up 0$/m);
    } finally {
      await app.close();
      await db.destroy();
      await base.close();
    }
  });
});

describe('/readyz with REDIS_URL', () => {
  it.skipIf(!hasRedis())('pings Redis: 200 while it answers, 503 once it is gone', async () => {
    const redis = await startRedis();
    const t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${redis.port}` } });
    try {
      const up = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
      redis.stop();
      await new Promise((r) => setTimeout(r, 300));
      const down = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'down' },
      });
    } finally {
      redis.stop();
      await t.close();
    }
  });
});
