import type { AssetCode, adminShopOrderUpdate, Language, ParsedRequestOf, WalletKind } from '@mp/contract';
import { sql } from 'kysely';
import { inTransaction, type Tx } from '../../db/database.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import {
  InsufficientFunds,
  memberAccount,
  type OperationContext,
  platformAccount,
} from '../../ledger/index.ts';
import type { Leg } from '../../ledger/post.ts';
import type { PlatformAccount } from '../../ledger/accounts.ts';
import { audit } from '../../platform/audit.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { releaseShopVoucher } from '../mining/index.ts';
import { orderView } from './orders.ts';
import { addStock, orderQuery } from './queries.ts';

type Action = ParsedRequestOf<typeof adminShopOrderUpdate>['action'];

/** Which states each action moves an order from, and to. Kept orders are in the member's inventory: not shipped. */
const STEPS: Record<Action, { from: string[]; to: string }> = {
  pack: { from: ['paid'], to: 'packed' },
  ship: { from: ['paid', 'packed'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  cancel: { from: ['paid', 'packed'], to: 'cancelled' },
};

/**
 * An admin moves an order on, or cancels it. A cancellation is one ledger operation, once per order: the member
 * gets the payment back in the wallet it came from, the sponsor and level bonuses paid on it go back from the
 * earners' wallets (if one was spent, nothing happens and the admin is told who), and the stock returns.
 */
export async function updateShopOrder(
  d: MoneyDeps,
  admin: SessionMember,
  input: ParsedRequestOf<typeof adminShopOrderUpdate>,
  lang?: Language,
) {
  const id = numericId(input.order_id, fieldRefusal(404, 'order_id', 'shop_order_unknown'));
  const now = d.clock.now();
  if (input.action === 'ship' && (!input.carrier || !input.tracking_no))
    throw fieldRefusal(422, input.carrier ? 'tracking_no' : 'carrier', 'shop_tracking_required');

  if (input.action !== 'cancel') {
    await moveOrder(d, admin, id, input, now);
    return {
      order: orderView(await orderQuery(d.db).where('o.id', '=', id).executeTakeFirstOrThrow(), lang),
    };
  }

  const order = await orderToCancel(d, id);
  if (!order) throw fieldRefusal(404, 'order_id', 'shop_order_unknown');
  if (order.source === 'redeem') {
    await cancelRedeem(d, admin, order.id, input.note ?? '');
    return {
      order: orderView(await orderQuery(d.db).where('o.id', '=', order.id).executeTakeFirstOrThrow(), lang),
    };
  }
  await d.ledger.operation(
    {
      key: `shop-cancel:${order.id}`,
      kind: 'shop_refund',
      memberId: order.member_id,
      request: { order: order.id },
    },
    (op) => cancelPaidOrder(op, admin, order, input.note ?? '', now),
  );
  return {
    order: orderView(await orderQuery(d.db).where('o.id', '=', order.id).executeTakeFirstOrThrow(), lang),
  };
}

/** Packs, ships or delivers an order if it is in a state the action moves it from, with its event and audit. */
async function moveOrder(
  d: MoneyDeps,
  admin: SessionMember,
  id: string,
  input: ParsedRequestOf<typeof adminShopOrderUpdate>,
  now: Date,
) {
  const step = STEPS[input.action];
  await d.db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('shop_orders')
      .set({
        state: step.to as 'packed',
        updated_at: now,
        ...(input.action === 'ship' ? { carrier: input.carrier!, tracking_no: input.tracking_no! } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', step.from as 'paid'[])
      .returning('id')
      .executeTakeFirst();
    if (!moved) {
      const exists = await tx.selectFrom('shop_orders').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw fieldRefusal(404, 'order_id', 'shop_order_unknown');
      throw fieldRefusal(409, 'action', 'shop_order_wrong_state');
    }
    const note =
      input.action === 'ship'
        ? `${input.carrier} ${input.tracking_no}${input.note ? ` · ${input.note}` : ''}`
        : (input.note ?? '');
    await tx
      .insertInto('shop_order_events')
      .values({ order_id: id, state: step.to, note, by_admin: admin.id, at: now })
      .execute();
    await audit(tx, admin.id, `shop_order_${input.action}`, `shop_order:${id}`, {
      carrier: input.carrier ?? '',
      tracking_no: input.tracking_no ?? '',
      note: input.note ?? '',
    });
  });
}

function orderToCancel(d: MoneyDeps, id: string) {
  return d.db
    .selectFrom('shop_orders')
    .select(['id', 'order_no', 'member_id', 'asset', 'wallet', 'total', 'state', 'source'])
    .where('id', '=', id)
    .executeTakeFirst();
}

type OrderToCancel = NonNullable<Awaited<ReturnType<typeof orderToCancel>>>;
type PaidBonus = {
  amount: string;
  asset: string;
  member_id: string;
  userid: string;
  wallet: string;
  platform: string;
};

/**
 * A paid order cancelled inside its ledger operation: refunded, its bonuses taken back, its stock returned and its
 * voucher released, once (the order's row is locked and its state checked first).
 */
async function cancelPaidOrder(
  op: OperationContext,
  admin: SessionMember,
  order: OrderToCancel,
  note: string,
  now: Date,
) {
  const locked = await op.tx
    .selectFrom('shop_orders')
    .select('state')
    .where('id', '=', order.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!STEPS.cancel.from.includes(locked.state)) throw fieldRefusal(409, 'action', 'shop_order_wrong_state');
  const bonuses = await bonusesPaidOn(op.tx, order.order_no);
  try {
    await op.post(refundLegs(order, bonuses));
  } catch (err) {
    if (err instanceof InsufficientFunds) {
      const who = bonuses[0]?.userid ?? '';
      throw fieldRefusal(409, 'order_id', 'shop_bonus_spent', { userid: who });
    }
    throw err;
  }
  await returnStock(op.tx, order.id);
  await releaseShopVoucher(op.tx, order.id);
  await op.tx
    .updateTable('shop_orders')
    .set({ state: 'cancelled', refund_operation_id: op.operationId, updated_at: now })
    .where('id', '=', order.id)
    .execute();
  await op.tx
    .insertInto('shop_order_events')
    .values({ order_id: order.id, state: 'cancelled', note, by_admin: admin.id, at: now })
    .execute();
  await audit(op.tx, admin.id, 'shop_order_cancel', `shop_order:${order.id}`, {
    refund: order.total,
    asset: order.asset as AssetCode,
    bonuses_reversed: bonuses.length,
    note,
  });
  return 'cancelled';
}

/**
 * The bonuses paid with the purchase, to be taken back from the same accounts. The reference's pattern is the
 * predicate of the index that finds them (migration 0047), repeated so the planner can use it.
 */
async function bonusesPaidOn(tx: Tx, orderNo: string): Promise<PaidBonus[]> {
  const bonuses = await sql<PaidBonus>`
      SELECT ca.id::text AS account_id, t.amount::text, t.asset, ca.member_id::text, m.userid, ca.wallet, da.platform
      FROM ledger_transfers t
      JOIN ledger_accounts ca ON ca.id = t.credit_account_id
      JOIN ledger_accounts da ON da.id = t.debit_account_id
      JOIN members m ON m.id = ca.member_id
      WHERE t.reference = ${`purchase:shop:${orderNo}`} AND t.reference LIKE 'purchase:shop:%'
        AND t.kind LIKE 'bonus_%'`.execute(tx);
  return bonuses.rows;
}

/** The member's payment back to the wallet it came from, and each bonus back from its earner. */
function refundLegs(order: OrderToCancel, bonuses: PaidBonus[]): Leg[] {
  const asset = order.asset as AssetCode;
  return [
    {
      debit: platformAccount('shop_revenue', asset),
      credit: memberAccount(order.member_id, order.wallet as WalletKind, asset),
      amount: BigInt(order.total),
      kind: 'shop_refund',
      reference: order.order_no,
      details: { order: order.order_no },
    },
    ...bonuses.map((b) => ({
      debit: memberAccount(b.member_id, b.wallet as WalletKind, b.asset as AssetCode),
      credit: platformAccount(b.platform as PlatformAccount, b.asset as AssetCode),
      amount: BigInt(b.amount),
      kind: 'bonus_reversal',
      reference: `purchase:shop:${order.order_no}`,
      details: { order: order.order_no, reason: 'order cancelled' },
    })),
  ];
}

/** The cancelled order's goods back on the shelf: stock up, sold down, in product order. */
async function returnStock(tx: Tx, orderId: string) {
  const items = await tx
    .selectFrom('shop_order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .execute();
  for (const i of items)
    await tx
      .updateTable('shop_products')
      .set((eb) => ({ stock: eb('stock', '+', i.quantity), sold: eb('sold', '-', i.quantity) }))
      .where('id', '=', i.product_id)
      .execute();
}

/** A redeemed order cancelled: its goods go back to the member's inventory, once (a second cancel changes nothing). */
async function cancelRedeem(d: MoneyDeps, admin: SessionMember, orderId: string, note: string) {
  await inTransaction(d.db, async (tx) => {
    const o = await tx
      .selectFrom('shop_orders')
      .select(['state', 'member_id'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (o.state === 'cancelled') return;
    if (!STEPS.cancel.from.includes(o.state)) throw fieldRefusal(409, 'action', 'shop_order_wrong_state');
    const now = d.clock.now();
    const items = await tx
      .selectFrom('shop_order_items')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', orderId)
      .execute();
    for (const i of items)
      await addStock(tx, {
        memberId: o.member_id,
        productId: i.product_id,
        quantity: i.quantity,
        kind: 'returned',
        orderId,
        at: now,
      });
    await tx
      .updateTable('shop_orders')
      .set({ state: 'cancelled', updated_at: now })
      .where('id', '=', orderId)
      .execute();
    await tx
      .insertInto('shop_order_events')
      .values({ order_id: orderId, state: 'cancelled', note, by_admin: admin.id, at: now })
      .execute();
    await audit(tx, admin.id, 'shop_order_cancel', `shop_order:${orderId}`, { redeemed: true, note });
  });
}
