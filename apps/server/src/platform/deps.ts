import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Notifier } from './notifier.ts';
import type { Clock } from '../lib/clock.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';

/** What every feature may use; built once in main.ts (or a test) and passed to buildApp. */
export type Deps = {
  config: Config;
  db: Db;
  clock: Clock;
  notifier: Notifier;
  limiter: RateLimiter;
  /**
   * The per-request flood guard (GLOBAL_LIMIT_PER_MINUTE); default `limiter`. Workers of one machine keep it in their
   * own memory (one IPC round trip per call would cost more than the guard is worth), so there it holds per worker.
   */
  floodLimiter?: RateLimiter;
  log?: FastifyBaseLogger;
};
