import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Notifier } from './features/notify/notifier.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './lib/rate-limit.ts';

/** What every feature may use; built once in main.ts (or a test) and passed to buildApp. */
export type Deps = {
  config: Config;
  db: Db;
  clock: Clock;
  notifier: Notifier;
  limiter: RateLimiter;
  log?: FastifyBaseLogger;
};
