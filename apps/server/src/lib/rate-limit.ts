import type { Redis } from 'ioredis';

/** Fixed-window counters: `hit` counts one request under `key` and says whether it is within `limit`. */
export type RateLimiter = {
  hit: (
    key: string,
    limit: number,
    windowMs: number,
  ) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** How many hits `key` has in its current window, without counting one. */
  count: (key: string) => Promise<{ count: number; retryAfterSeconds: number }>;
  close?: () => Promise<void>;
};

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = now() + 60_000;
  return {
    async hit(key, limit, windowMs) {
      const t = now();
      if (t > sweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        sweepAt = t + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async count(key) {
      const t = now();
      const w = windows.get(key);
      if (!w || w.resetAt <= t) return { count: 0, retryAfterSeconds: 0 };
      return { count: w.count, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
  };
}

/** The same counters in Redis, shared by every app server (REDIS_URL). */
export function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const k = `rl:${key}`;
      const result = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return {
        allowed: count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
      };
    },
    async count(key) {
      const k = `rl:${key}`;
      const result = await redis.multi().get(k).pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      const ttl = Number(result?.[1]?.[1] ?? 0);
      return { count, retryAfterSeconds: ttl > 0 ? Math.max(1, Math.ceil(ttl / 1000)) : 0 };
    },
    async close() {
      await redis.quit();
    },
  };
}
