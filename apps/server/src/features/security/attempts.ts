import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordSecurityEvent } from '../../platform/security-events.ts';

/**
 * Attempt counters for second factors (transaction password, TOTP). A try is counted BEFORE it is checked: one
 * atomic upsert reserves it (`tries + 1 ... WHERE tries < limit`), so N parallel guesses never get more than `limit`
 * checks; a right answer gives its try back. The try that fills the window and is wrong starts a lockout of a whole
 * window from then, recorded in `security_events`. The counters live in PostgreSQL, shared by every app server.
 */
export type FactorAttempts = ReturnType<typeof createFactorAttempts>;

export type Reservation = { tries: number; windowEnds: Date };

/** HH:MM (UTC) for messages; the exact instant goes in `data.locked_until`. */
export function clockTime(at: Date): string {
  return at.toISOString().slice(11, 16);
}

export function lockedOut(until: Date, now: Date): TooManyRequests {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new TooManyRequests(
    seconds,
    'factor_locked',
    { time: clockTime(until) },
    { locked_until: until.toISOString() },
  );
}

export function createFactorAttempts(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Reserves one try under `key`, or throws the 429 lockout (with until when). */
    async reserve(key: string, limit: number, windowMs: number): Promise<Reservation> {
      const now = clock.now();
      const ends = new Date(now.getTime() + windowMs);
      const row = await sql<{ tries: number; window_ends: Date }>`
        INSERT INTO factor_attempts AS a (key, tries, window_ends) VALUES (${key}, 1, ${ends})
        ON CONFLICT (key) DO UPDATE SET
          tries = CASE WHEN a.window_ends <= ${now} THEN 1 ELSE a.tries + 1 END,
          window_ends = CASE WHEN a.window_ends <= ${now} THEN ${ends} ELSE a.window_ends END
        WHERE a.window_ends <= ${now} OR a.tries < ${limit}
        RETURNING tries, window_ends`.execute(db);
      const got = row.rows[0];
      if (got) return { tries: got.tries, windowEnds: new Date(got.window_ends) };
      const held = await db
        .selectFrom('factor_attempts')
        .select('window_ends')
        .where('key', '=', key)
        .executeTakeFirst();
      throw lockedOut(held ? new Date(held.window_ends) : ends, now);
    },

    /** A right answer: its reserved try does not count. */
    async refund(key: string): Promise<void> {
      await db
        .updateTable('factor_attempts')
        .set({ tries: sql`greatest(tries - 1, 0)` })
        .where('key', '=', key)
        .execute();
    },

    /**
     * A wrong answer. When it was the last allowed try, the lockout runs a whole window from now and is recorded.
     * Returns the lockout's end, if one started.
     */
    async wrong(
      key: string,
      reservation: Reservation,
      limit: number,
      windowMs: number,
      event: { memberId: string | null; kind: string; ip?: string | null },
    ): Promise<Date | null> {
      if (reservation.tries < limit) return null;
      const until = new Date(clock.now().getTime() + windowMs);
      await db.updateTable('factor_attempts').set({ window_ends: until }).where('key', '=', key).execute();
      await recordSecurityEvent(db, {
        ...event,
        until,
        at: clock.now(),
        details: { tries: reservation.tries },
      });
      return until;
    },
  };
}
