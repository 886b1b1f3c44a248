import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRootLogger } from '../lib/log.ts';
import { installRequestContext, requestIdOf, requestLoggers } from './request-context.ts';

/** A server as app.ts makes it, as far as logging goes, whose lines are kept here. */
function serverLogging(logRequests: boolean) {
  const raw: string[] = [];
  const log = createRootLogger(
    { proc: 'test', level: 'info', format: 'json' },
    { write: (line: string) => void raw.push(line) },
  );
  const app = Fastify({
    // Typed as app.ts types the process's logger (Fastify's base logger).
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: !logRequests }),
    ...requestLoggers(logRequests),
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  installRequestContext(app);
  app.post('/work', async (req) => {
    req.log.info('working');
    throw new Error('broken');
  });
  app.setErrorHandler((error, req, reply) => {
    req.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ status: 0 });
  });
  return { app, raw };
}

describe("a request's logger", () => {
  for (const logRequests of [false, true]) {
    it(`names the request on its lines (request lines ${logRequests ? 'on' : 'off'}), once`, async () => {
      const { app, raw } = serverLogging(logRequests);
      await app.inject({ method: 'POST', url: '/work', payload: {}, headers: { 'x-request-id': 'req-42' } });
      await app.close();
      const lines = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const line of raw) expect(line.match(/"reqId"/g)).toHaveLength(1);
      const working = lines.find((l) => l.msg === 'working');
      const failed = lines.find((l) => l.msg === 'unexpected error');
      expect(working?.reqId).toBe('req-42');
      expect(failed?.reqId).toBe('req-42');
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(logRequests);
    });
  }
});

describe('the X-Request-Id header', () => {
  it('goes back on every answer: a handled one, an error and an unknown route', async () => {
    const { app } = serverLogging(false);
    app.get('/fine', async () => ({ ok: true }));
    const fine = await app.inject({ method: 'GET', url: '/fine', headers: { 'x-request-id': 'req-1' } });
    const broken = await app.inject({
      method: 'POST',
      url: '/work',
      payload: {},
      headers: { 'x-request-id': 'req-2' },
    });
    const missing = await app.inject({
      method: 'GET',
      url: '/nowhere',
      headers: { 'x-request-id': 'req-3' },
    });
    const given = await app.inject({ method: 'GET', url: '/fine', headers: { 'x-request-id': 'bad "id"' } });
    await app.close();
    expect([fine.statusCode, broken.statusCode, missing.statusCode]).toEqual([200, 500, 404]);
    expect([fine, broken, missing].map((r) => r.headers['x-request-id'])).toEqual([
      'req-1',
      'req-2',
      'req-3',
    ]);
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
