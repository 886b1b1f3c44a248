import {
  ASSETS,
  type AssetCode,
  type buyProductSave2,
  type ParsedRequestOf,
  SHOP_PAYMENT_WALLETS,
  SHOP_POINTS_MINIMUM,
  type ShopPaymentWallet,
  parseAmount,
} from '@mp/contract';
import { sql } from 'kysely';
import type { Conn, Db, Tx } from '../../db/database.ts';
import type { AuthedContext } from '../../http/calls.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { purchaseBonusLegs } from '../network/bonus.ts';
import { currentPlan } from '../network/plan.ts';
import { refuseWhileHeld } from '../members/security-hold.ts';
import { recordPurchase } from '../purchases/record.ts';
import { shopVoucherBps, usableShopVouchers, useShopVoucher } from '../mining/vouchers.ts';
import { cachedSetting, getSetting } from '../../platform/settings.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { refuseShortfall } from '../wallet/shortfall.ts';
import { findProduct, type ProductRow, productQuery, productView, walletAsset } from './catalog.ts';

export const SHOP_SETTINGS_KEY = 'shop';
export type ShopSettings = { points_minimum: string };

/** The smallest payment a wallet takes, in minor units of its asset (points wallets only). */
export async function minimumOf(db: Conn, asset: AssetCode): Promise<bigint> {
  if (asset !== 'RP' && asset !== 'DP') return 0n;
  const fallback = { points_minimum: SHOP_POINTS_MINIMUM };
  // Inside a purchase the transaction's own read; outside it (the preview), the settings cache.
  const s = db.isTransaction
    ? await getSetting<ShopSettings>(db, SHOP_SETTINGS_KEY, fallback)
    : await cachedSetting<ShopSettings>(db as Db, SHOP_SETTINGS_KEY, fallback);
  const parsed = parseAmount(s.points_minimum, ASSETS[asset].decimals);
  return parsed.ok ? parsed.value : 0n;
}

export type CartLine = { product: ProductRow; quantity: number };

/**
 * The member's cart, oldest line first. Inside a purchase the cart's rows are locked (so two checkouts of one cart
 * buy it once); the products are read as they are, their stock taken later by a conditional update.
 */
export async function readCart(db: Conn, memberId: string, lock = false): Promise<CartLine[]> {
  let q = db
    .selectFrom('shop_cart')
    .select(['product_id', 'quantity'])
    .where('member_id', '=', memberId)
    .orderBy('added_at')
    .orderBy('product_id');
  if (lock) q = q.forUpdate();
  const cart = await q.execute();
  if (cart.length === 0) return [];
  const ids = cart.map((c) => c.product_id);
  const products = await productQuery(db).where('p.id', 'in', ids).execute();
  return cart.flatMap((c) => {
    const product = products.find((p) => p.id === c.product_id);
    return product ? [{ product, quantity: c.quantity }] : [];
  });
}

const available = (l: CartLine) => l.product.active && l.product.stock >= l.quantity;
const priceIn = (l: CartLine, asset: string) => l.product.prices.find((p) => p.asset === asset)?.price;

/** The cart's total in `asset`, or undefined when some line has no price in it. */
export function totalIn(lines: CartLine[], asset: string): bigint | undefined {
  let total = 0n;
  for (const l of lines) {
    const price = priceIn(l, asset);
    if (price === undefined) return undefined;
    total += BigInt(price) * BigInt(l.quantity);
  }
  return total;
}

export function cartView(lines: CartLine[]) {
  const assets = [...new Set(lines.flatMap((l) => l.product.prices.map((p) => p.asset)))];
  return {
    list: lines.map((l) => {
      const v = productView(l.product);
      return {
        product_id: v.id,
        name: v.name,
        image_url: v.image_url,
        quantity: l.quantity,
        stock: l.product.stock,
        prices: v.prices,
        available: available(l),
      };
    }),
    count: lines.reduce((n, l) => n + l.quantity, 0),
    totals: assets.flatMap((asset) => {
      const total = lines.length ? totalIn(lines, asset) : undefined;
      return total === undefined ? [] : [{ asset, price: money(total, asset) }];
    }),
  };
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

/** What paying for the cart from each wallet would take; changes nothing. */
/** The part of `total` a voucher of `bps` takes off, rounded down (in the platform's favour). */
export const discountOf = (total: bigint, bps: number) => (total * BigInt(bps)) / 10_000n;

export async function previewCart(
  d: MoneyDeps,
  ctx: AuthedContext,
  wanted?: ShopPaymentWallet,
  voucherId?: string,
) {
  const now = d.clock.now();
  const lines = await readCart(d.db, ctx.member.id);
  const vouchers = await usableShopVouchers(d.db, ctx.member.id, now);
  const voucher = voucherId ? vouchers.find((v) => v.id === voucherId) : undefined;
  if (voucherId && !voucher) throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
  const bps = voucher ? await shopVoucherBps(d.db, voucher.id, ctx.member.id, now) : 0;
  const allAvailable = lines.length > 0 && lines.every(available);
  const wallets = await Promise.all(
    SHOP_PAYMENT_WALLETS.map(async (wallet) => {
      const asset = walletAsset(wallet);
      const gross = totalIn(lines, asset);
      const total = gross === undefined ? undefined : gross - discountOf(gross, bps);
      const minimum = await minimumOf(d.db, asset);
      const balance = (await d.ledger.memberBalance(d.db, ctx.member.id, wallet, asset)).available;
      return {
        wallet,
        asset,
        available: money(balance, asset),
        total: total === undefined ? '' : money(total, asset),
        minimum: money(minimum, asset),
        usable: allAvailable && total !== undefined && total >= minimum && balance >= total,
        units: { gross, total, balance },
      };
    }),
  );
  const chosen =
    wallets.find((w) => w.wallet === wanted) ??
    wallets.find((w) => w.usable) ??
    wallets.find((w) => w.units.total !== undefined) ??
    wallets[0]!;
  const view = cartView(lines).list;
  return {
    lines: lines.map((l, i) => {
      const unit = priceIn(l, chosen.asset);
      return {
        ...view[i]!,
        unit_price: unit === undefined ? '' : money(unit, chosen.asset),
        amount: unit === undefined ? '' : money(BigInt(unit) * BigInt(l.quantity), chosen.asset),
      };
    }),
    wallets: wallets.map(({ units: _units, ...w }) => w),
    wallet: chosen.wallet,
    asset: chosen.asset,
    total: chosen.units.gross === undefined ? '' : money(chosen.units.gross, chosen.asset),
    discount:
      chosen.units.gross === undefined ? '' : money(discountOf(chosen.units.gross, bps), chosen.asset),
    pay: chosen.total,
    enough: chosen.units.total !== undefined && chosen.units.balance >= chosen.units.total,
    addresses: await addressesOf(d.db, ctx.member.id),
    vouchers,
    voucher_id: voucher?.id ?? '',
  };
}

/** The order's value in USDT, which counts for ranks and bonuses: what was paid, or the USDT prices of points goods. */
function usdtVolume(lines: CartLine[], asset: string, total: bigint, bps: number): bigint {
  if (asset === 'USDT') return total;
  const usdt = totalIn(lines, 'USDT') ?? 0n;
  return usdt - discountOf(usdt, bps);
}

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
    sql<{ product_id: string; name: string; unit_price: string; quantity: number }[]>`coalesce((
        SELECT json_agg(json_build_object('product_id', i.product_id::text, 'name', i.name,
          'unit_price', i.unit_price::text, 'quantity', i.quantity) ORDER BY i.product_id)
        FROM shop_order_items i WHERE i.order_id = o.id), '[]'::json)`.as('items'),
  ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

export function orderView(o: OrderRow) {
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
    items: o.items.map((i) => ({ ...i, unit_price: money(i.unit_price, o.asset) })),
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

/**
 * Buys the whole cart in one ledger operation: the product rows are locked (so many buyers of the last item
 * never oversell), the stock is taken, the member pays from the wallet to the shop's revenue account, the sponsor
 * and level bonuses are paid on the order's USDT value (as for mining), the order is written with its items and
 * first timeline event, the goods go to the inventory when kept, and the cart is emptied. A retry with the same
 * key answers with the first order.
 */
export async function buyCart(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof buyProductSave2>,
) {
  if (!input.agree) throw fieldRefusal(422, 'agree', 'shop_agree_required');
  const memberId = ctx.member.id;
  let address: Record<string, unknown> | null = null;
  if (input.delivery === 'ship') {
    if (!input.address_id) throw fieldRefusal(422, 'address_id', 'shop_address_required');
    const a = (await addressesOf(d.db, memberId)).find(
      (x) => x.id === numericId(input.address_id!, fieldRefusal(404, 'address_id', 'shop_address_unknown')),
    );
    if (!a) throw fieldRefusal(404, 'address_id', 'shop_address_unknown');
    const { id: _id, is_default: _d, ...copy } = a;
    address = copy;
  }
  // Goods bought here leave with whoever holds the session: held like transfers after a security change.
  await refuseWhileHeld(d, memberId);
  await d.txPassword.verify(ctx.member, input.tx_password);
  const wallet = input.wallet;
  const asset = walletAsset(wallet);
  const now = d.clock.now();

  return d.ledger.operation(
    {
      key: `s:${memberId}:${input.idempotency_key}`,
      kind: 'shop_purchase',
      memberId,
      request: {
        wallet,
        delivery: input.delivery,
        address: input.address_id ?? '',
        voucher: input.voucher_id ?? '',
      },
    },
    async (op) => {
      const lines = await readCart(op.tx, memberId, true);
      if (lines.length === 0) throw new Refusal(409, 'shop_cart_empty');
      for (const l of lines) {
        if (!l.product.active)
          throw fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: l.product.name });
        if (l.product.stock < l.quantity)
          throw fieldRefusal(409, 'quantity', 'shop_out_of_stock', {
            name: l.product.name,
            left: l.product.stock,
          });
        if (priceIn(l, asset) === undefined)
          throw fieldRefusal(422, 'wallet', 'shop_no_price', { name: l.product.name, asset });
      }
      const gross = totalIn(lines, asset)!;
      // The voucher's discount rounds down; the voucher itself is taken once the order exists (below).
      const bps = input.voucher_id ? await shopVoucherBps(op.tx, input.voucher_id, memberId, now) : 0;
      const discount = discountOf(gross, bps);
      const total = gross - discount;
      const minimum = await minimumOf(op.tx, asset);
      if (total < minimum)
        throw fieldRefusal(422, 'wallet', 'shop_points_minimum', { asset, min: money(minimum, asset) });
      const orderId = (
        await sql<{
          id: string;
        }>`select nextval(pg_get_serial_sequence('shop_orders', 'id'))::text id`.execute(op.tx)
      ).rows[0]!.id;
      const orderNo = `S${now.toISOString().slice(0, 10).replaceAll('-', '')}${orderId.padStart(8, '0')}`;
      const volume = usdtVolume(lines, asset, total, bps);
      const bonuses = await purchaseBonusLegs(op.tx, await currentPlan(op.tx), {
        buyerId: memberId,
        buyerUserid: ctx.member.userid,
        volume,
        asset: 'USDT',
        reference: `shop:${orderNo}`,
      });
      const state = input.delivery === 'keep' ? 'kept' : 'paid';
      await op.tx
        .insertInto('shop_orders')
        .values({
          id: orderId,
          order_no: orderNo,
          member_id: memberId,
          operation_id: op.operationId,
          asset,
          wallet,
          total: total.toString(),
          discount: discount.toString(),
          voucher_id: input.voucher_id ?? null,
          delivery: input.delivery,
          address: address ? JSON.stringify(address) : null,
          state,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // Used once: two checkouts racing for one voucher both get here, and the second is refused.
      if (input.voucher_id) await useShopVoucher(op.tx, input.voucher_id, memberId, orderId, now);
      await op.tx
        .insertInto('shop_order_items')
        .values(
          lines.map((l) => ({
            order_id: orderId,
            product_id: l.product.id,
            name: l.product.name,
            unit_price: priceIn(l, asset)!,
            quantity: l.quantity,
          })),
        )
        .execute();
      await op.tx
        .insertInto('shop_order_events')
        .values([
          { order_id: orderId, state: 'paid', at: now },
          ...(state === 'kept' ? [{ order_id: orderId, state: 'kept', at: now }] : []),
        ])
        .execute();
      if (state === 'kept')
        for (const l of lines)
          await addStock(op.tx, {
            memberId,
            productId: l.product.id,
            quantity: l.quantity,
            kind: 'bought',
            orderId,
            at: now,
          });
      await op.tx.deleteFrom('shop_cart').where('member_id', '=', memberId).execute();
      if (volume > 0n)
        await recordPurchase(op.tx, {
          memberId,
          source: 'shop',
          orderId,
          amount: volume,
          volume,
          asset: 'USDT',
          at: now,
        });
      // Last, so that the rows every buyer shares are held only until the commit: the stock, taken only if it is
      // still there (never oversold), in one order of products; then the payment (the shop's revenue account).
      for (const l of [...lines].sort((a, b) => Number(a.product.id) - Number(b.product.id))) {
        const taken = await op.tx
          .updateTable('shop_products')
          .set((eb) => ({ stock: eb('stock', '-', l.quantity), sold: eb('sold', '+', l.quantity) }))
          .where('id', '=', l.product.id)
          .where('active', '=', true)
          .where('stock', '>=', l.quantity)
          .returning('id')
          .executeTakeFirst();
        if (!taken) {
          const now = await findProduct(op.tx, l.product.id);
          if (!now.active) throw fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: now.name });
          throw fieldRefusal(409, 'quantity', 'shop_out_of_stock', { name: now.name, left: now.stock });
        }
      }
      await refuseShortfall(
        () =>
          op.post([
            {
              debit: memberAccount(memberId, wallet, asset),
              credit: platformAccount('shop_revenue', asset),
              amount: total,
              kind: 'shop_purchase',
              reference: orderNo,
              details: { order: orderNo, items: String(lines.length) },
            },
            ...bonuses,
          ]),
        'wallet',
      );
      const order = orderView(await orderQuery(op.tx).where('o.id', '=', orderId).executeTakeFirstOrThrow());
      return { order_id: orderId, total: order.total, order };
    },
  );
}
