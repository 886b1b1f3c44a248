import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.ts';
import type { Deps } from '../platform/deps.ts';

/**
 * Health for load balancers and orchestrators (DESIGN.md section 3), outside the call registry: not under /api, no
 * session, no flood guard, no log line per request. `/healthz`: the process answers. `/readyz`: the database
 * answers a `select 1`, every migration this code knows is applied, and Redis answers a ping when REDIS_URL is set;
 * 503 with the failing check otherwise. Each check is cheap and bounded by a short timeout.
 */

type CheckState = 'ok' | 'down' | 'pending' | 'off';
export type Readiness = {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; redis: CheckState; pending?: string[] };
};

/** How long one check may take before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;
/** Migrations once current stay current for this long (a pending list is read again at every check). */
const MIGRATIONS_CACHE_MS = 5_000;

function within<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type RedisPing = { ping: () => Promise<unknown>; disconnect: () => void };

/** The readiness checks of one app (its pool, its Redis client made on first use). */
export function createReadiness(deps: Pick<Deps, 'db' | 'config'>) {
  let migrationsCurrentAt = 0;
  let redis: RedisPing | undefined;

  async function redisState(): Promise<CheckState> {
    const url = deps.config.redisUrl;
    if (!url) return 'off';
    try {
      if (!redis) {
        const { Redis } = await import('ioredis');
        redis = new Redis(url, { maxRetriesPerRequest: 1 });
        (redis as unknown as { on: (e: string, f: () => void) => void }).on('error', () => {});
      }
      await within(redis.ping());
      return 'ok';
    } catch {
      return 'down';
    }
  }

  async function check(): Promise<Readiness> {
    const database: CheckState = await within(sql`select 1`.execute(deps.db)).then(
      () => 'ok',
      () => 'down',
    );
    let migrations: CheckState = 'down';
    let pending: string[] | undefined;
    if (database === 'ok') {
      if (Date.now() - migrationsCurrentAt < MIGRATIONS_CACHE_MS) migrations = 'ok';
      else {
        const missing = await within(pendingMigrations(deps.db)).catch(() => undefined);
        if (missing && missing.length === 0) {
          migrations = 'ok';
          migrationsCurrentAt = Date.now();
        } else if (missing) {
          migrations = 'pending';
          pending = missing;
        }
      }
    }
    const redisCheck = await redisState();
    const ready = database === 'ok' && migrations === 'ok' && redisCheck !== 'down';
    return { ready, checks: { database, migrations, redis: redisCheck, ...(pending ? { pending } : {}) } };
  }

  return {
    check,
    close() {
      redis?.disconnect();
      redis = undefined;
    },
  };
}

export type ReadinessChecks = ReturnType<typeof createReadiness>;

/** Serves /healthz and /readyz; returns the readiness checks (the metrics report them too). */
export function installHealth(app: FastifyInstance, deps: Pick<Deps, 'db' | 'config'>): ReadinessChecks {
  const readiness = createReadiness(deps);
  app.addHook('onClose', async () => readiness.close());
  const quiet = { logLevel: 'silent' as const };
  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', checks: { process: 'ok' } };
  });
  app.get('/readyz', quiet, async (_req, reply) => {
    const r = await readiness.check();
    reply.header('cache-control', 'no-store');
    reply.code(r.ready ? 200 : 503);
    return { status: r.ready ? 'ok' : 'not_ready', checks: r.checks };
  });
  return readiness;
}
