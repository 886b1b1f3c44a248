import {
  ASSETS,
  type AssetCode,
  addressDelete,
  addressList,
  addressSave,
  adminProductList,
  adminProductSave,
  adminShopOrders,
  adminShopOrderUpdate,
  buyProductPreview2,
  buyProductSave2,
  cartSave,
  getDeliver,
  getFilterType,
  getStock,
  infoPool,
  INVENTORY_RECORD_KINDS,
  inventoryIndex,
  inventoryRedeem,
  inventoryStock,
  inventoryTransferCheck,
  inventoryTransferSave,
  latestSales,
  memberSales,
  memberCartList,
  parseAmount,
  salesSummary,
  shopOrders,
  shopProduct,
  shopProducts,
  stockMenu,
  stockRecord,
} from '@mp/contract';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database.ts';
import { type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { likePattern } from '../content/published.ts';
import { propagateAfterCommit } from '../network/propagate.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { updateShopOrder } from './admin-orders.ts';
import { infoPoolOf, latestTeamSales, salesByDay, salesSummaryOf } from './sales.ts';
import { listRecords, recordQuery, recordView, redeemStock, stockOf, transferStock } from './inventory.ts';
import { findActiveRecipient } from '../wallet/recipient.ts';
import { findProduct, productQuery, productView } from './catalog.ts';
import { addressesOf, buyCart, cartView, orderQuery, orderView, previewCart, readCart } from './checkout.ts';

function priceUnits(text: string, asset: AssetCode, field: string): bigint {
  const parsed = parseAmount(text, ASSETS[asset].decimals);
  if (!parsed.ok || parsed.value <= 0n)
    throw fieldRefusal(422, field, 'shop_price_invalid', { decimals: ASSETS[asset].decimals });
  return parsed.value;
}

/** The shop's calls (issue 12): products, cart, addresses, checkout, orders and the admin's products. */
export function shopRoutes(d: MoneyDeps): CallRoute[] {
  const { db } = d;
  const onSale = () => productQuery(db).where('p.active', '=', true);

  return [
    handle(shopProducts, async ({ page, pagesize, category, q }) => {
      let query = onSale();
      if (category) query = query.where('p.category', '=', category);
      if (q) query = query.where('p.name', 'ilike', likePattern(q));
      const [rows, count] = await Promise.all([
        query
          .orderBy('p.sort_order')
          .orderBy('p.id')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(productView), page, pagesize, total: count.n };
    }),

    handle(shopProduct, async ({ id }) => {
      const p = await findProduct(db, id);
      return { ...productView(p), description: p.description, active: p.active };
    }),

    handle(getFilterType, async () => {
      const rows = await db
        .selectFrom('shop_products')
        .select(['category', sql<number>`count(*)::int`.as('count')])
        .where('active', '=', true)
        .where('category', '<>', '')
        .groupBy('category')
        .orderBy('category')
        .execute();
      return { list: rows };
    }),

    handle(memberCartList, async (_i, ctx) => cartView(await readCart(db, ctx.member.id))),

    handle(cartSave, async ({ product_id, quantity }, ctx) => {
      const p = await findProduct(db, product_id);
      if (quantity === 0) {
        await db
          .deleteFrom('shop_cart')
          .where('member_id', '=', ctx.member.id)
          .where('product_id', '=', p.id)
          .execute();
      } else {
        if (!p.active) throw fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: p.name });
        if (quantity > p.stock)
          throw fieldRefusal(409, 'quantity', 'shop_out_of_stock', { name: p.name, left: p.stock });
        await db
          .insertInto('shop_cart')
          .values({ member_id: ctx.member.id, product_id: p.id, quantity, added_at: d.clock.now() })
          .onConflict((oc) => oc.columns(['member_id', 'product_id']).doUpdateSet({ quantity }))
          .execute();
      }
      return reply(cartView(await readCart(db, ctx.member.id)), 'shop_cart_saved');
    }),

    handle(addressList, async (_i, ctx) => ({ list: await addressesOf(db, ctx.member.id) })),

    handle(addressSave, async (input, ctx) => {
      const memberId = ctx.member.id;
      const id = await inTransaction(db, async (tx) => {
        // One save of a member's addresses at a time, so a new default takes the flag from the old one. A lock on
        // the member's address rows left the first save unguarded (no rows yet): two at once both made a default.
        await sql`select pg_advisory_xact_lock(hashtext('member_addresses'), hashtext(${memberId}))`.execute(
          tx,
        );
        const first =
          (await tx
            .selectFrom('member_addresses')
            .select('id')
            .where('member_id', '=', memberId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()) === undefined;
        const isDefault = input.is_default || first;
        if (isDefault)
          await tx
            .updateTable('member_addresses')
            .set({ is_default: false })
            .where('member_id', '=', memberId)
            .where('is_default', '=', true)
            .execute();
        const values = {
          name: input.name,
          phone: input.phone,
          line1: input.line1,
          city: input.city,
          postcode: input.postcode,
          country: input.country,
          lat: input.lat ?? null,
          lng: input.lng ?? null,
          is_default: isDefault,
        };
        if (input.id) {
          const row = await tx
            .updateTable('member_addresses')
            .set(values)
            .where('id', '=', numericId(input.id, fieldRefusal(404, 'id', 'shop_address_unknown')))
            .where('member_id', '=', memberId)
            .where('deleted_at', 'is', null)
            .returning('id')
            .executeTakeFirst();
          if (!row) throw fieldRefusal(404, 'id', 'shop_address_unknown');
          return row.id;
        }
        const row = await tx
          .insertInto('member_addresses')
          .values({ ...values, member_id: memberId, created_at: d.clock.now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return reply({ id }, 'shop_address_saved');
    }),

    handle(addressDelete, async ({ id }, ctx) => {
      const gone = await db
        .updateTable('member_addresses')
        .set({ deleted_at: d.clock.now(), is_default: false })
        .where('id', '=', numericId(id, fieldRefusal(404, 'id', 'shop_address_unknown')))
        .where('member_id', '=', ctx.member.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (gone.numUpdatedRows === 0n) throw fieldRefusal(404, 'id', 'shop_address_unknown');
      return reply({}, 'shop_address_deleted');
    }),

    handle(buyProductPreview2, (input, ctx) => previewCart(d, ctx, input.wallet, input.voucher_id)),

    handle(buyProductSave2, async (input, ctx) => {
      const result = await buyCart(d, ctx, input);
      await propagateAfterCommit(db, d.log);
      return reply(result, 'shop_order_paid', { order_no: result.order.order_no });
    }),

    handle(shopOrders, async ({ page, pagesize, state }, ctx) => {
      let q = orderQuery(db).where('o.member_id', '=', ctx.member.id);
      if (state) q = q.where('o.state', '=', state);
      const [rows, count] = await Promise.all([
        q
          .orderBy('o.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(orderView), page, pagesize, total: count.n };
    }),

    handle(getDeliver, async ({ order_id }, ctx) => {
      const id = numericId(order_id, fieldRefusal(404, 'order_id', 'shop_order_unknown'));
      const row = await orderQuery(db)
        .where('o.id', '=', id)
        .where('o.member_id', '=', ctx.member.id)
        .executeTakeFirst();
      if (!row) throw fieldRefusal(404, 'order_id', 'shop_order_unknown');
      const events = await db
        .selectFrom('shop_order_events')
        .select(['state', 'note', 'at'])
        .where('order_id', '=', id)
        .orderBy('id')
        .execute();
      return {
        order: orderView(row),
        events: events.map((e) => ({ state: e.state, note: e.note, at: e.at.toISOString() })),
      };
    }),

    handle(inventoryIndex, async (_i, ctx) => {
      const stock = await stockOf(db, ctx.member.id);
      const latest = await recordQuery(db, ctx.member.id).orderBy('r.id', 'desc').limit(5).execute();
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
    }),

    handle(getStock, async (_i, ctx) => ({ list: await stockOf(db, ctx.member.id) })),

    handle(stockMenu, async (_i, ctx) => {
      const products = await db
        .selectFrom('inventory as i')
        .innerJoin('shop_products as p', 'p.id', 'i.product_id')
        .select(['i.product_id', 'p.name'])
        .where('i.member_id', '=', ctx.member.id)
        .orderBy('p.name')
        .execute();
      return { kinds: [...INVENTORY_RECORD_KINDS], products };
    }),

    handle(stockRecord, (input, ctx) => listRecords(db, ctx.member.id, input)),

    handle(inventoryStock, async ({ product_id }, ctx) => {
      const p = await findProduct(db, product_id);
      const held = (await stockOf(db, ctx.member.id)).find((s) => s.product_id === p.id);
      const records = await recordQuery(db, ctx.member.id)
        .where('r.product_id', '=', p.id)
        .orderBy('r.id', 'desc')
        .limit(20)
        .execute();
      return {
        product_id: p.id,
        name: p.name,
        image_url: productView(p).image_url,
        quantity: held?.quantity ?? 0,
        records: records.map(recordView),
      };
    }),

    handle(inventoryTransferCheck, async ({ to_userid }, ctx) => {
      const m = await findActiveRecipient(db, to_userid, ctx.member.id);
      return { userid: m.userid, name: m.name };
    }),

    handle(inventoryTransferSave, async (input, ctx) => {
      const r = await transferStock(d, ctx, input);
      return reply(r, 'inventory_sent', { quantity: r.quantity, userid: r.to_userid });
    }),

    handle(inventoryRedeem, async (input, ctx) => {
      const r = await redeemStock(d, ctx, input);
      return reply(r, 'inventory_redeemed', { order_no: r.order.order_no });
    }),

    handle(memberSales, ({ days }, ctx) => salesByDay(db, d.clock, ctx.member.id, days)),
    handle(latestSales, ({ limit }, ctx) => latestTeamSales(db, ctx.member.id, limit)),
    handle(salesSummary, (_i, ctx) => salesSummaryOf(db, d.clock, ctx.member.id)),
    handle(infoPool, (_i, ctx) => infoPoolOf(db, d.clock, ctx.member.id)),

    handle(adminShopOrders, async ({ page, pagesize, state, q }) => {
      let query = orderQuery(db).innerJoin('members as m', 'm.id', 'o.member_id').select('m.userid');
      if (state) query = query.where('o.state', '=', state);
      if (q)
        query = query.where((eb) => eb.or([eb('o.order_no', '=', q.toUpperCase()), eb('m.userid', '=', q)]));
      const [rows, count] = await Promise.all([
        query
          .orderBy('o.id', 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((r) => ({ ...orderView(r), userid: r.userid })),
        page,
        pagesize,
        total: count.n,
      };
    }),

    handle(adminShopOrderUpdate, async (input, ctx) => {
      const result = await updateShopOrder(d, ctx, input);
      return reply(
        result,
        input.action === 'cancel' ? 'shop_order_cancelled' : 'shop_order_updated',
        input.action === 'cancel' ? { amount: result.order.total, asset: result.order.asset } : {},
      );
    }),

    handle(adminProductList, async ({ page, pagesize, q }) => {
      let query = productQuery(db);
      if (q) query = query.where('p.name', 'ilike', likePattern(q));
      const [rows, count] = await Promise.all([
        query
          .orderBy('p.sort_order')
          .orderBy('p.id')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((p) => ({
          ...productView(p),
          description: p.description,
          active: p.active,
          sold: p.sold,
          sort_order: p.sort_order,
          image_id: p.image_id ?? '',
        })),
        page,
        pagesize,
        total: count.n,
      };
    }),

    handle(adminProductSave, async (input, ctx) => {
      const prices = new Map<string, bigint>();
      prices.set(input.asset, priceUnits(input.price, input.asset as AssetCode, 'price'));
      for (const [i, p] of (input.prices ?? []).entries())
        if (!prices.has(p.asset))
          prices.set(p.asset, priceUnits(p.price, p.asset as AssetCode, `prices.${i}`));
      let imageId: string | null = null;
      if (input.image_id) {
        const up = /^\d{1,18}$/.test(input.image_id)
          ? await db
              .selectFrom('uploads')
              .select(['id', 'kind'])
              .where('id', '=', input.image_id)
              .executeTakeFirst()
          : undefined;
        if (!up) throw fieldRefusal(404, 'image_id', 'upload_not_found');
        if (up.kind !== 'image') throw fieldRefusal(422, 'image_id', 'upload_wrong_kind');
        imageId = up.id;
      }
      const now = d.clock.now();
      const values = {
        name: input.name,
        description: input.description ?? '',
        category: input.category ?? '',
        stock: input.stock,
        active: input.active,
        sort_order: input.sort_order,
        image_id: imageId,
        updated_at: now,
      };
      const id = await inTransaction(db, async (tx) => {
        let productId: string;
        if (input.id) {
          const row = await tx
            .updateTable('shop_products')
            .set(values)
            .where('id', '=', numericId(input.id, fieldRefusal(404, 'id', 'shop_product_unknown')))
            .returning('id')
            .executeTakeFirst();
          if (!row) throw fieldRefusal(404, 'id', 'shop_product_unknown');
          productId = row.id;
          await tx.deleteFrom('shop_prices').where('product_id', '=', productId).execute();
        } else {
          productId = (
            await tx
              .insertInto('shop_products')
              .values({ ...values, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        }
        await tx
          .insertInto('shop_prices')
          .values(
            [...prices].map(([asset, price]) => ({ product_id: productId, asset, price: price.toString() })),
          )
          .execute();
        await audit(tx, ctx.member.id, input.id ? 'product_edit' : 'product_add', `product:${productId}`, {
          name: input.name,
          stock: input.stock,
          active: input.active,
          prices: Object.fromEntries([...prices].map(([a, p]) => [a, p.toString()])),
        });
        return productId;
      });
      return reply({ id }, 'shop_product_saved');
    }),
  ];
}
