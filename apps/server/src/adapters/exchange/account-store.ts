import type { Conn } from '../../db/database.ts';

// The one writer of `trading_accounts` (issue 26): a paper account made on first use, an exchange account connected
// and its keys forgotten, the keys re-sealed by rotate-keys, the bots' budget and a paper reset. It lives in the
// exchange adapter because the paper exchange writes the row too and an adapter imports no feature. Each statement
// takes the caller's database or transaction, so the caller keeps its transaction, row locks and order.

/** A member's paper account on a venue, made at the clock's time; nothing when one was made meanwhile. */
export function insertPaperAccount(
  db: Conn,
  a: { memberId: string; venue: string; start: bigint; now: Date },
) {
  return db
    .insertInto('trading_accounts')
    .values({
      member_id: a.memberId,
      kind: 'paper',
      venue: a.venue,
      start_balance: a.start.toString(),
      key_box: null,
      created_at: a.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'venue']).where('kind', '=', 'paper').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function insertExchangeAccount(
  db: Conn,
  a: { memberId: string; venue: string; label: string; keyHint: string; keyBox: Buffer },
) {
  return db
    .insertInto('trading_accounts')
    .values({
      member_id: a.memberId,
      kind: 'exchange',
      venue: a.venue,
      label: a.label,
      key_hint: a.keyHint,
      key_box: a.keyBox,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Forgets an exchange account's keys; false when the member has no such account. */
export async function deleteExchangeAccount(db: Conn, id: string, memberId: string): Promise<boolean> {
  const gone = await db
    .updateTable('trading_accounts')
    .set({ deleted_at: new Date(), key_box: Buffer.alloc(0), key_hint: '' })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'exchange')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return gone.numUpdatedRows !== 0n;
}

/** The keys sealed anew (rotate-keys), only while the box is still `old`; false when its writer changed it. */
export async function resealExchangeKeys(
  db: Conn,
  id: string,
  old: Buffer,
  sealed: Buffer,
): Promise<boolean> {
  const done = await db
    .updateTable('trading_accounts')
    .set({ key_box: sealed })
    .where('id', '=', id)
    .where('key_box', '=', old)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** The all-in-one budget over the account's running bots (null: none). */
export async function setBotBudget(db: Conn, accountId: string, budget: bigint | null): Promise<void> {
  await db
    .updateTable('trading_accounts')
    .set({ bot_budget: budget?.toString() ?? null })
    .where('id', '=', accountId)
    .execute();
}

/** A paper reset counted, with the starting balance it restored; the count after it. */
export async function recordPaperReset(db: Conn, accountId: string, resets: number, startBalance: bigint) {
  const updated = await db
    .updateTable('trading_accounts')
    .set({ resets, start_balance: startBalance.toString() })
    .where('id', '=', accountId)
    .returning('resets')
    .executeTakeFirstOrThrow();
  return updated.resets;
}
