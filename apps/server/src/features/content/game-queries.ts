import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';

/** The check-in game's SQL: the members' check-ins and what the pool paid in all (migration 0012). */

/** What the game paid in all; `lock` holds it until the check-in's transaction ends. */
export async function paidInAll(db: Conn, lock = false): Promise<bigint> {
  const row = await db
    .selectFrom('game_pool')
    .select('paid')
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return BigInt(row.paid);
}

/** The member's last 7 check-ins, latest first, each with the member's total. */
export function recentCheckins(db: Conn, memberId: string) {
  return (
    db
      .selectFrom('game_checkins')
      // The member's total rides on the recent rows (a window sum is taken before the limit).
      .select([
        sql<string>`day::text`.as('day'),
        'amount',
        'streak',
        sql<string>`sum(amount) over ()`.as('total'),
      ])
      .where('member_id', '=', memberId)
      .orderBy('day', 'desc')
      .limit(7)
      .execute()
  );
}

/** Whether the member checked in on the day. */
export async function checkedInOn(db: Conn, memberId: string, day: string): Promise<boolean> {
  const done = await db
    .selectFrom('game_checkins')
    .select('day')
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .executeTakeFirst();
  return Boolean(done);
}

/** The streak the member reached on the day, if they checked in then. */
export async function streakOn(tx: Tx, memberId: string, day: string): Promise<number | undefined> {
  const row = await tx
    .selectFrom('game_checkins')
    .select('streak')
    .where('member_id', '=', memberId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.streak;
}

/** Records the check-in and adds its reward to what the pool paid. */
export async function recordCheckin(tx: Tx, memberId: string, day: string, streak: number, amount: bigint) {
  await tx
    .insertInto('game_checkins')
    .values({ member_id: memberId, day, streak, amount: amount.toString() })
    .execute();
  await tx
    .updateTable('game_pool')
    .set({ paid: sql`paid + ${amount.toString()}::bigint` })
    .execute();
}

/** How many members checked in on the day. */
export async function playersOn(db: Conn, day: string): Promise<number> {
  const players = await db
    .selectFrom('game_checkins')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(players.n);
}
