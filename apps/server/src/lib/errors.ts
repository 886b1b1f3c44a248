import type { MessageKey } from '@mp/contract';

export type RefusalCode = 400 | 403 | 404 | 409 | 422;
export type FieldRefusal = { field: string; key: MessageKey; params?: Record<string, string | number> };

/** A refused request: a business rule or validation said no. Mapped to `status 0` with a localized `msg`. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldRefusal[] = [],
  ) {
    super(key);
  }
}

/** Refuses because of one field: the message names it and `errors` carries it. */
export function fieldRefusal(
  code: RefusalCode,
  field: string,
  key: MessageKey,
  params: Record<string, string | number> = {},
): Refusal {
  return new Refusal(code, key, { field, ...params }, [{ field, key, params: { field, ...params } }]);
}

/** The session is missing, wrong, expired or revoked: `status -9`. */
export class SessionInvalid extends Error {
  constructor() {
    super('session_expired');
  }
}

/** 429 with Retry-After; `key`/`params` give another message (e.g. a lockout and until when), `data` goes along. */
export class TooManyRequests extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly key: MessageKey = 'too_many_requests',
    readonly params: Record<string, string | number> = {},
    readonly data?: Record<string, unknown>,
  ) {
    super(key);
  }
}

/**
 * An id of ours (a bigserial) from a request: digits only. Anything else names nothing and must not reach a bigint
 * column (where it would be a database error), so it is refused as `notFound`.
 */
export function numericId(id: string, notFound: Refusal): string {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw notFound;
  return id;
}
