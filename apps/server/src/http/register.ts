import { adminAllowed, envelopeSchema, translate } from '@mp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sessions } from '../features/auth/sessions.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import { type CallContext, type CallRoute, Reply } from './calls.ts';
import { Refusal, TooManyRequests } from './errors.ts';
import { requestLanguage } from './envelope-plugin.ts';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  const body = req.body as { token?: unknown } | undefined;
  const query = req.query as { token?: unknown } | undefined;
  if (typeof body?.token === 'string') return body.token;
  if (typeof query?.token === 'string') return query.token;
  return undefined;
}

export type RegisterOptions = {
  sessions: Sessions;
  limiter: RateLimiter;
  globalPerMinute: number;
};

/** Serves each contract call at /api/<name> with its schemas, auth rule and the success envelope. */
export function registerCalls(app: FastifyInstance, routes: CallRoute[], opts: RegisterOptions) {
  for (const { def, handler } of routes) {
    const input = def.method === 'GET' ? 'querystring' : 'body';
    app.route({
      method: def.method,
      url: `/api/${def.name}`,
      ...(def.maxFileBytes
        ? { config: { multipartOptions: { limits: { fileSize: def.maxFileBytes } } } }
        : {}),
      schema: {
        [input]: def.request,
        response: { 200: envelopeSchema(def.response) },
        tags: [def.tag],
        summary: def.summary,
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(def.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      },
      // Every body is an object, even an empty POST: schemas then say which field is missing.
      preValidation: async (req) => {
        if (def.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
        // Read before validation: the schema drops fields it does not name, such as a `token` form field.
        req.bearer = bearerToken(req);
      },
      preHandler: async (req) => {
        const token = req.bearer;
        const limit = await opts.limiter.hit(
          `g:${token ? token.slice(0, 16) : req.ip}`,
          opts.globalPerMinute,
          60_000,
        );
        if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
        if (def.auth === 'public') return;
        const member = await opts.sessions.resolve(token);
        if (def.auth === 'admin' && !adminAllowed(def.name, member.adminRole))
          throw new Refusal(403, member.adminRefusal ?? 'forbidden');
        req.member = member;
      },
      handler: async (req) => {
        const lang = requestLanguage(req);
        const ctx: CallContext = {
          lang,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
          requestId: String(req.id),
          origin: req.headers.origin ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`,
          ...(req.member ? { member: req.member } : {}),
        };
        const result = await handler(def.method === 'GET' ? req.query : req.body, ctx);
        if (result instanceof Reply) {
          return { status: 1, code: 200, msg: translate(result.msg, lang, result.params), data: result.data };
        }
        return { status: 1, code: 200, msg: translate('ok', lang), data: result };
      },
    });
  }
}
