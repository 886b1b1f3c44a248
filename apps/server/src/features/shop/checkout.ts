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
import { type Db, pgErrorCode } from '../../db/database.ts';
import type { ItemTranslations } from '../../db/schema-shop.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import {
  embeddedPosting,
  embeddedRefusal,
  type Leg,
  memberAccount,
  type OperationInput,
  operationByKey,
  platformAccount,
  requestHash,
} from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import { currentPlan, purchaseBonusLegs } from '../network/index.ts';
import { refuseWhileHeld } from '../../platform/security-hold.ts';
import { shopVoucherBps, usableShopVouchers } from '../mining/index.ts';
import { cachedSetting } from '../../platform/settings.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { available, type CartLine, cartView, priceIn, readCart, totalIn } from './cart.ts';
import { findProduct, itemTranslations, walletAsset } from './catalog.ts';
import { orderView } from './orders.ts';
import { addressesOf, buyInOneTrip, type OrderToWrite, orderQuery, type PlacedRow } from './queries.ts';

export const SHOP_SETTINGS_KEY = 'shop';
export type ShopSettings = { points_minimum: string };

/** The smallest payment a wallet takes, in minor units of its asset (points wallets only). */
export async function minimumOf(db: Db, asset: AssetCode): Promise<bigint> {
  if (asset !== 'RP' && asset !== 'DP') return 0n;
  const fallback = { points_minimum: SHOP_POINTS_MINIMUM };
  const s = await cachedSetting<ShopSettings>(db, SHOP_SETTINGS_KEY, fallback);
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

/** Stands for the order's number in the legs' references and details until shop_buy knows it (migration 0043). */
const ORDER_NO = '{order_no}';

/** The order as decided from what was read, before shop_buy writes it. */
type PlannedOrder = OrderToWrite & { asset: AssetCode; delivery: BuyInput['delivery']; legs: Leg[] };

/**
 * Decides the order from the cart, the voucher, the plan and the sponsor chain as they are now (no transaction:
 * shop_buy checks, under its locks, that the cart and its prices are still what was read here), or refuses it.
 */
async function planOrder(
  d: MoneyDeps,
  member: SessionMember,
  input: BuyInput,
  address: Record<string, unknown> | null,
  now: Date,
): Promise<PlannedOrder> {
  const memberId = member.id;
  const wallet = input.wallet;
  const asset = walletAsset(wallet);
  const lines = await readCart(d.db, memberId);
  refuseUnbuyable(lines, asset);
  const gross = totalIn(lines, asset)!;
  // The voucher's discount rounds down; shop_buy uses the voucher once, at this discount.
  const bps = input.voucher_id ? await shopVoucherBps(d.db, input.voucher_id, memberId, now) : 0;
  const discount = discountOf(gross, bps);
  const total = gross - discount;
  const minimum = await minimumOf(d.db, asset);
  if (total < minimum)
    throw fieldRefusal(422, 'wallet', 'shop_points_minimum', { asset, min: money(minimum, asset) });
  const volume = usdtVolume(lines, asset, total, bps);
  const bonuses = await purchaseBonusLegs(d.db, await currentPlan(d.db), {
    buyerId: memberId,
    buyerUserid: member.userid,
    volume,
    asset: 'USDT',
    reference: `shop:${ORDER_NO}`,
  });
  const payment: Leg = {
    debit: memberAccount(memberId, wallet, asset),
    credit: platformAccount('shop_revenue', asset),
    amount: total,
    kind: 'shop_purchase',
    reference: ORDER_NO,
    details: { order: ORDER_NO, items: String(lines.length) },
  };
  const items = lines.map((l) => ({
    product_id: l.product.id,
    quantity: l.quantity,
    unit_price: priceIn(l, asset)!,
    name: l.product.name,
    translations: itemTranslations(l.product),
  }));
  return {
    memberId,
    wallet,
    asset,
    delivery: input.delivery,
    address,
    voucherId: input.voucher_id || null,
    bps,
    total,
    discount,
    volume,
    items,
    legs: [payment, ...bonuses],
  };
}

/** The answer to a purchase: the order as it was written (the same shape as orderQuery's row, read back). */
function placedOrder(o: PlannedOrder, placed: PlacedRow) {
  const order = orderView({
    id: placed.order_id,
    order_no: placed.order_no,
    state: o.delivery === 'keep' ? 'kept' : 'paid',
    delivery: o.delivery,
    total: o.total.toString(),
    discount: o.discount.toString(),
    asset: o.asset,
    wallet: o.wallet,
    address: o.address,
    carrier: '',
    tracking_no: '',
    created_at: placed.created_at,
    items: [...o.items]
      .sort((a, b) => Number(a.product_id) - Number(b.product_id))
      .map(({ translations, ...i }) => ({
        ...i,
        translations: JSON.parse(translations) as ItemTranslations,
      })),
  });
  return { order_id: order.order_id, total: order.total, order };
}

/** The order an operation made (a retry with its key and request gets it); the same key with another request: 409. */
async function existingOrder(d: MoneyDeps, key: string, hash: Buffer) {
  const op = await operationByKey(d.db, key);
  if (!op) return undefined;
  if (!op.request_hash.equals(hash)) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  const order = orderView(
    await orderQuery(d.db).where('o.operation_id', '=', op.id).executeTakeFirstOrThrow(),
  );
  return { order_id: order.order_id, total: order.total, order };
}

/** The refusal for a product shop_buy could not take off the stock (P0412), as it is now. */
async function unavailable(d: MoneyDeps, productId: string) {
  const now = await findProduct(d.db, productId);
  if (!now.active) return fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: now.name });
  return fieldRefusal(409, 'quantity', 'shop_out_of_stock', { name: now.name, left: now.stock });
}

type Answer = Awaited<ReturnType<typeof placedOrder>>;

/**
 * One attempt at the order: decided from a read of the cart, then written in one round trip (shop_buy). 'moved'
 * when the cart changed between the two (or a deadlock undid it): nothing was written, the caller tries again.
 */
async function attemptOrder(
  d: MoneyDeps,
  member: SessionMember,
  input: BuyInput,
  address: Record<string, unknown> | null,
  operation: OperationInput,
): Promise<Answer | 'moved'> {
  const hash = requestHash(operation);
  const now = d.clock.now();
  let planned: PlannedOrder;
  try {
    planned = await planOrder(d, member, input, address, now);
  } catch (err) {
    // A retry of an order already made (its cart is empty now) gets that order, as the key is checked first.
    if (err instanceof Refusal) {
      const first = await existingOrder(d, operation.key, hash);
      if (first) return first;
    }
    throw err;
  }
  const posting = await embeddedPosting(d.ledger, operation, planned.legs);
  let row: PlacedRow;
  try {
    row = await buyInOneTrip(d.db, planned, now, posting);
  } catch (err) {
    const refusal = embeddedRefusal(err);
    if (refusal === 'existing') return (await existingOrder(d, operation.key, hash)) ?? 'moved';
    if (refusal === 'insufficient') {
      // A request with this key may have spent the money first: then its answer is the answer.
      const first = await existingOrder(d, operation.key, hash);
      if (first) return first;
      throw fieldRefusal(422, 'wallet', 'insufficient_balance');
    }
    // shop_buy names the product in the error's detail.
    if (pgErrorCode(err) === 'P0412') throw await unavailable(d, (err as { detail?: string }).detail ?? '');
    if (pgErrorCode(err) === 'P0411') throw fieldRefusal(409, 'voucher_id', 'voucher_unavailable');
    if (pgErrorCode(err) === '40P01' || pgErrorCode(err) === '40001') return 'moved';
    throw err;
  }
  if (row.outcome === 'moved') return 'moved';
  if (row.outcome === 'existing') return (await existingOrder(d, operation.key, hash)) ?? 'moved';
  posting.committed();
  return placedOrder(planned, row);
}

/** How often an order is decided again when its cart changed meanwhile (another tab) before giving up. */
const ATTEMPTS = 5;

/**
 * Buys the whole cart in one ledger operation, written in one round trip to PostgreSQL (shop_buy, migration 0043):
 * the stock is taken only if it is still there (never oversold), the member pays from the wallet to the shop's
 * revenue account, the sponsor and level bonuses are paid on the order's USDT value (as for mining), the order is
 * written with its items and first timeline event, the goods go to the inventory when kept, the purchase is recorded
 * for the team's volume, and the cart is emptied. A retry with the same key answers with the first order.
 */
export async function buyCart(d: MoneyDeps, member: SessionMember, input: BuyInput) {
  if (!input.agree) throw fieldRefusal(422, 'agree', 'shop_agree_required');
  const memberId = member.id;
  const address = await shippingAddress(d.db, memberId, input);
  // Goods bought here leave with whoever holds the session: held like transfers after a security change.
  await refuseWhileHeld(d, memberId);
  await d.txPassword.verify(member, input.tx_password);
  const request = {
    wallet: input.wallet,
    delivery: input.delivery,
    address: input.address_id ?? '',
    voucher: input.voucher_id ?? '',
  };
  const operation = {
    key: `s:${memberId}:${input.idempotency_key}`,
    kind: 'shop_purchase',
    memberId,
    request,
  };
  for (let attempt = 1; ; attempt++) {
    const answer = await attemptOrder(d, member, input, address, operation);
    if (answer !== 'moved') return answer;
    if (attempt >= ATTEMPTS) throw new Error('shop: the cart kept changing while it was bought');
  }
}
