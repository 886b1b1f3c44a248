import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { BotDealsTable, BotOrdersTable } from '../../db/schema-bots.ts';
import type { BotWithDeal } from './model.ts';

/**
 * The engine's SQL: a bot's errors and attempts, and the recording of its filled orders into deals. Each write is
 * guarded by the bot's action count, so a decision is recorded once.
 */

/** The limit order of this decision filled nothing: the next order of the bot gets the next key. */
export async function countAttempt(db: Conn, bot: BotWithDeal, now: Date): Promise<void> {
  await db
    .updateTable('bots')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('id', '=', bot.id)
    .where('actions', '=', bot.actions)
    .where('attempts', '=', bot.attempts)
    .execute();
}

/** Notes an error on the bot (its message key and values), stopping it when asked. */
export async function noteError(
  db: Conn,
  bot: BotWithDeal,
  error: { key: string; values: Record<string, string | number>; stop: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable('bots')
    .set({
      ...(error.stop ? { state: 'error' as const } : {}),
      error: error.key,
      error_values: JSON.stringify(
        Object.fromEntries(Object.entries(error.values).map(([k, v]) => [k, String(v)])),
      ),
      updated_at: now,
    })
    .where('id', '=', bot.id)
    .where('actions', '=', bot.actions)
    .execute();
}

/** Counts the bot's action and clears its error; false when another recording counted it first. */
export async function claimAction(db: Conn, bot: BotWithDeal, now: Date): Promise<boolean> {
  const claimed = await db
    .updateTable('bots')
    .set((eb) => ({
      actions: eb('actions', '+', 1),
      attempts: 0,
      error: '',
      error_values: '{}',
      updated_at: now,
    }))
    .where('id', '=', bot.id)
    .where('actions', '=', bot.actions)
    .executeTakeFirst();
  return claimed.numUpdatedRows !== 0n;
}

export async function insertDeal(db: Conn, values: Insertable<BotDealsTable>): Promise<string> {
  const made = await db.insertInto('bot_deals').values(values).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

/** A safety order filled: the deal grows by what it bought or sold. */
export async function growDeal(
  db: Conn,
  dealId: string,
  fill: { filled: bigint; value: bigint; fee: bigint },
): Promise<void> {
  await db
    .updateTable('bot_deals')
    .set((eb) => ({
      size: eb('size', '+', fill.filled.toString()),
      cost: eb('cost', '+', fill.value.toString()),
      fees: eb('fees', '+', fill.fee.toString()),
      safety_filled: eb('safety_filled', '+', 1),
    }))
    .where('id', '=', dealId)
    .execute();
}

/** A close filled in part: the deal shrinks by the part, whose gain is realized. */
export async function shrinkDeal(
  db: Conn,
  dealId: string,
  part: { filled: bigint; cost: bigint; gain: bigint; fee: bigint },
): Promise<void> {
  await db
    .updateTable('bot_deals')
    .set((eb) => ({
      size: eb('size', '-', part.filled.toString()),
      cost: eb('cost', '-', part.cost.toString()),
      realized: eb('realized', '+', part.gain.toString()),
      fees: eb('fees', '+', part.fee.toString()),
    }))
    .where('id', '=', dealId)
    .execute();
}

/** The deal closed with its profit, which the bot adds to its own. */
export async function closeDeal(
  db: Conn,
  botId: string,
  dealId: string,
  close: { reason: string; price: string; fees: bigint; pnl: bigint; at: Date },
): Promise<void> {
  await db
    .updateTable('bot_deals')
    .set({
      state: 'closed',
      close_reason: close.reason,
      close_price: close.price,
      fees: close.fees.toString(),
      pnl: close.pnl.toString(),
      closed_at: close.at,
    })
    .where('id', '=', dealId)
    .execute();
  await db
    .updateTable('bots')
    .set((eb) => ({
      deals_closed: eb('deals_closed', '+', 1),
      profit: eb('profit', '+', close.pnl.toString()),
    }))
    .where('id', '=', botId)
    .execute();
}

export async function insertBotOrder(db: Conn, values: Insertable<BotOrdersTable>): Promise<void> {
  await db.insertInto('bot_orders').values(values).execute();
}
