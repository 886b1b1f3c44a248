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
import type { Conn, Db, Tx } from '../../db/database.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import { memberAccount, platformAccount, type OperationContext } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { purchaseBonusLegs } from '../network/index.ts';
import { currentPlan } from '../network/index.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { recordPurchase } from '../network/index.ts';
import { shopVoucherBps, usableShopVouchers, useShopVoucher } from '../mining/index.ts';
import { cachedSetting, getSetting } from '../../platform/settings.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { available, type CartLine, cartView, priceIn, readCart, totalIn } from './cart.ts';
import { findProduct, itemTranslations, walletAsset } from './catalog.ts';
import { orderView } from './orders.ts';
import {
  addressesOf,
  addStock,
  emptyCart,
  insertOrder,
  insertOrderEvents,
  insertOrderItems,
  nextOrderId,
  orderQuery,
  takeProductStock,
} from './queries.ts';

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

/** The part of `total` a voucher of `bps` takes off, rounded down (in the platform's favour). */
export const discountOf = (total: bigint, bps: number) => (total * BigInt(bps)) / 10_000n;

/** What paying for the cart from each wallet would take; changes nothing. */
export async function previewCart(
  d: MoneyDeps,
  member: SessionMember,
  wanted?: ShopPaymentWallet,
  voucherId?: string,
) {
  const now = d.clock.now();
  const lines = await readCart(d.db, member.id);
  const vouchers = await usableShopVouchers(d.db, member.id, now);
  const voucher = voucherId ? vouchers.find((v) => v.id === voucherId) : undefined;
  if (voucherId && !voucher) throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
  const bps = voucher ? await shopVoucherBps(d.db, voucher.id, member.id, now) : 0;
  const allAvailable = lines.length > 0 && lines.every(available);
  const wallets = await Promise.all(
    SHOP_PAYMENT_WALLETS.map(async (wallet) => {
      const asset = walletAsset(wallet);
      const gross = totalIn(lines, asset);
      const total = gross === undefined ? undefined : gross - discountOf(gross, bps);
      const minimum = await minimumOf(d.db, asset);
      const balance = (await d.ledger.memberBalance(d.db, member.id, wallet, asset)).available;
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
    addresses: await addressesOf(d.db, member.id),
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

type BuyInput = ParsedRequestOf<typeof buyProductSave2>;

/** A copy of the address the order ships to (none when the goods are kept). */
async function shippingAddress(db: Db, memberId: string, input: BuyInput) {
  if (input.delivery !== 'ship') return null;
  if (!input.address_id) throw fieldRefusal(422, 'address_id', 'shop_address_required');
  const a = (await addressesOf(db, memberId)).find(
    (x) => x.id === numericId(input.address_id!, fieldRefusal(404, 'address_id', 'shop_address_unknown')),
  );
  if (!a) throw fieldRefusal(404, 'address_id', 'shop_address_unknown');
  const { id: _id, is_default: _d, ...copy } = a;
  return copy as Record<string, unknown>;
}

/** Refuses a cart with a line not on sale, short of stock, or without a price in the wallet's asset. */
function refuseUnbuyable(lines: CartLine[], asset: AssetCode) {
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
}

/**
 * Takes the goods off the stock, only if they are still there (never oversold), in one order of products so that
 * buyers of the same goods wait for each other rather than deadlock.
 */
async function takeStock(tx: Tx, lines: CartLine[]) {
  for (const l of [...lines].sort((a, b) => Number(a.product.id) - Number(b.product.id))) {
    if (await takeProductStock(tx, l.product.id, l.quantity)) continue;
    const now = await findProduct(tx, l.product.id);
    if (!now.active) throw fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: now.name });
    throw fieldRefusal(409, 'quantity', 'shop_out_of_stock', { name: now.name, left: now.stock });
  }
}

type Sale = {
  orderId: string;
  orderNo: string;
  memberId: string;
  lines: CartLine[];
  asset: AssetCode;
  state: 'kept' | 'paid';
  at: Date;
};

/** The order's items and its first timeline events; kept goods go to the member's inventory. */
async function writeItems(tx: Tx, s: Sale) {
  await insertOrderItems(
    tx,
    s.lines.map((l) => ({
      order_id: s.orderId,
      product_id: l.product.id,
      name: l.product.name,
      translations: itemTranslations(l.product),
      unit_price: priceIn(l, s.asset)!,
      quantity: l.quantity,
    })),
  );
  await insertOrderEvents(tx, [
    { order_id: s.orderId, state: 'paid', at: s.at },
    ...(s.state === 'kept' ? [{ order_id: s.orderId, state: 'kept', at: s.at }] : []),
  ]);
  if (s.state === 'kept')
    for (const l of s.lines)
      await addStock(tx, {
        memberId: s.memberId,
        productId: l.product.id,
        quantity: l.quantity,
        kind: 'bought',
        orderId: s.orderId,
        at: s.at,
      });
}

/**
 * Buys the whole cart in one ledger operation: the product rows are locked (so many buyers of the last item
 * never oversell), the stock is taken, the member pays from the wallet to the shop's revenue account, the sponsor
 * and level bonuses are paid on the order's USDT value (as for mining), the order is written with its items and
 * first timeline event, the goods go to the inventory when kept, and the cart is emptied. A retry with the same
 * key answers with the first order.
 */
export async function buyCart(d: MoneyDeps, member: SessionMember, input: BuyInput) {
  if (!input.agree) throw fieldRefusal(422, 'agree', 'shop_agree_required');
  const memberId = member.id;
  const address = await shippingAddress(d.db, memberId, input);
  // Goods bought here leave with whoever holds the session: held like transfers after a security change.
  await refuseWhileHeld(d, memberId);
  await d.txPassword.verify(member, input.tx_password);
  const now = d.clock.now();
  const request = {
    wallet: input.wallet,
    delivery: input.delivery,
    address: input.address_id ?? '',
    voucher: input.voucher_id ?? '',
  };
  return d.ledger.operation(
    { key: `s:${memberId}:${input.idempotency_key}`, kind: 'shop_purchase', memberId, request },
    (op) => payForCart(op, member, input, address, now),
  );
}

/** The purchase inside its ledger operation (see buyCart). */
async function payForCart(
  op: OperationContext,
  member: SessionMember,
  input: BuyInput,
  address: Record<string, unknown> | null,
  now: Date,
) {
  const memberId = member.id;
  const wallet = input.wallet;
  const asset = walletAsset(wallet);
  const lines = await readCart(op.tx, memberId, true);
  refuseUnbuyable(lines, asset);
  const gross = totalIn(lines, asset)!;
  // The voucher's discount rounds down; the voucher itself is taken once the order exists (below).
  const bps = input.voucher_id ? await shopVoucherBps(op.tx, input.voucher_id, memberId, now) : 0;
  const discount = discountOf(gross, bps);
  const total = gross - discount;
  const minimum = await minimumOf(op.tx, asset);
  if (total < minimum)
    throw fieldRefusal(422, 'wallet', 'shop_points_minimum', { asset, min: money(minimum, asset) });
  const orderId = await nextOrderId(op.tx);
  const orderNo = `S${now.toISOString().slice(0, 10).replaceAll('-', '')}${orderId.padStart(8, '0')}`;
  const volume = usdtVolume(lines, asset, total, bps);
  const bonuses = await purchaseBonusLegs(op.tx, await currentPlan(op.tx), {
    buyerId: memberId,
    buyerUserid: member.userid,
    volume,
    asset: 'USDT',
    reference: `shop:${orderNo}`,
  });
  const state = input.delivery === 'keep' ? 'kept' : 'paid';
  await insertOrder(op.tx, {
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
  });
  // Used once: two checkouts racing for one voucher both get here, and the second is refused.
  if (input.voucher_id) await useShopVoucher(op.tx, input.voucher_id, memberId, orderId, now);
  await writeItems(op.tx, { orderId, orderNo, memberId, lines, asset, state, at: now });
  await emptyCart(op.tx, memberId);
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
  // Last, so that the rows every buyer shares are held only until the commit: the stock, then the payment (the
  // shop's revenue account).
  await takeStock(op.tx, lines);
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
}
