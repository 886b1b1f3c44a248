import { useMemo, useRef } from 'react';

/** A random v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One idempotency key per confirmed submission: confirming the same request again (a retry after a
 * timeout, a refusal or a wrong password) reuses its key, so the server applies it at most once; a
 * changed request, or any request after a success, gets a new key. Secrets are left out of `request`.
 */
export function useSubmissionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request: Record<string, unknown>): string {
        const fingerprint = JSON.stringify(request);
        if (current.current?.fingerprint !== fingerprint) {
          current.current = { fingerprint, key: newIdempotencyKey() };
        }
        return current.current.key;
      },
      /** The submission succeeded: the next one is a new operation. */
      settled(): void {
        current.current = null;
      },
    }),
    [],
  );
}
