import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, startRedis } from '../../test/redis.ts';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limit.ts';

function behavesAsAWindow(make: () => RateLimiter, advance: (ms: number) => Promise<void>) {
  it('allows up to the limit in a window, then says when to retry', async () => {
    const limiter = make();
    const key = `k${Math.random()}`;
    for (let i = 0; i < 3; i++) expect((await limiter.hit(key, 3, 1000)).allowed).toBe(true);
    const over = await limiter.hit(key, 3, 1000);
    expect(over.allowed).toBe(false);
    expect(over.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((await limiter.hit(`${key}-other`, 3, 1000)).allowed).toBe(true);
    await advance(1100);
    expect((await limiter.hit(key, 3, 1000)).allowed).toBe(true);
  });
}

describe('memory rate limiter', () => {
  let now = 0;
  behavesAsAWindow(
    () => memoryRateLimiter(() => now),
    async (ms) => {
      now += ms;
    },
  );
});

/** A real Redis server on loopback; .ci/run installs Debian's redis-server so this runs in CI. */
describe.skipIf(!hasRedis())('Redis rate limiter (shared by several app servers)', () => {
  let redis: { port: number; stop: () => void };
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
    redis.stop();
  });
  const make = () => {
    const client = new Redis({ port: redis.port, host: '127.0.0.1' });
    clients.push(client);
    return redisRateLimiter(client);
  };

  behavesAsAWindow(make, (ms) => new Promise((r) => setTimeout(r, ms)));

  it('counts hits from two servers together', async () => {
    const a = make();
    const b = make();
    const key = `shared${Math.random()}`;
    expect((await a.hit(key, 2, 5000)).allowed).toBe(true);
    expect((await b.hit(key, 2, 5000)).allowed).toBe(true);
    expect((await a.hit(key, 2, 5000)).allowed).toBe(false);
    expect((await b.hit(key, 2, 5000)).allowed).toBe(false);
  });
});
