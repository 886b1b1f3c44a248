import { BaseError } from 'viem';

// How the payout worker reads a node's errors: already sent, refused by the node, or a reverting call.

/** The words nodes use when a transaction they are sent again is already theirs or already mined. */
export const ALREADY_SENT = /already known|known transaction|already imported|already exists|nonce too low/i;

export function errorText(err: unknown): string {
  if (err instanceof BaseError) return (err.details || err.shortMessage).slice(0, 300);
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/** A JSON-RPC error answered by the node (it saw the request and refused it), not a network failure. */
export function nodeRefused(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk((e) => typeof (e as { code?: unknown }).code === 'number' && (e as { code: number }).code < 0),
  );
}

/** An estimate that failed because the call itself reverts (e.g. the hot wallet lacks the tokens). */
export function reverts(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const text = `${err.shortMessage} ${err.details ?? ''}`;
  return /revert/i.test(text) ? text.replace(/\s+/g, ' ').trim().slice(0, 300) : undefined;
}
