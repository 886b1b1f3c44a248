import { TAC_RESEND_SECONDS, TAC_TTL_SECONDS } from '@mp/contract';
import { inTransaction } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { fieldRefusal, TooManyRequests } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { memberDestination } from '../members/index.ts';
import { findByUserid } from '../../platform/members.ts';
import { setLoginPassword } from '../../platform/member-store.ts';
import { checkNewPassword } from '../members/index.ts';
import { securityEventsChanged } from '../../platform/security-hold.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';
import type { Sessions } from '../../platform/session-store.ts';
import type { Tacs } from '../../platform/tac.ts';

const TEN_MINUTES_MS = 600_000;
const DAY_MS = 86_400_000;

/** A member who can be sent a reset code, or null (no such member, not a member, no contact): callers cannot tell. */
async function resettableMember(deps: Deps, username: string) {
  const member = await findByUserid(deps.db, username);
  if (member?.role !== 'member') return null;
  const to = memberDestination(member);
  return to ? { member, to } : null;
}

/**
 * Sends a password-reset code. The answer is the same whether or not the account exists (no destination, one
 * message), and so are the limits: per user name, `tacPer10Minutes` per 10 minutes and `resetCodesPerDay` per day,
 * counted before the look-up; the per-destination limit of `tacs.issue` applies as well.
 */
export async function sendResetCode(
  deps: Deps,
  tacs: Tacs,
  username: string,
  lang: Parameters<Tacs['issue']>[2],
) {
  const who = username.trim().toLowerCase();
  const limits: [string, number, number][] = [
    [`reset:10m:${who}`, deps.config.limits.tacPer10Minutes, TEN_MINUTES_MS],
    [`reset:day:${who}`, deps.config.resetCodesPerDay ?? 5, DAY_MS],
  ];
  for (const [key, limit, windowMs] of limits) {
    const hit = await deps.limiter.hit(key, limit, windowMs);
    if (!hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
  }
  const found = await resettableMember(deps, username);
  if (found) await tacs.issue('reset_password', found.to, lang, found.member.id);
  return { destination: '', expires_in: TAC_TTL_SECONDS, resend_in: TAC_RESEND_SECONDS };
}

/** A wrong or unknown user name is refused exactly like a wrong code. */
export async function resetPassword(
  deps: Deps,
  tacs: Tacs,
  sessions: Sessions,
  input: { username: string; tac: string; password: string; confirm_password: string },
  ip?: string,
) {
  checkNewPassword(input.password, input.confirm_password, 'password', 'confirm_password');
  const found = await resettableMember(deps, input.username);
  if (!found) throw fieldRefusal(422, 'tac', 'tac_invalid');
  const { member, to } = found;
  const hash = await hashPassword(input.password);
  await inTransaction(deps.db, async (tx) => {
    await tacs.consume(tx, 'reset_password', to.address, input.tac, 'tac', ip);
    await setLoginPassword(tx, member.id, hash, deps.clock.now());
    await recordSecurityEvent(tx, { memberId: member.id, kind: 'password_reset', ip, at: deps.clock.now() });
    securityEventsChanged(deps.db, member.id);
  });
  await sessions.revokeAll(member.id);
}
