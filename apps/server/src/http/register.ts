import {
  adminAllowed,
  type Auth,
  type CallDef,
  envelopeSchema,
  KYC_MAX_IMAGE_BYTES,
  type Language,
  translate,
} from '@mp/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { SessionMember, SessionResolver } from '../platform/sessions.ts';
import { type CallContext, type CallRoute, Reply } from '../platform/calls.ts';
import { Refusal, SessionInvalid, TooManyRequests } from '../lib/errors.ts';
import { requestLanguage } from './envelope-plugin.ts';

/** The bearer token of the Authorization header: the only place a GET call or an upload may carry one. */
function headerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/**
 * A POST form's `token` field (DESIGN.md section 3), read before validation, whose schema drops it. Never the URL's
 * query string: addresses end up in logs, proxies and browser history.
 */
function bodyToken(req: FastifyRequest): string | undefined {
  const body = req.body as { token?: unknown } | undefined;
  return typeof body?.token === 'string' ? body.token : undefined;
}

/**
 * Who may make a call of this kind: the one place that decides. An admin call is checked against the admin roles
 * (contract admin-roles.ts); without a call name (admin pages), any admin role will do.
 */
export function authorize(auth: Auth, member: SessionMember, callName?: string): SessionMember {
  if (auth === 'admin' && !(callName ? adminAllowed(callName, member.adminRole) : member.adminRole))
    throw new Refusal(403, member.adminRefusal ?? 'forbidden');
  return member;
}

/**
 * The member behind a header token; undefined for none or a wrong, expired or revoked one. At once when the session is
 * in this server's memory (every call of a busy client), else a promise of the read.
 */
function sessionOf(
  sessions: SessionResolver,
  token: string | undefined,
): SessionMember | undefined | Promise<SessionMember | undefined> {
  if (!token) return undefined;
  const known = sessions.cached(token);
  if (known) return known;
  return sessions.resolve(token).catch((err: unknown) => {
    if (err instanceof SessionInvalid) return undefined;
    throw err;
  });
}

/** Requests that passed the checks made before their body is read. */
const admitted = new WeakSet<FastifyRequest>();

const isMultipart = (req: FastifyRequest) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');

/** Fields of a request schema that carry a file (the contract marks them `format: binary`). */
function fileFields(request: z.ZodType): number {
  if (!(request instanceof z.ZodObject)) return 0;
  return Object.values(request.shape as Record<string, z.ZodType>).filter((field) => {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    return inner.meta()?.format === 'binary';
  }).length;
}

/**
 * What a multipart body of this call may hold; beyond it the parser stops (a file too large or too many files is a
 * 422) instead of buffering. Calls without files take form fields only, small ones for anonymous calls.
 */
function multipartLimits(def: CallDef) {
  return {
    files: def.multipart ? (def.maxFiles ?? fileFields(def.request)) : 0,
    fileSize: def.maxFileBytes ?? KYC_MAX_IMAGE_BYTES,
    fields: 50,
    fieldSize: def.auth === 'public' ? 64 * 1024 : 1024 * 1024,
  };
}

/**
 * The flood guard and, for member and admin calls, the caller from the Authorization header, read before the body.
 * Undefined when the call is public or may still carry its token in a form field.
 */
function admit(def: CallDef, req: FastifyRequest, opts: RegisterOptions): Promise<SessionMember | undefined> {
  const token = headerToken(req);
  const found = sessionOf(opts.sessions, token);
  if (found instanceof Promise) return found.then((member) => guard(def, req, opts, token, member));
  return guard(def, req, opts, token, found);
}

/** Counted per member for a valid session, else per address: never per a string the caller chooses. */
function guard(
  def: CallDef,
  req: FastifyRequest,
  opts: RegisterOptions,
  token: string | undefined,
  member: SessionMember | undefined,
): Promise<SessionMember | undefined> {
  const key = member ? `g:m:${member.id}` : `g:ip:${req.ip}`;
  return opts.limiter.hit(key, opts.globalPerMinute, 60_000).then((limit) => {
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
    if (def.auth === 'public') return undefined;
    if (member) return authorize(def.auth, member, def.name);
    // Only a POST form may carry its token in a field; a GET or an upload must use the header.
    if (token || def.method === 'GET' || isMultipart(req)) throw new SessionInvalid();
    return undefined;
  });
}

export type RegisterOptions = {
  /** Who calls: the sessions port, implemented by features/auth and passed in by app.ts. */
  sessions: SessionResolver;
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
      config: { multipartOptions: { limits: multipartLimits(def) } },
      schema: {
        [input]: def.request,
        response: { 200: envelopeSchema(def.response) },
        tags: [def.tag],
        summary: def.summary,
        ...(def.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(def.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
      },
      // Before the body is read: the flood guard, then who calls (from the header), so a stranger's upload is
      // refused unread and nobody learns a call's field rules without being allowed to make it.
      // Hooks with a callback rather than async functions: each async hook cost promises and microtasks per call.
      onRequest: (req, _reply, done) => {
        admit(def, req, opts).then((member) => {
          if (member) req.member = member;
          admitted.add(req);
          done();
        }, done);
      },
      // An upload refused before it was read: the connection closes after the answer, so the rest is not even
      // received. (One refused while read, a file over the limit, is read to its end and dropped, never held.)
      onError: async (req, reply) => {
        if (isMultipart(req) && !admitted.has(req)) reply.header('connection', 'close');
      },
      preValidation: (req, _reply, done) => {
        // Every body is an object, even an empty POST: schemas then say which field is missing.
        if (def.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
        if (def.auth === 'public' || req.member) return done();
        opts.sessions
          .resolve(bodyToken(req))
          .then((member) => authorize(def.auth, member, def.name))
          .then((member) => {
            req.member = member;
            done();
          }, done);
      },
      // Not an async function either: the feature's promise is the answer's, with one step to put it in the envelope.
      handler: (req) => {
        const lang = requestLanguage(req);
        const ctx: CallContext = {
          lang,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
          requestId: String(req.id),
          origin: req.headers.origin ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`,
        };
        if (req.member) ctx.member = req.member;
        return Promise.resolve(handler(def.method === 'GET' ? req.query : req.body, ctx)).then((result) =>
          successEnvelope(result, lang),
        );
      },
    });
  }
}

/** A call's answer in the success envelope, its message in the caller's language. */
function successEnvelope(result: unknown, lang: Language) {
  if (result instanceof Reply)
    return { status: 1, code: 200, msg: translate(result.msg, lang, result.params), data: result.data };
  return { status: 1, code: 200, msg: translate('ok', lang), data: result };
}

/** An onRequest hook for pages only admins may read (the API docs): 401 without a session, 403 for a member. */
export function adminsOnly(sessions: SessionResolver): onRequestAsyncHookHandler {
  return async (req) => {
    authorize('admin', await sessions.resolve(headerToken(req)));
  };
}
