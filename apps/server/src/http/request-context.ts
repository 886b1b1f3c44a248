import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { withLogContext } from '../lib/log.ts';

/** An incoming id a proxy or client may give us: a short token of plain characters (nothing to forge a line with). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's `X-Request-Id` when it is a safe short token, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify's per-request logger. Without request lines (production's default) `req.log` is the process's logger
 * itself: its lines still name the request, from the log context below. A child per request cost about a tenth of a
 * cached read's CPU (pino redacts the child's bindings; bench/reads --profile, issue 32). Request lines, logged
 * before that context exists, need the child's bound id.
 */
export function requestLoggers(logRequests: boolean) {
  return logRequests ? {} : { childLoggerFactory: (logger: FastifyBaseLogger) => logger };
}

/**
 * Everything a request does runs in a log context with its `reqId` (lib/log.ts), so a line logged deep in a feature,
 * or later by work the request started, names the request (Fastify carries the context across reading the body). The
 * id goes back in the `X-Request-Id` header, set here with the request's first hook: the answer keeps it whatever
 * sends it (a handler, the error handler, a refusal from a hook), as it keeps the security headers set the same way.
 * (An async onSend hook for it cost a promise and a hook step per answer.)
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    withLogContext({ reqId: req.id }, done);
  });
}
