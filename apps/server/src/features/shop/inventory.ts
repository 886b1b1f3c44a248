import {
  INVENTORY_RECORD_KINDS,
  type inventoryRedeem,
  type inventoryStock,
  type inventoryTransferCheck,
  type inventoryTransferSave,
  type Language,
  type ParsedRequestOf,
  type stockRecord,
} from '@mp/contract';
import { sql } from 'kysely';
import { type Conn, type Db, inTransaction, pgConstraint, pgErrorCode, type Tx } from '../../db/database.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { mediaUrl } from '../content/index.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { findActiveRecipient } from '../wallet/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { findProduct, itemTranslations, localText, productNameIn, productView } from './catalog.ts';
import { orderView } from './orders.ts';
import { addStock, addressesOf, heldProducts, orderQuery, type RecordRow, recordQuery } from './queries.ts';

/** The member's stock, product by product (only what they hold), named in `lang` where the product has it. */
export async function stockOf(db: Conn, memberId: string, lang?: Language) {
  const rows = await db
    .selectFrom('inventory as i')
    .innerJoin('shop_products as p', 'p.id', 'i.product_id')
    .leftJoin('uploads as u', 'u.id', 'p.image_id')
    .select(['i.product_id', productNameIn(lang).as('name'), 'u.file_name', 'i.quantity'])
    .where('i.member_id', '=', memberId)
    .where('i.quantity', '>', 0)
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({
    product_id: r.product_id,
    name: r.name,
    image_url: mediaUrl(r.file_name),
    quantity: r.quantity,
  }));
}

export const recordView = (r: RecordRow) => ({
  id: r.id,
  product_id: r.product_id,
  name: r.name,
  kind: r.kind,
  quantity: r.quantity,
  balance_after: r.balance_after,
  counterparty: r.counterparty ?? '',
  order_no: r.order_no ?? '',
  at: r.at.toISOString(),
});

export async function listRecords(
  db: Conn,
  memberId: string,
  input: ParsedRequestOf<typeof stockRecord>,
  lang: Language,
) {
  let q = recordQuery(db, memberId, lang);
  if (input.product_id)
    q = q.where(
      'r.product_id',
      '=',
      numericId(input.product_id, fieldRefusal(404, 'product_id', 'shop_product_unknown')),
    );
  if (input.kind) q = q.where('r.kind', '=', input.kind);
  const [rows, count] = await Promise.all([
    q
      .orderBy('r.id', 'desc')
      .limit(input.pagesize)
      .offset((input.page - 1) * input.pagesize)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(recordView), page: input.page, pagesize: input.pagesize, total: count.n };
}

/** The inventory's front page: how many products and items the member holds, and the latest five records. */
export async function inventoryOverview(db: Conn, memberId: string, lang: Language) {
  const stock = await stockOf(db, memberId, lang);
  const latest = await recordQuery(db, memberId, lang).orderBy('r.id', 'desc').limit(5).execute();
  return {
    products: stock.length,
    items: stock.reduce((n, s) => n + s.quantity, 0),
    latest: latest.map((r) => ({
      kind: r.kind,
      name: r.name,
      quantity: r.quantity,
      at: r.at.toISOString(),
    })),
  };
}

export async function memberStock(db: Conn, memberId: string, lang: Language) {
  return { list: await stockOf(db, memberId, lang) };
}

/** What the inventory's records can be filtered by: the kinds of record and the products ever held. */
export async function stockFilters(db: Db, memberId: string, lang: Language) {
  return { kinds: [...INVENTORY_RECORD_KINDS], products: await heldProducts(db, memberId, lang) };
}

/** How much of one product the member holds, with its latest 20 records. */
export async function productStock(
  db: Conn,
  memberId: string,
  { product_id }: ParsedRequestOf<typeof inventoryStock>,
  lang: Language,
) {
  const p = await findProduct(db, product_id);
  const held = (await stockOf(db, memberId)).find((s) => s.product_id === p.id);
  const records = await recordQuery(db, memberId, lang)
    .where('r.product_id', '=', p.id)
    .orderBy('r.id', 'desc')
    .limit(20)
    .execute();
  return {
    product_id: p.id,
    name: localText(p, lang).name,
    image_url: productView(p).image_url,
    quantity: held?.quantity ?? 0,
    records: records.map(recordView),
  };
}

/** Who stock would be sent to (an active member other than the sender), before sending. */
export async function stockRecipient(
  db: Db,
  memberId: string,
  { to_userid }: ParsedRequestOf<typeof inventoryTransferCheck>,
) {
  const m = await findActiveRecipient(db, to_userid, memberId);
  return { userid: m.userid, name: m.name };
}

/** Takes stock out of a member's locked row; refuses (changing nothing) below zero. */
async function takeStock(
  tx: Tx,
  r: {
    memberId: string;
    productId: string;
    name: string;
    quantity: number;
    kind: 'sent' | 'redeemed';
    key: string;
    counterpartyId?: string;
    orderId?: string;
    at: Date;
  },
): Promise<number> {
  const row = await tx
    .selectFrom('inventory')
    .select('quantity')
    .where('member_id', '=', r.memberId)
    .where('product_id', '=', r.productId)
    .forUpdate()
    .executeTakeFirst();
  // A request with this key that held the lock first has committed: its answer, not a refusal.
  const done = await tx
    .selectFrom('inventory_records')
    .select('id')
    .where('member_id', '=', r.memberId)
    .where('idempotency_key', '=', r.key)
    .executeTakeFirst();
  if (done) throw new KeyDone();
  const held = row?.quantity ?? 0;
  if (held < r.quantity)
    throw fieldRefusal(422, 'quantity', 'inventory_not_enough', { left: held, name: r.name });
  const left = held - r.quantity;
  await tx
    .updateTable('inventory')
    .set({ quantity: left })
    .where('member_id', '=', r.memberId)
    .where('product_id', '=', r.productId)
    .execute();
  await tx
    .insertInto('inventory_records')
    .values({
      member_id: r.memberId,
      product_id: r.productId,
      kind: r.kind,
      quantity: r.quantity,
      balance_after: left,
      counterparty_id: r.counterpartyId ?? null,
      order_id: r.orderId ?? null,
      idempotency_key: r.key,
      at: r.at,
    })
    .execute();
  return left;
}

/** A key used before answers with what it did, if the request is the same; otherwise a conflict. */
async function earlier(
  db: Conn,
  memberId: string,
  key: string,
  same: (r: {
    product_id: string;
    quantity: number;
    counterparty_id: string | null;
    order_id: string | null;
  }) => boolean,
) {
  const r = await db
    .selectFrom('inventory_records')
    .select(['product_id', 'quantity', 'counterparty_id', 'order_id', 'balance_after'])
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!r) return undefined;
  if (!same(r)) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  return r;
}

class KeyDone extends Error {}
const isKeyTaken = (err: unknown) =>
  err instanceof KeyDone || (pgErrorCode(err) === '23505' && pgConstraint(err) === 'inventory_records_key');

/**
 * Sends stock to another member in one transaction: the sender's row is locked (so parallel sends never take
 * more than is held), the recipient's row grows, and both sides get a record. Once per key.
 */
export async function transferStock(
  d: MoneyDeps,
  member: SessionMember,
  input: ParsedRequestOf<typeof inventoryTransferSave>,
) {
  const memberId = member.id;
  const key = input.idempotency_key;
  const to = await findActiveRecipient(d.db, input.to_userid, memberId);
  const product = await findProduct(d.db, input.product_id);
  const same = (r: { product_id: string; quantity: number; counterparty_id: string | null }) =>
    r.product_id === product.id && r.quantity === input.quantity && r.counterparty_id === to.id;
  const answer = (left: number) => ({
    to_userid: to.userid,
    product_id: product.id,
    quantity: input.quantity,
    left,
  });
  const first = await earlier(d.db, memberId, key, same);
  if (first) return answer(first.balance_after);
  await refuseWhileHeld(d, memberId);
  await d.txPassword.verify(member, input.tx_password);
  try {
    const left = await inTransaction(d.db, async (tx) => {
      const now = d.clock.now();
      const left = await takeStock(tx, {
        memberId,
        productId: product.id,
        name: product.name,
        quantity: input.quantity,
        kind: 'sent',
        key,
        counterpartyId: to.id,
        at: now,
      });
      await addStock(tx, {
        memberId: to.id,
        productId: product.id,
        quantity: input.quantity,
        kind: 'received',
        counterpartyId: memberId,
        at: now,
      });
      return left;
    });
    return answer(left);
  } catch (err) {
    // The same key raced in: the first one's answer.
    if (isKeyTaken(err)) {
      const r = await earlier(d.db, memberId, key, same);
      if (r) return answer(r.balance_after);
    }
    throw err;
  }
}

/** Has stock delivered: an order to ship (no money moves), its goods taken from the inventory. Once per key. */
export async function redeemStock(
  d: MoneyDeps,
  member: SessionMember,
  input: ParsedRequestOf<typeof inventoryRedeem>,
) {
  const memberId = member.id;
  const key = input.idempotency_key;
  const product = await findProduct(d.db, input.product_id);
  const addressId = numericId(input.address_id, fieldRefusal(404, 'address_id', 'shop_address_unknown'));
  const same = (r: { product_id: string; quantity: number }) =>
    r.product_id === product.id && r.quantity === input.quantity;
  const answerFor = async (orderId: string, left: number) => ({
    order: orderView(await orderQuery(d.db).where('o.id', '=', orderId).executeTakeFirstOrThrow()),
    left,
  });
  const first = await earlier(d.db, memberId, key, same);
  if (first?.order_id) return answerFor(first.order_id, first.balance_after);
  const a = (await addressesOf(d.db, memberId)).find((x) => x.id === addressId);
  if (!a) throw fieldRefusal(404, 'address_id', 'shop_address_unknown');
  const { id: _id, is_default: _d, ...address } = a;
  await refuseWhileHeld(d, memberId);
  await d.txPassword.verify(member, input.tx_password);
  try {
    const { orderId, left } = await inTransaction(d.db, async (tx) => {
      const now = d.clock.now();
      const orderId = (
        await sql<{
          id: string;
        }>`select nextval(pg_get_serial_sequence('shop_orders', 'id'))::text id`.execute(tx)
      ).rows[0]!.id;
      const orderNo = `R${now.toISOString().slice(0, 10).replaceAll('-', '')}${orderId.padStart(8, '0')}`;
      await tx
        .insertInto('shop_orders')
        .values({
          id: orderId,
          order_no: orderNo,
          member_id: memberId,
          source: 'redeem',
          operation_id: null,
          asset: 'USDT',
          wallet: 'inventory',
          total: '0',
          delivery: 'ship',
          address: JSON.stringify(address),
          state: 'paid',
          created_at: now,
          updated_at: now,
        })
        .execute();
      // The item's value for the record (every product has a price; USDT first): nothing is charged.
      const unit = product.prices.find((p) => p.asset === 'USDT')?.price ?? product.prices[0]!.price;
      await tx
        .insertInto('shop_order_items')
        .values({
          order_id: orderId,
          product_id: product.id,
          name: product.name,
          translations: itemTranslations(product),
          unit_price: unit,
          quantity: input.quantity,
        })
        .execute();
      await tx
        .insertInto('shop_order_events')
        .values({ order_id: orderId, state: 'paid', note: 'redeemed from inventory', at: now })
        .execute();
      const left = await takeStock(tx, {
        memberId,
        productId: product.id,
        name: product.name,
        quantity: input.quantity,
        kind: 'redeemed',
        key,
        orderId,
        at: now,
      });
      return { orderId, left };
    });
    return answerFor(orderId, left);
  } catch (err) {
    if (isKeyTaken(err)) {
      const r = await earlier(d.db, memberId, key, same);
      if (r?.order_id) return answerFor(r.order_id, r.balance_after);
    }
    throw err;
  }
}
