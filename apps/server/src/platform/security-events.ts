import type { SecurityEventKind } from '@mp/contract';
import type { Conn } from '../db/database.ts';

/**
 * Kinds of security events (the `kind` column of `security_events`, listed by Admin/securityevents):
 * - lockouts (written by the second-factor guards, with `until` = the end of the lockout):
 *   `lockout_tx_password`, `lockout_totp`, `lockout_tac`, `lockout_reset_code`;
 * - security changes (written by the flows that change a credential or contact; `details` says what, never a
 *   secret): `password_changed`, `password_reset`, `tx_password_changed`, `email_changed`, `mobile_changed`,
 *   `totp_enabled`, `totp_disabled`, `address_changed` (withdraw address bound or changed).
 * Other kinds may be added: the column is free text; name them `lockout_<factor>` or `<thing>_<changed|...>`.
 */
export type SecurityEvent = {
  /** The member concerned (null when unknown, e.g. a lockout on a code sent to an address with no member). */
  memberId: string | null;
  kind: SecurityEventKind | (string & {});
  /** The client's address (`request.ip`), when known. */
  ip?: string | null;
  /** What changed (e.g. `{ from: 'a***@x.com', to: 'b***@y.com' }`): masked values only, never a secret. */
  details?: Record<string, unknown>;
  /** For lockouts: until when. */
  until?: Date | null;
  /** When it happened (default: the database's now()). */
  at?: Date;
};

/** Records one security event. Takes the database or a transaction, so a change and its event commit together. */
export async function recordSecurityEvent(db: Conn, event: SecurityEvent): Promise<void> {
  await db
    .insertInto('security_events')
    .values({
      member_id: event.memberId,
      kind: event.kind,
      ip: event.ip ?? null,
      until: event.until ?? null,
      details: JSON.stringify(event.details ?? {}),
      ...(event.at ? { at: event.at } : {}),
    })
    .execute();
}
