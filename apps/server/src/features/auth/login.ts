import type { Config } from '../../config.ts';
import type { Deps } from '../../platform/deps.ts';
import { Refusal, TooManyRequests } from '../../lib/errors.ts';
import { loginFailures } from '../../platform/metrics.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { findByUserid } from '../../platform/members.ts';
import type { Sessions } from '../../platform/session-store.ts';

/**
 * Demo mode, for admins: the server may create the demo admin (DEMO_ADMIN=1, or any NODE_ENV but production; see
 * config.ts). There two-factor is offered to admins but optional; elsewhere an admin without it gets a session that
 * only enrols it (every admin call answers 403 admin_totp_required), and money actions always take a fresh code.
 */
export function adminTotpOptional(config: Config): boolean {
  return config.demoAdmin;
}

/** Logs a member in: at most N attempts a minute per userid and per IP, one answer for any wrong pair. */
export async function logIn(
  deps: Deps,
  sessions: Sessions,
  input: { username: string; password: string },
  meta: { ip: string; userAgent: string },
) {
  const perMinute = deps.config.limits.loginPerMinute;
  for (const key of [`login:u:${input.username.toLowerCase()}`, `login:ip:${meta.ip}`]) {
    const limit = await deps.limiter.hit(key, perMinute, 60_000);
    if (!limit.allowed) {
      loginFailures.inc({ reason: 'rate_limited' });
      throw new TooManyRequests(limit.retryAfterSeconds);
    }
  }
  const member = await findByUserid(deps.db, input.username);
  const stored = member?.password_hash ?? (await dummyHash());
  const valid = (await verifyPassword(stored, input.password)) && Boolean(member?.password_hash);
  if (!member || !valid) {
    loginFailures.inc({ reason: 'wrong_credentials' });
    throw new Refusal(422, 'login_failed');
  }
  if (member.status !== 'active') throw new Refusal(403, 'account_frozen');
  const { token, expiresAt } = await sessions.create(member.id, meta, adminTotpOptional(deps.config));
  return {
    token,
    expires_at: expiresAt.toISOString(),
    userInfo: {
      userid: member.userid,
      username: member.name || member.userid,
      rank: member.rank,
      role: member.role,
    },
  };
}
