import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Envelope, KYC_MAX_IMAGE_BYTES, type Language, type MessageKey, translate } from '@mp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pickLanguage } from './lang.ts';
import { Refusal, SessionInvalid, TooManyRequests } from '../lib/errors.ts';

export function requestLanguage(req: FastifyRequest): Language {
  const body = req.body as { lang?: unknown } | undefined;
  const query = req.query as { lang?: unknown } | undefined;
  const fromField =
    typeof body?.lang === 'string' ? body.lang : typeof query?.lang === 'string' ? query.lang : undefined;
  return pickLanguage(fromField, req.headers['accept-language']);
}

/** Errors that mean "no database right now", not "this request is wrong". */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function databaseUnavailable(err: unknown): boolean {
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string' && (SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // A socket error talking to PostgreSQL (a missing socket file is ENOENT on connect, not a missing upload).
  if (
    typeof code === 'string' &&
    SOCKET_CODES.has(code) &&
    ['connect', 'read', 'write'].includes(String(syscall))
  )
    return true;
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connection error|Connection ended/i.test(
    message,
  );
}

/**
 * PostgreSQL errors that are the request's doing: class 22 (data exception: invalid text representation, numeric
 * out of range, a bad byte sequence, an untranslatable character) is bad input; a serialization failure or a
 * deadlock that outlived its retries is a conflict to retry.
 */
export function databaseRefusal(err: unknown): { code: 409 | 422; key: MessageKey } | undefined {
  const { code, severity } = (err ?? {}) as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string' || typeof severity !== 'string') return undefined;
  if (/^22[0-9A-Z]{3}$/.test(code)) return { code: 422, key: 'invalid_request' };
  if (code === '40001' || code === '40P01') return { code: 409, key: 'request_conflict' };
  return undefined;
}

function clientErrorKey(status: number): MessageKey {
  if (status === 413 || status === 414 || status === 431) return 'request_too_large';
  if (status === 415) return 'request_type_unsupported';
  return 'request_unreadable';
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a URL or headers over the limit, a broken
 * request line): answered in the envelope too, in the language of the Accept-Language header when it got that far.
 */
export function envelopeClientError(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const head = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = pickLanguage(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1]);
  const body = JSON.stringify({ status: 0, code, msg: translate(clientErrorKey(code), lang) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

function send(reply: FastifyReply, body: Envelope) {
  return reply.code(body.code).type('application/json; charset=utf-8').send(body);
}

/** A zod issue path (`/email`) and message key to `{ field, message }` in the user's language. */
function fieldErrors(err: FastifyError, lang: Language) {
  return (err.validation ?? []).map((v) => {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    const key = v.message ?? 'field_invalid';
    return { field, message: translate(key, lang, { field }) };
  });
}

/**
 * The one place where errors become envelopes (DESIGN.md section 3): refusals are `status 0` with a
 * localized message, sessions `-9`, rate limits 429, and anything unexpected a 500 that hides details.
 */
export function installEnvelope(app: FastifyInstance) {
  app.setNotFoundHandler((req, reply) => {
    return send(reply, { status: 0, code: 404, msg: translate('not_found_call', requestLanguage(req)) });
  });

  app.setErrorHandler((error: Error, req, reply) => {
    const lang = requestLanguage(req);
    if (error instanceof Refusal) {
      return send(reply, {
        status: 0,
        code: error.code,
        msg: translate(error.key, lang, error.params),
        ...(error.fields.length
          ? {
              errors: error.fields.map((f) => ({
                field: f.field,
                message: translate(f.key, lang, f.params),
              })),
            }
          : {}),
      });
    }
    if (error instanceof SessionInvalid) {
      return send(reply, { status: -9, code: 401, msg: translate('session_expired', lang) });
    }
    if (error instanceof TooManyRequests) {
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, {
        status: 0,
        code: 429,
        msg: translate(error.key, lang, error.params),
        ...(error.data ? { data: error.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error as FastifyError, lang);
      return send(reply, {
        status: 0,
        code: 422,
        msg: errors[0]?.message ?? translate('invalid_request', lang),
        errors,
      });
    }
    if (databaseUnavailable(error)) {
      // PostgreSQL is restarting or unreachable: say so at once (the pool waits at most a few seconds).
      req.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return send(reply, { status: 0, code: 503, msg: translate('service_unavailable', lang) });
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE') {
      // The call's own limit (register.ts puts it in the route's multipart options), else the default.
      const config = req.routeOptions.config as { multipartOptions?: { limits?: { fileSize?: number } } };
      const max = config.multipartOptions?.limits?.fileSize ?? KYC_MAX_IMAGE_BYTES;
      return send(reply, {
        status: 0,
        code: 422,
        msg: translate('file_too_large', lang, { max: String(Math.floor(max / (1024 * 1024))) }),
      });
    }
    if (fastifyError.code === 'FST_FILES_LIMIT') {
      return send(reply, { status: 0, code: 422, msg: translate('field_too_long', lang, { field: 'file' }) });
    }
    const database = databaseRefusal(error);
    if (database) {
      // Input the schemas let through and PostgreSQL refused (a NUL, a number out of range), or a race lost
      // after its retries: the request's fault or a moment's, never a 500. Logged to find the schema to tighten.
      req.log.warn({ err: error }, 'database refused the request');
      return send(reply, { status: 0, code: database.code, msg: translate(database.key, lang) });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, unsupported content type, body too large): their status, no details.
      return send(reply, { status: 0, code: status, msg: translate(clientErrorKey(status), lang) });
    }
    req.log.error({ err: error }, 'unexpected error');
    return send(reply, {
      status: 0,
      code: 500,
      msg: translate('internal_error', lang),
      request_id: String(req.id),
    });
  });
}
