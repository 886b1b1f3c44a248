import type { adminShopOrders, getDeliver, Language, ParsedRequestOf, shopOrders } from '@mp/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { orderEvents, orderQuery, type OrderRow } from './queries.ts';

/**
 * An order as its reader sees it: each item named in their language as it was when sold (`lang`; none, or an item
 * sold before names were kept per language: the name stored with it), with that default name beside it.
 */
export function orderView(o: OrderRow, lang?: Language) {
  const a = o.address as Record<string, unknown> | null;
  return {
    order_id: o.id,
    order_no: o.order_no,
    state: o.state,
    delivery: o.delivery,
    total: money(o.total, o.asset),
    discount: money(o.discount, o.asset),
    asset: o.asset,
    wallet: o.wallet,
    items: o.items.map(({ translations, ...i }) => ({
      ...i,
      name: (lang && translations[lang]?.name) || i.name,
      default_name: i.name,
      unit_price: money(i.unit_price, o.asset),
    })),
    address: a
      ? {
          name: String(a.name ?? ''),
          phone: String(a.phone ?? ''),
          line1: String(a.line1 ?? ''),
          city: String(a.city ?? ''),
          postcode: String(a.postcode ?? ''),
          country: String(a.country ?? ''),
          lat: typeof a.lat === 'number' ? a.lat : null,
          lng: typeof a.lng === 'number' ? a.lng : null,
        }
      : null,
    carrier: o.carrier,
    tracking_no: o.tracking_no,
    created_at: o.created_at.toISOString(),
  };
}

/** One page of the member's orders (of a state when asked), newest first. */
export async function memberOrders(
  db: Db,
  memberId: string,
  { page, pagesize, state }: ParsedRequestOf<typeof shopOrders>,
  lang: Language,
) {
  let q = orderQuery(db).where('o.member_id', '=', memberId);
  if (state) q = q.where('o.state', '=', state);
  const [rows, count] = await Promise.all([
    q
      .orderBy('o.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => orderView(r, lang)), page, pagesize, total: count.n };
}

/** One of the member's orders with its timeline (paid, packed, shipped...). */
export async function orderDelivery(
  db: Db,
  memberId: string,
  { order_id }: ParsedRequestOf<typeof getDeliver>,
  lang: Language,
) {
  const id = numericId(order_id, fieldRefusal(404, 'order_id', 'shop_order_unknown'));
  const row = await orderQuery(db)
    .where('o.id', '=', id)
    .where('o.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw fieldRefusal(404, 'order_id', 'shop_order_unknown');
  const events = await orderEvents(db, id);
  return {
    order: orderView(row, lang),
    events: events.map((e) => ({ state: e.state, note: e.note, at: e.at.toISOString() })),
  };
}

/** The admin's order list: by state, or by order number or buyer. */
export async function adminOrders(
  db: Db,
  { page, pagesize, state, q }: ParsedRequestOf<typeof adminShopOrders>,
  lang: Language,
) {
  let query = orderQuery(db).innerJoin('members as m', 'm.id', 'o.member_id').select('m.userid');
  if (state) query = query.where('o.state', '=', state);
  if (q) query = query.where((eb) => eb.or([eb('o.order_no', '=', q.toUpperCase()), eb('m.userid', '=', q)]));
  const [rows, count] = await Promise.all([
    query
      .orderBy('o.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ ...orderView(r, lang), userid: r.userid })),
    page,
    pagesize,
    total: count.n,
  };
}
