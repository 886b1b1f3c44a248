import cluster, { type Worker } from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Engines } from './engines.ts';
import { createDb, type Db } from './db/database.ts';
import { createNotifier } from './adapters/notify/notifier.ts';
import { systemClock } from './lib/clock.ts';
import { logger } from './lib/log.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './lib/rate-limit.ts';
import { answerRateLimits, primaryRateLimiter } from './lib/rate-limit-ipc.ts';

/**
 * The HTTP side of `npm start`: the app served by `config.workers` processes on one port (node:cluster; the kernel
 * hands each connection to one of them), or from the main process when that is 1. Workers keep no state beyond
 * caches that the change feed keeps true, so any of them may answer any call; the main process keeps the database
 * launcher, the migrations and the jobs.
 */
export type HttpServing = { stop: () => Promise<void> };

const WORKER_ENV = 'MP_WORKER_DATABASE_URL';

/** Secrets only the main process uses (it signs payouts): never handed to the HTTP workers. */
export const MAIN_ONLY_SECRETS = ['HOT_WALLET_KEY', 'SWEEP_MNEMONIC'] as const;

/**
 * A worker's environment on top of the main process's: its database, and the main-only secrets removed (an
 * undefined value leaves the variable out of the child's environment). Workers get the hot wallet's address only.
 */
export function workerEnvironment(url: string): Record<string, string | undefined> {
  return { [WORKER_ENV]: url, ...Object.fromEntries(MAIN_ONLY_SECRETS.map((k) => [k, undefined])) };
}

async function redisLimiter(url: string): Promise<RateLimiter> {
  const { Redis } = await import('ioredis');
  return redisRateLimiter(new Redis(url, { maxRetriesPerRequest: 2 }));
}

async function listen(
  config: Config,
  db: Db,
  limiter: RateLimiter,
  floodLimiter: RateLimiter,
  engines?: Engines,
) {
  const notifier = createNotifier(config, db);
  // Features report what fails after their answer (a notice not sent, a propagation to retry) through `log`.
  const app = await buildApp(
    {
      config,
      db,
      clock: systemClock,
      notifier,
      limiter,
      floodLimiter,
      log: logger('app'),
    },
    { engines },
  );
  const streams = trackStreams(app);
  await app.listen({ port: config.port, host: config.host });
  return { app, close: () => drain(app, streams) };
}

/** Open ticker streams (answers that never end by themselves), so that stopping can end them. */
function trackStreams(app: FastifyInstance): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.toLowerCase().startsWith('/api/stream/')) return;
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

/** Connections still open this long after stopping began are cut (the bound on a drain). */
const DRAIN_BOUND_MS = 8_000;

/**
 * Stops serving: the port is closed to new connections, idle keep-alive connections are closed, a request arriving
 * on a busy one is answered 503 with `Connection: close` (fastify), requests under way are answered, and ticker
 * streams are ended (their clients connect again, to another server). Resolves once every connection is gone.
 */
async function drain(app: FastifyInstance, streams: Set<ServerResponse>): Promise<void> {
  const closing = app.close();
  const endStreams = () => {
    for (const res of streams) res.destroy();
  };
  endStreams();
  const again = setInterval(endStreams, 250);
  const cut = setTimeout(() => {
    // Said in the log: a stop that had to cut connections left some client without its answer.
    app.log.warn(`stopping: connections still open after ${DRAIN_BOUND_MS} ms are cut`);
    app.server.closeAllConnections();
  }, DRAIN_BOUND_MS);
  try {
    await closing;
  } finally {
    clearInterval(again);
    clearTimeout(cut);
  }
}

/** `engines` are the main process's (main.ts): the app it serves itself posts through the same ledger and engines. */
export async function serveHttp(
  config: Config,
  database: { db: Db; url: string },
  engines: Engines,
): Promise<HttpServing> {
  if (config.workers <= 1) {
    const limiter = config.redisUrl ? await redisLimiter(config.redisUrl) : memoryRateLimiter();
    const server = await listen(config, database.db, limiter, limiter, engines);
    return {
      async stop() {
        await server.close();
        await limiter.close?.();
      },
    };
  }
  return startWorkers(config, database.url);
}

/** The main process: forks the workers, answers their rate-limit questions, replaces a worker that dies. */
async function startWorkers(config: Config, url: string): Promise<HttpServing> {
  const log = logger('http');
  const limiter = config.redisUrl ? undefined : memoryRateLimiter();
  // Connections are spread by the kernel (each worker accepts on the shared socket), not passed on by this process.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork(workerEnvironment(url));
      if (limiter) answerRateLimits(worker, limiter);
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code, signal) => {
        reject(new Error(`worker exited before listening (${signal ?? code})`));
        if (stopping) return;
        log.error(
          { worker: worker.process.pid, exit: signal ?? code },
          'HTTP worker stopped; starting another',
        );
        void fork().catch((err: unknown) => log.error({ err }, 'could not start an HTTP worker'));
      });
    });
  await Promise.all(Array.from({ length: config.workers }, fork));
  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              const force = setTimeout(() => w.process.kill('SIGKILL'), 10_000);
              w.once('exit', () => {
                clearTimeout(force);
                resolve();
              });
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** True in a worker process forked by `serveHttp`. */
export function isHttpWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_ENV] !== undefined;
}

/** A worker process: its own database pool, the app on the shared port; it leaves when the main process does. */
export async function runHttpWorker(config: Config): Promise<void> {
  const url = process.env[WORKER_ENV];
  if (!url) throw new Error('worker without a database');
  const db = createDb(url, config.dbPoolSize);
  const limiter = config.redisUrl ? await redisLimiter(config.redisUrl) : primaryRateLimiter();
  const floodLimiter = config.redisUrl ? limiter : memoryRateLimiter();
  const server = await listen(config, db, limiter, floodLimiter);
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await limiter.close?.();
    await db.destroy().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  // Ctrl-C reaches every process of the terminal: the main process decides when workers stop.
  process.on('SIGINT', () => {});
  // The main process is gone (even killed): leave too, so no worker holds the port without its database.
  process.on('disconnect', () => void close());
}
