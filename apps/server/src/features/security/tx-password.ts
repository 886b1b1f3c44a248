import type { Db } from '../../db/database.ts';
import type { SessionMember } from '../../http/calls.ts';
import { fieldRefusal, Refusal, TooManyRequests } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmac } from '../../lib/crypto.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';

const REMEMBER_MS = 5 * 60_000;
const WRONG_TRIES = 5;
const WRONG_WINDOW_MS = 15 * 60_000;

/**
 * Checks the transaction password. argon2id costs ~10 ms of CPU, so after a success the session remembers an
 * HMAC of (session, password) for 5 minutes and compares against it; parallel checks of the same pair share one
 * verification. A wrong password always takes the slow path and counts: after 5 in 15 minutes, every try is a 429.
 */
export function createTxPasswordGuard(deps: { db: Db; clock: Clock; limiter: RateLimiter; secret: Buffer }) {
  const remembered = new Map<string, number>();
  const inFlight = new Map<string, Promise<boolean>>();

  async function slowCheck(memberId: string, password: string): Promise<boolean> {
    const row = await deps.db
      .selectFrom('members')
      .select('tx_password_hash')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row?.tx_password_hash) throw new Refusal(422, 'tx_password_missing');
    return verifyPassword(row.tx_password_hash, password);
  }

  return {
    async verify(member: SessionMember, password: string, field = 'tx_password'): Promise<void> {
      const key = hmac(
        deps.secret,
        `${member.id}\n${member.tokenHash.toString('base64')}\n${member.txKey}\n${password}`,
      ).toString('base64');
      const until = remembered.get(key);
      if (until && until > deps.clock.now().getTime()) return;
      const limitKey = `txpw:${member.id}`;
      const wrong = await deps.limiter.count(limitKey);
      if (wrong.count >= WRONG_TRIES) throw new TooManyRequests(wrong.retryAfterSeconds);
      let check = inFlight.get(key);
      if (!check) {
        check = slowCheck(member.id, password).finally(() => inFlight.delete(key));
        inFlight.set(key, check);
      }
      if (!(await check)) {
        await deps.limiter.hit(limitKey, WRONG_TRIES, WRONG_WINDOW_MS);
        throw fieldRefusal(422, field, 'tx_password_wrong');
      }
      if (remembered.size > 100_000) remembered.clear();
      remembered.set(key, deps.clock.now().getTime() + REMEMBER_MS);
    },
  };
}

export type TxPasswordGuard = ReturnType<typeof createTxPasswordGuard>;
