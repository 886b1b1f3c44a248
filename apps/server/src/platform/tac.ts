import {
  type Language,
  TAC_LENGTH,
  TAC_MAX_WRONG_TRIES,
  TAC_RESEND_SECONDS,
  TAC_TTL_SECONDS,
  translate,
} from '@mp/contract';
import { sql } from 'kysely';
import type { Conn, Db } from '../db/database.ts';
import { fieldRefusal, TooManyRequests } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { hmac, randomDigits, sameBytes } from '../lib/crypto.ts';
import type { RateLimiter } from '../lib/rate-limit.ts';
import type { Notifier } from './notifier.ts';
import { recordSecurityEvent } from './security-events.ts';

export type Destination = { channel: 'email' | 'sms'; address: string };

/** Hides most of an address for display: j***@example.com, +60******789. */
export function maskDestination(d: Destination): string {
  if (d.channel === 'email') {
    const [user = '', domain = ''] = d.address.split('@');
    return `${user.slice(0, 1)}***@${domain}`;
  }
  return `${d.address.slice(0, 3)}******${d.address.slice(-3)}`;
}

export type Tacs = ReturnType<typeof createTacs>;

/**
 * Verification codes (TAC): 6 digits, 10 minutes, single use, at most 5 wrong tries, at most
 * `perTenMinutes` requests per destination. Only an HMAC of the code is stored.
 */
export function createTacs(deps: {
  db: Db;
  clock: Clock;
  notifier: Notifier;
  limiter: RateLimiter;
  secret: Buffer;
  perTenMinutes: number;
}) {
  const { db, clock, notifier, limiter, secret } = deps;
  const codeHash = (purpose: string, destination: string, code: string) =>
    hmac(secret, `${purpose}\n${destination}\n${code}`);

  return {
    async issue(purpose: string, to: Destination, lang: Language, memberId: string | null = null) {
      const limit = await limiter.hit(`tac:${to.address.toLowerCase()}`, deps.perTenMinutes, 600_000);
      if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds);
      const code = randomDigits(TAC_LENGTH);
      const now = clock.now();
      await db
        .insertInto('verification_codes')
        .values({
          purpose,
          destination: to.address.toLowerCase(),
          member_id: memberId,
          code_hash: codeHash(purpose, to.address.toLowerCase(), code),
          created_at: now,
          expires_at: new Date(now.getTime() + TAC_TTL_SECONDS * 1000),
          used_at: null,
        })
        .execute();
      await notifier.send({
        channel: to.channel,
        destination: to.address,
        subject: translate('tac_subject', lang),
        body: translate('tac_body', lang, { code }),
      });
      return { destination: maskDestination(to), expires_in: TAC_TTL_SECONDS, resend_in: TAC_RESEND_SECONDS };
    },

    /**
     * Checks a code and uses it up inside `tx`, so that a refused operation leaves the code unused.
     * Every try is counted BEFORE the check (an atomic `wrong_tries + 1 ... WHERE wrong_tries < 5`, outside `tx`, so it
     * sticks even when the operation rolls back): parallel guesses get at most 5 checks per code. A right code gives
     * its try back. After the 5th wrong try the code is dead: a 422 `tac_locked` on the field asks for a new one (the form shows it
     * where the code is typed), and the lockout is recorded.
     * `ip`: the caller's address, recorded with a lockout.
     */
    async consume(tx: Conn, purpose: string, address: string, code: string, field = 'tac', ip?: string) {
      const destination = address.toLowerCase();
      const now = clock.now();
      const latest = await db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'wrong_tries', 'expires_at', 'used_at', 'member_id'])
        .where('purpose', '=', purpose)
        .where('destination', '=', destination)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest || latest.used_at || new Date(latest.expires_at).getTime() <= now.getTime())
        throw fieldRefusal(422, field, 'tac_invalid');
      const reserved = await db
        .updateTable('verification_codes')
        .set({ wrong_tries: sql`wrong_tries + 1` })
        .where('id', '=', latest.id)
        .where('used_at', 'is', null)
        .where('wrong_tries', '<', TAC_MAX_WRONG_TRIES)
        .returning('wrong_tries')
        .executeTakeFirst();
      if (!reserved) {
        const row = await db
          .selectFrom('verification_codes')
          .select(['wrong_tries', 'used_at'])
          .where('id', '=', latest.id)
          .executeTakeFirst();
        if (!row?.used_at && (row?.wrong_tries ?? 0) >= TAC_MAX_WRONG_TRIES)
          throw fieldRefusal(422, field, 'tac_locked');
        throw fieldRefusal(422, field, 'tac_invalid');
      }
      if (!sameBytes(latest.code_hash, codeHash(purpose, destination, code))) {
        if (reserved.wrong_tries >= TAC_MAX_WRONG_TRIES) {
          await recordSecurityEvent(db, {
            memberId: latest.member_id,
            kind: purpose === 'reset_password' ? 'lockout_reset_code' : 'lockout_tac',
            ip,
            until: new Date(latest.expires_at),
            at: clock.now(),
            details: { purpose, tries: reserved.wrong_tries },
          });
        }
        throw fieldRefusal(422, field, 'tac_invalid');
      }
      await db
        .updateTable('verification_codes')
        .set({ wrong_tries: sql`greatest(wrong_tries - 1, 0)` })
        .where('id', '=', latest.id)
        .execute();
      const used = await tx
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', latest.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows === 0n) throw fieldRefusal(422, field, 'tac_invalid');
    },
  };
}

/**
 * Retention (issue 28): deletes up to `limit` codes made before `before` (the oldest first); returns how many. A code
 * lives ten minutes: an old one only tells who asked for a code when, which security_events keeps where it matters.
 */
export async function purgeCodes(db: Conn, before: Date, limit: number): Promise<number> {
  const gone = await db
    .deleteFrom('verification_codes')
    .where(
      'id',
      'in',
      db
        .selectFrom('verification_codes')
        .select('id')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
