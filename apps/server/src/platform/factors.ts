import type { SessionMember } from './sessions.ts';

// The second factors as features use them; features/security implements both (tx-password.ts, totp.ts).

/** Checks a member's transaction password, or refuses naming `field`; `ip` is recorded with a lockout. */
export type TxPasswordGuard = {
  verify: (member: SessionMember, password: string, field?: string, ip?: string) => Promise<void>;
};

/** What enrolling two-factor hands the member: the secret, as text, URL and QR code (empty once enabled). */
export type TotpSetup = { enabled: boolean; secret: string; otpauth_url: string; qr_data_url: string };

/** Two-factor codes of a member. */
export type Totp = {
  status: (memberId: string) => Promise<boolean>;
  setup: (memberId: string, userid: string) => Promise<TotpSetup>;
  enable: (memberId: string, code: string, ip?: string) => Promise<void>;
  disable: (memberId: string, code: string, ip?: string) => Promise<void>;
  /** When two-factor is on, a fresh code is required; when off, nothing is. */
  require: (memberId: string, code: string | undefined, ip?: string) => Promise<void>;
};
