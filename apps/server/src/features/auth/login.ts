import type { Deps } from '../../deps.ts';
import { Refusal, TooManyRequests } from '../../http/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { findByUserid } from '../members/queries.ts';
import type { Sessions } from './sessions.ts';

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
    if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
  }
  const member = await findByUserid(deps.db, input.username);
  const stored = member?.password_hash ?? (await dummyHash());
  const valid = (await verifyPassword(stored, input.password)) && Boolean(member?.password_hash);
  if (!member || !valid) throw new Refusal(422, 'login_failed');
  if (member.status !== 'active') throw new Refusal(403, 'account_frozen');
  const { token, expiresAt } = await sessions.create(member.id, meta);
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
