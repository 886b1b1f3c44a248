import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember } from '../../test/helpers.ts';
import { hasRedis, startRedis } from '../../test/redis.ts';
import { redisRateLimiter } from '../lib/rate-limit.ts';

/**
 * Rate limits count what a caller cannot choose: its address (the socket's, or X-Forwarded-For only from a proxy in
 * TRUST_PROXY) or, with a valid session, its member. A made-up header or token earns no fresh budget.
 */
const login = (t: TestApp, i: number, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/Logon/login',
    headers,
    remoteAddress,
    payload: { username: `nobody${i}`, password: 'wrong-password' },
  });

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });

describe('X-Forwarded-For', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { loginPerMinute: 10 }, config: { trustProxy: ['10.0.0.0/8'] } });
  });
  afterAll(() => t.close());

  it('is ignored from a client that is not a trusted proxy: 12 logins from one address, the last 2 refused', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(t, i, forged(i))).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('names the client when the request comes through a proxy in TRUST_PROXY', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push((await login(t, 100 + i, forged(100 + i), '10.1.2.3')).statusCode);
    expect(codes).toEqual(Array(12).fill(422));
    // The proxy's own address is not the client's: its clients are counted one by one.
    const same = { 'x-forwarded-for': '198.51.100.7' };
    const again: number[] = [];
    for (let i = 0; i < 11; i++) again.push((await login(t, 200 + i, same, '10.1.2.3')).statusCode);
    expect(again.at(-1)).toBe(429);
  });

  it('does not open more ticker streams for an address than its limit', async () => {
    const s = await createTestApp({ limits: { streamPerIp: 2 } });
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = s.app.server.address() as AddressInfo;
      const open = (i: number) =>
        new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve) => {
          const req = http.get(`http://127.0.0.1:${port}/api/stream/tickers`, { headers: forged(i) });
          req.on('response', (res) => resolve({ req, res }));
        });
      const streams = [await open(1), await open(2), await open(3)];
      expect(streams.map((x) => x.res.statusCode)).toEqual([200, 200, 429]);
      for (const x of streams) x.req.destroy();
    } finally {
      await s.close();
    }
  });
});

describe('the per-request flood guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { globalPerMinute: 5 } });
  });
  afterAll(() => t.close());

  const getdata = (headers: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/Index/getdata', headers, remoteAddress });
  const fake = () => ({ authorization: `Bearer ${crypto.randomUUID()}${crypto.randomUUID()}` });

  it('gives random fake tokens from one address one budget', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await getdata(fake(), '192.0.2.10')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await getdata(fake(), '192.0.2.10');
    expect(refused.json()).toMatchObject({ status: 0, code: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own.
    expect((await getdata(fake(), '192.0.2.11')).statusCode).toBe(200);
  });

  it('counts a valid session by its member, not by the token text or the address', async () => {
    const m = await newMember(t);
    const auth = { authorization: `Bearer ${m.token}` };
    // The address 192.0.2.10 is spent above; the member's own budget is not.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await getdata(auth, i % 2 ? '192.0.2.10' : '192.0.2.20')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

/** Two app servers with one Redis: the budget of an address is shared, whichever server answers. */
describe.skipIf(!hasRedis())('the flood guard across servers (Redis)', () => {
  let redis: { port: number; stop: () => void };
  const clients: Redis[] = [];
  const apps: TestApp[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    const limiter = () => {
      const client = new Redis({ port: redis.port, host: '127.0.0.1' });
      clients.push(client);
      return redisRateLimiter(client);
    };
    apps.push(await createTestApp({ limits: { globalPerMinute: 4 }, limiter: limiter() }));
    apps.push(
      await createTestApp({ limits: { globalPerMinute: 4 }, limiter: limiter(), database: apps[0]!.url }),
    );
  });
  afterAll(async () => {
    for (const a of apps.reverse()) await a.close();
    await Promise.all(clients.map((c) => c.quit()));
    redis.stop();
  });

  it('refuses fake tokens from one address once the budget is spent on both servers together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await apps[i % 2]!.app.inject({
        method: 'GET',
        url: '/api/Index/getdata',
        headers: { authorization: `Bearer fake${i}-${crypto.randomUUID()}` },
        remoteAddress: '192.0.2.99',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
