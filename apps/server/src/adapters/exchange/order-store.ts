import type { Insertable, Updateable } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';
import type { TradeOrdersTable } from '../../db/schema-trading.ts';
import type { MarketDef } from './markets.ts';
import { KeyUsed, type OrderRow, priceStr } from './paper-common.ts';
import type { FillResult } from './paper-orders.ts';

// The one writer of `trade_orders` (issue 26), besides the `paper_place` SQL function that stores a placed paper
// order: the paper exchange's orders (stored, filled, cancelled, rejected) and the orders sent to a real exchange
// (kept while sending, then brought up to date, or dropped when the exchange refused). Each statement takes the
// caller's database or transaction, so the caller keeps its transaction, row locks and order.

/** Stores a new order row of this account; a key used before throws KeyUsed (the transaction rolls back). */
export async function insertOrder(tx: Tx, row: Omit<OrderRow, 'id'>): Promise<OrderRow> {
  const made = await tx
    .insertInto('trade_orders')
    .values(row)
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!made) throw new KeyUsed();
  return made;
}

/** A resting order (locked) filled whole at `price`: what it held is no longer reserved. */
export async function markFilled(
  tx: Tx,
  row: OrderRow,
  def: MarketDef,
  price: bigint,
  fill: FillResult,
  now: Date,
): Promise<OrderRow> {
  return tx
    .updateTable('trade_orders')
    .set({
      filled: row.amount,
      avg_price: priceStr(price, def),
      fee: fill.fee.toString(),
      pnl: fill.pnl === null ? null : fill.pnl.toString(),
      reserved: '0',
      state: 'filled',
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A resting paper order (locked) cancelled by its member: it holds nothing any more. */
export function cancelOrder(tx: Tx, id: string, now: Date): Promise<OrderRow> {
  return tx
    .updateTable('trade_orders')
    .set({ state: 'cancelled', reserved: '0', updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A paper reset: every open order of the account cancelled, holding nothing. */
export async function cancelOpenOrdersForReset(tx: Tx, accountId: string, now: Date): Promise<void> {
  await tx
    .updateTable('trade_orders')
    .set({ state: 'cancelled', reason: 'reset', reserved: '0', updated_at: now })
    .where('account_id', '=', accountId)
    .where('state', '=', 'open')
    .execute();
}

/** A resting paper order (locked) that could not fill when reached; it holds nothing any more. */
export async function rejectOrder(tx: Tx, id: string, reason: string, now: Date): Promise<void> {
  await tx
    .updateTable('trade_orders')
    .set({ state: 'rejected', reason, reserved: '0', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * An order on its way to the exchange: kept under the member's key, or nothing when the key is taken (then the
 * first order with it answers).
 */
export function insertSendingOrder(db: Conn, values: Insertable<TradeOrdersTable>) {
  return db
    .insertInto('trade_orders')
    .values(values)
    .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Claims an order still 'sending' since before `before` (its call is over); nothing when another retry has it. */
export function claimUnanswered(db: Conn, id: string, before: Date) {
  return db
    .updateTable('trade_orders')
    .set({ updated_at: new Date() })
    .where('id', '=', id)
    .where('reason', '=', 'sending')
    .where('updated_at', '<', before)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteOrder(db: Conn, id: string): Promise<void> {
  await db.deleteFrom('trade_orders').where('id', '=', id).execute();
}

export function updateOrder(db: Conn, id: string, changes: Updateable<TradeOrdersTable>) {
  return db
    .updateTable('trade_orders')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
