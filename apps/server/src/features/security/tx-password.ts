import type { Db } from '../../db/database.ts';
import type { SessionMember } from '../../http/calls.ts';
import { fieldRefusal, Refusal, TooManyRequests } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmac } from '../../lib/crypto.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

const REMEMBER_MS = 5 * 60_000;
const SLOW_TRIES = 5;
const SLOW_WINDOW_MS = 15 * 60_000;

/**
 * Checks the transaction password. argon2id costs ~10 ms of CPU, so after a success the session remembers an
 * HMAC of (session, password) for 5 minutes and compares against it. Every slow check counts: 5 in 15 minutes per
 * member, then 429 — a wrong password always takes the slow path, so guessing is limited.
 */
export function createTxPasswordGuard(deps: { db: Db; clock: Clock; limiter: RateLimiter; secret: Buffer }) {
  const remembered = new Map<string, number>();
  return {
    async verify(member: SessionMember, password: string, field = 'tx_password'): Promise<void> {
      const key = hmac(deps.secret, `${member.tokenHash.toString('base64')}\n${password}`).toString('base64');
      const now = deps.clock.now().getTime();
      const until = remembered.get(key);
      if (until && until > now) return;
      const limit = await deps.limiter.hit(`txpw:${member.id}`, SLOW_TRIES, SLOW_WINDOW_MS);
      if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
      const row = await deps.db.selectFrom('members').select('tx_password_hash').where('id', '=', member.id).executeTakeFirst();
      if (!row?.tx_password_hash) throw new Refusal(422, 'tx_password_missing');
      if (!(await verifyPassword(row.tx_password_hash, password))) throw fieldRefusal(422, field, 'tx_password_wrong');
      if (remembered.size > 100_000) remembered.clear();
      remembered.set(key, now + REMEMBER_MS);
    },
  };
}

export type TxPasswordGuard = ReturnType<typeof createTxPasswordGuard>;
