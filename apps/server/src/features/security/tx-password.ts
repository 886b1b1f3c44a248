import type { Db } from '../../db/database.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { hmac } from '../../lib/crypto.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { TxPasswordGuard } from '../../platform/factors.ts';
import { createFactorAttempts } from './attempts.ts';

const REMEMBER_MS = 5 * 60_000;
export const TX_PASSWORD_WRONG_TRIES = 5;
export const TX_PASSWORD_WINDOW_MS = 15 * 60_000;

/**
 * Checks the transaction password. argon2id costs ~10 ms of CPU, so after a success the session remembers an
 * HMAC of (session, password) for 5 minutes and compares against it; parallel checks of the same pair share one
 * verification. Every slow check first reserves a try (5 per 15 minutes per member, atomically in PostgreSQL), so
 * parallel guesses cannot get past the limit; a right password gives its try back. After the 5th wrong try every
 * try is a 429 saying until when, and the lockout is recorded for admins.
 */
export function createTxPasswordGuard(deps: {
  db: Db;
  clock: Clock;
  /** No longer used: the counters live in PostgreSQL (factor_attempts). */
  limiter?: RateLimiter;
  secret: Buffer;
}): TxPasswordGuard {
  const attempts = createFactorAttempts(deps);
  const remembered = new Map<string, number>();
  const inFlight = new Map<string, Promise<boolean>>();

  async function slowCheck(memberId: string, password: string, ip: string | null): Promise<boolean> {
    const row = await deps.db
      .selectFrom('members')
      .select('tx_password_hash')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row?.tx_password_hash) throw new Refusal(422, 'tx_password_missing');
    const key = `txpw:${memberId}`;
    const reservation = await attempts.reserve(key, TX_PASSWORD_WRONG_TRIES, TX_PASSWORD_WINDOW_MS);
    let right = false;
    try {
      right = await verifyPassword(row.tx_password_hash, password);
    } finally {
      if (right) await attempts.refund(key);
      else
        await attempts.wrong(key, reservation, TX_PASSWORD_WRONG_TRIES, TX_PASSWORD_WINDOW_MS, {
          memberId,
          kind: 'lockout_tx_password',
          ip,
        });
    }
    return right;
  }

  return {
    /** `ip`: the caller's address, recorded with a lockout. */
    async verify(member: SessionMember, password: string, field = 'tx_password', ip?: string): Promise<void> {
      const key = hmac(
        deps.secret,
        `${member.id}\n${member.tokenHash.toString('base64')}\n${member.txKey}\n${password}`,
      ).toString('base64');
      const until = remembered.get(key);
      if (until && until > deps.clock.now().getTime()) return;
      let check = inFlight.get(key);
      if (!check) {
        check = slowCheck(member.id, password, ip ?? null).finally(() => inFlight.delete(key));
        inFlight.set(key, check);
      }
      if (!(await check)) throw fieldRefusal(422, field, 'tx_password_wrong');
      if (remembered.size > 100_000) remembered.clear();
      remembered.set(key, deps.clock.now().getTime() + REMEMBER_MS);
    },
  };
}
