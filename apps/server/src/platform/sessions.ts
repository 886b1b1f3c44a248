import type { AdminRole } from '@mp/contract';

export type SessionMember = {
  id: string;
  userid: string;
  role: 'member' | 'admin';
  tokenHash: Buffer;
  /** Changes whenever the transaction password changes (the end of its hash), so remembered checks expire. */
  txKey: string;
  /**
   * What this session may do as an admin (contract admin-roles.ts); null for a member, and for an admin whose session
   * is restricted to enrolling two-factor.
   */
  adminRole: AdminRole | null;
  /** Why an admin's admin calls are refused although `role` is 'admin' (two-factor not enrolled outside demo mode). */
  adminRefusal?: 'admin_totp_required';
};

/**
 * The sessions port: what the HTTP layer needs to know who calls. platform/session-store.ts implements it; app.ts
 * passes that implementation to http/register.ts, so the HTTP layer imports no feature.
 */
export type SessionResolver = {
  /** The member behind a bearer token, or SessionInvalid (lib/errors.ts) for none or a wrong, expired or revoked one. */
  resolve: (token: string | undefined) => Promise<SessionMember>;
  /**
   * The member behind a bearer token when the session is in this server's memory and still valid, without waiting;
   * undefined otherwise (then `resolve` decides, reading it). The HTTP layer asks this first on every call.
   */
  cached: (token: string | undefined) => SessionMember | undefined;
};
