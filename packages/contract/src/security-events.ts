/**
 * Kinds of security events (`security_events.kind`, listed by Admin/securityevents): lockouts of a second factor (with
 * `until`) and changes of a member's credentials, contacts or withdrawal address. The server's
 * `platform/security-events.ts` says who writes each; the column is free text, so a new kind needs no migration.
 */
export const SECURITY_EVENT_KINDS = [
  'lockout_tx_password',
  'lockout_totp',
  'lockout_tac',
  'lockout_reset_code',
  'password_changed',
  'password_reset',
  'tx_password_changed',
  'email_changed',
  'mobile_changed',
  'totp_enabled',
  'totp_disabled',
  'address_changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
