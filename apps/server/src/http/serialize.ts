import { isSharedAnswer } from '../platform/shared-answers.ts';

/** The JSON of each shared answer, written once (kept while the answer itself is). */
const jsonOf = new WeakMap<object, string>();

/**
 * An envelope as JSON, the same text as `JSON.stringify`. When its `data` is a shared answer (platform/shared-answers.ts:
 * a read cache's value, the same object for every call until it changes), that part is written once and reused
 * instead of being serialized again on every call.
 */
export function serializeEnvelope(payload: unknown): string {
  const data = (payload as { data?: unknown } | null)?.data;
  if (!isSharedAnswer(data)) return JSON.stringify(payload);
  let body = jsonOf.get(data);
  if (body === undefined) {
    body = JSON.stringify(data);
    jsonOf.set(data, body);
  }
  // The envelope's other fields in their order, then `data` (register.ts puts it last).
  const head = JSON.stringify({ ...(payload as object), data: undefined });
  return head === '{}' ? `{"data":${body}}` : `${head.slice(0, -1)},"data":${body}}`;
}
