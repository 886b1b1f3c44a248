import type { adminWdList, ParsedRequestOf } from '@mp/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { withdrawalQuery } from './service.ts';

/** The withdrawal lists' SQL (the member's history, the admin's list with its totals) and unbinding an address. */

/** A page of the member's withdrawals, latest first, and how many they have in all. */
export async function memberWithdrawalsPage(db: Db, memberId: string, page: number, pagesize: number) {
  const base = withdrawalQuery(db).where('w.member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .orderBy('w.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type WithdrawalFilter = {
  status: ParsedRequestOf<typeof adminWdList>['status'];
  memberId: string | undefined;
  /** Created on or after this day's start. */
  fromDay: Date | undefined;
  /** Created before the end of this day. */
  toDay: Date | undefined;
};

/** A page of every member's withdrawals that match, latest first, with the count and sums of all that match. */
export async function adminWithdrawalsPage(db: Db, f: WithdrawalFilter, page: number, pagesize: number) {
  let filtered = db.selectFrom('withdrawals as w');
  if (f.status) filtered = filtered.where('w.status', '=', f.status);
  if (f.memberId) filtered = filtered.where('w.member_id', '=', f.memberId);
  if (f.fromDay) filtered = filtered.where('w.created_at', '>=', f.fromDay);
  if (f.toDay) filtered = filtered.where('w.created_at', '<', new Date(f.toDay.getTime() + 86_400_000));
  const ids = filtered.select('w.id');
  const [rows, totals] = await Promise.all([
    withdrawalQuery(db)
      .where('w.id', 'in', ids)
      .orderBy('w.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    filtered
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(w.amount), 0)::text`.as('amount'),
        sql<string>`coalesce(sum(w.fee), 0)::text`.as('fee'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totals };
}

/** Removes the member's withdrawal address; the removed row, if there was one. */
export function deleteAddress(tx: Tx, memberId: string) {
  return tx
    .deleteFrom('withdraw_addresses')
    .where('member_id', '=', memberId)
    .returningAll()
    .executeTakeFirst();
}
