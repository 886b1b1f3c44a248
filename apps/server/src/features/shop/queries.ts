import type { Language } from '@mp/contract';
import { sql } from 'kysely';
import { type Conn, type Db, poolOf, type Tx } from '../../db/database.ts';
import type { ItemTranslations } from '../../db/schema-shop.ts';
import { type EmbeddedPosting, embeddedPostingParams } from '../../ledger/index.ts';
import { productNameIn, productQuery } from './catalog.ts';

// The shop's SQL (products, cart, addresses, orders, stock); the use cases compose these.

type Page = { page: number; pagesize: number };

/** One page of products (only those on sale, or all for the admin) with the total, in the shop's order. */
export async function productsPage(
  db: Db,
  filter: { onSale: boolean; category?: string; nameLike?: string },
  { page, pagesize }: Page,
) {
  let query = productQuery(db);
  if (filter.onSale) query = query.where('p.active', '=', true);
  if (filter.category) query = query.where('p.category', '=', filter.category);
  // A name in any language: members search in the one they read.
  if (filter.nameLike) {
    const like = filter.nameLike;
    query = query.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', like),
        sql<boolean>`exists (select 1 from jsonb_each(p.translations) tr where tr.value->>'name' ilike ${like})`,
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** The categories of the products on sale, with how many each has. */
export function saleCategories(db: Db) {
  return db
    .selectFrom('shop_products')
    .select(['category', sql<number>`count(*)::int`.as('count')])
    .where('active', '=', true)
    .where('category', '<>', '')
    .groupBy('category')
    .orderBy('category')
    .execute();
}

export function uploadKind(db: Db, id: string) {
  return db.selectFrom('uploads').select(['id', 'kind']).where('id', '=', id).executeTakeFirst();
}

type ProductValues = {
  name: string;
  description: string;
  category: string;
  stock: number;
  active: boolean;
  sort_order: number;
  image_id: string | null;
  updated_at: Date;
};

/** Changes a product and forgets its prices (the caller writes them anew); undefined when there is no such product. */
export async function updateProduct(tx: Tx, id: string, values: ProductValues): Promise<string | undefined> {
  const row = await tx
    .updateTable('shop_products')
    .set(values)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (row) await tx.deleteFrom('shop_prices').where('product_id', '=', row.id).execute();
  return row?.id;
}

export async function insertProduct(tx: Tx, values: ProductValues & { created_at: Date }): Promise<string> {
  return (await tx.insertInto('shop_products').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertPrices(tx: Tx, productId: string, prices: Map<string, bigint>) {
  await tx
    .insertInto('shop_prices')
    .values([...prices].map(([asset, price]) => ({ product_id: productId, asset, price: price.toString() })))
    .execute();
}

function cartLinesQuery(db: Conn, memberId: string) {
  return productQuery(db)
    .innerJoin('shop_cart as c', 'c.product_id', 'p.id')
    .select('c.quantity')
    .where('c.member_id', '=', memberId)
    .orderBy('c.added_at')
    .orderBy('c.product_id');
}

type CartLineRow = Awaited<ReturnType<ReturnType<typeof cartLinesQuery>['execute']>>[number];
let cartLinesSql: string | undefined;

/**
 * The member's cart lines with their products, oldest line first, in one statement. Read twice per order (the cart's
 * answer, checkout), so it is a named statement: parsed and planned once per connection.
 */
export async function cartLines(db: Db, memberId: string): Promise<CartLineRow[]> {
  cartLinesSql ??= cartLinesQuery(db, memberId).compile().sql;
  const text = cartLinesSql;
  return (await poolOf(db).query<CartLineRow>({ name: 'shop_cart_lines', text, values: [memberId] })).rows;
}

export async function deleteCartLine(db: Db, memberId: string, productId: string) {
  await db
    .deleteFrom('shop_cart')
    .where('member_id', '=', memberId)
    .where('product_id', '=', productId)
    .execute();
}

const PUT_CART_LINE = `insert into shop_cart (member_id, product_id, quantity, added_at)
  select $1::bigint, p.id, $3::int, $4::timestamptz from shop_products p
  where p.id = $2::bigint and p.active and p.stock >= $3::int
  on conflict (member_id, product_id) do update set quantity = excluded.quantity
  returning product_id`;

/**
 * Puts a quantity of a product in the cart, only if the product is on sale and its stock has that many (one named
 * statement: the cart's answer reads the product anyway); false when not, or when there is no such product.
 */
export async function putCartLine(db: Db, memberId: string, productId: string, quantity: number, at: Date) {
  const put = await poolOf(db).query({
    name: 'shop_cart_put',
    text: PUT_CART_LINE,
    values: [memberId, productId, quantity, at],
  });
  return put.rows.length > 0;
}

export async function addressesOf(db: Conn, memberId: string) {
  return db
    .selectFrom('member_addresses')
    .select(['id', 'name', 'phone', 'line1', 'city', 'postcode', 'country', 'lat', 'lng', 'is_default'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * One save of a member's addresses at a time, so a new default takes the flag from the old one. A lock on the
 * member's address rows left the first save unguarded (no rows yet): two at once both made a default.
 */
export async function lockAddresses(tx: Tx, memberId: string) {
  await sql`select pg_advisory_xact_lock(hashtext('member_addresses'), hashtext(${memberId}))`.execute(tx);
}

export async function hasAddress(tx: Tx, memberId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('member_addresses')
    .select('id')
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function clearDefaultAddress(tx: Tx, memberId: string) {
  await tx
    .updateTable('member_addresses')
    .set({ is_default: false })
    .where('member_id', '=', memberId)
    .where('is_default', '=', true)
    .execute();
}

type AddressValues = {
  name: string;
  phone: string;
  line1: string;
  city: string;
  postcode: string;
  country: string;
  lat: number | null;
  lng: number | null;
  is_default: boolean;
};

/** Changes one of the member's addresses; undefined when they have no such address. */
export async function updateAddress(tx: Tx, id: string, memberId: string, values: AddressValues) {
  const row = await tx
    .updateTable('member_addresses')
    .set(values)
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertAddress(tx: Tx, memberId: string, values: AddressValues, at: Date) {
  const row = await tx
    .insertInto('member_addresses')
    .values({ ...values, member_id: memberId, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes (softly) one of the member's addresses; false when they have no such address. */
export async function deleteAddress(db: Db, id: string, memberId: string, at: Date): Promise<boolean> {
  const gone = await db
    .updateTable('member_addresses')
    .set({ deleted_at: at, is_default: false })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return gone.numUpdatedRows !== 0n;
}

type OrderItemRow = {
  product_id: string;
  name: string;
  unit_price: string;
  quantity: number;
  translations: ItemTranslations;
};

export function orderQuery(db: Conn) {
  return db.selectFrom('shop_orders as o').select([
    'o.id',
    'o.order_no',
    'o.state',
    'o.delivery',
    'o.total',
    'o.discount',
    'o.asset',
    'o.wallet',
    'o.address',
    'o.carrier',
    'o.tracking_no',
    'o.created_at',
    sql<OrderItemRow[]>`coalesce((
        SELECT json_agg(json_build_object('product_id', i.product_id::text, 'name', i.name,
          'unit_price', i.unit_price::text, 'quantity', i.quantity, 'translations', i.translations)
          ORDER BY i.product_id)
        FROM shop_order_items i WHERE i.order_id = o.id), '[]'::json)`.as('items'),
  ]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

export function orderEvents(db: Db, orderId: string) {
  return db
    .selectFrom('shop_order_events')
    .select(['state', 'note', 'at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The products the member has ever held (for the inventory's filter), by name (in `lang` where it has one). */
export function heldProducts(db: Db, memberId: string, lang?: Language) {
  return db
    .selectFrom('inventory as i')
    .innerJoin('shop_products as p', 'p.id', 'i.product_id')
    .select(['i.product_id', productNameIn(lang).as('name')])
    .where('i.member_id', '=', memberId)
    .orderBy('p.name')
    .execute();
}

/** The member's inventory records, with the product's name (in `lang` where it has one), the other member and the order. */
export function recordQuery(db: Conn, memberId: string, lang?: Language) {
  return db
    .selectFrom('inventory_records as r')
    .innerJoin('shop_products as p', 'p.id', 'r.product_id')
    .leftJoin('members as c', 'c.id', 'r.counterparty_id')
    .leftJoin('shop_orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.product_id',
      productNameIn(lang).as('name'),
      'r.kind',
      'r.quantity',
      'r.balance_after',
      'c.userid as counterparty',
      'o.order_no',
      'r.at',
    ])
    .where('r.member_id', '=', memberId);
}

export type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];

/** Adds to a member's stock of a product and records why; returns the new quantity. */
export async function addStock(
  tx: Tx,
  r: {
    memberId: string;
    productId: string;
    quantity: number;
    kind: 'bought' | 'received' | 'returned';
    orderId?: string;
    counterpartyId?: string;
    at: Date;
  },
): Promise<number> {
  const row = await tx
    .insertInto('inventory')
    .values({ member_id: r.memberId, product_id: r.productId, quantity: r.quantity })
    .onConflict((oc) =>
      oc.columns(['member_id', 'product_id']).doUpdateSet((eb) => ({
        quantity: eb('inventory.quantity', '+', r.quantity),
      })),
    )
    .returning('quantity')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('inventory_records')
    .values({
      member_id: r.memberId,
      product_id: r.productId,
      kind: r.kind,
      quantity: r.quantity,
      balance_after: row.quantity,
      order_id: r.orderId ?? null,
      counterparty_id: r.counterpartyId ?? null,
      at: r.at,
    })
    .execute();
  return row.quantity;
}

const BUY_SQL = `select * from shop_buy($1::bigint, $2::timestamptz, $3::text, $4::text, $5::text, $6::jsonb,
  $7::bigint, $8::int, $9::bigint, $10::bigint, $11::bigint, $12::bigint[], $13::int[], $14::bigint[], $15::text[],
  $16::jsonb[], ${embeddedPostingParams(17)})`;

/** What shop_buy answered: 'placed' (order_id, order_no), 'existing' (the key's operation) or 'moved' (nothing). */
export type PlacedRow = {
  outcome: 'placed' | 'existing' | 'moved';
  order_id: string;
  order_no: string;
  op_id: string;
  op_hash: Buffer;
  created_at: Date;
};

/** An order as shop_buy writes it (amounts in minor units of `asset`; items in the cart's order). */
export type OrderToWrite = {
  memberId: string;
  wallet: string;
  asset: string;
  delivery: string;
  address: Record<string, unknown> | null;
  voucherId: string | null;
  bps: number;
  total: bigint;
  discount: bigint;
  volume: bigint;
  items: { product_id: string; quantity: number; unit_price: string; name: string; translations: string }[];
};

/** Writes an order and its posting in one statement (shop_buy, migration 0043). */
export async function buyInOneTrip(db: Db, o: OrderToWrite, now: Date, posting: EmbeddedPosting) {
  // A named statement is parsed and planned once per connection.
  const res = await poolOf(db).query<PlacedRow>({
    name: 'shop_buy',
    text: BUY_SQL,
    values: [
      o.memberId,
      now,
      o.wallet,
      o.asset,
      o.delivery,
      o.address ? JSON.stringify(o.address) : null,
      o.voucherId,
      o.bps,
      o.total.toString(),
      o.discount.toString(),
      o.volume.toString(),
      o.items.map((i) => i.product_id),
      o.items.map((i) => i.quantity),
      o.items.map((i) => i.unit_price),
      o.items.map((i) => i.name),
      o.items.map((i) => i.translations),
      ...posting.args,
    ],
  });
  return res.rows[0]!;
}
