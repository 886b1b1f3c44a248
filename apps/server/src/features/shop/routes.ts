import {
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
  inventoryIndex,
  inventoryRedeem,
  inventoryStock,
  inventoryTransferCheck,
  inventoryTransferSave,
  latestSales,
  memberSales,
  memberCartList,
  salesSummary,
  shopOrders,
  shopProduct,
  shopProducts,
  stockMenu,
  stockRecord,
  whereIs,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { likePattern } from '../../lib/like.ts';
import { propagateAfterCommit } from '../network/index.ts';
import { listAddresses, removeAddress, saveAddress } from './addresses.ts';
import { updateShopOrder } from './admin-orders.ts';
import { memberCart, saveCartLine } from './cart.ts';
import { buyCart, previewCart } from './checkout.ts';
import { placeAt } from './gazetteer.ts';
import {
  inventoryOverview,
  listRecords,
  memberStock,
  productStock,
  redeemStock,
  stockFilters,
  stockRecipient,
  transferStock,
} from './inventory.ts';
import { adminOrders, memberOrders, orderDelivery } from './orders.ts';
import {
  adminProducts,
  listProducts,
  type NameLike,
  productCategories,
  productDetail,
  saveProduct,
} from './products.ts';
import { infoPoolOf, latestTeamSales, salesByDay, salesSummaryOf } from './sales.ts';

/** A search of product names: its words meant literally (`%` and `_` too). */
const nameLike = (q: string | undefined): NameLike => (q ? likePattern(q) : undefined);

/** The shop's calls (issue 12): products, cart, addresses, checkout, orders and the admin's products. */
export function shopRoutes(d: MoneyDeps): CallRoute[] {
  const { db } = d;
  return [
    handle(shopProducts, (input, ctx) => listProducts(db, input, nameLike(input.q), ctx.lang)),
    handle(shopProduct, ({ id }, ctx) => productDetail(db, id, ctx.lang)),
    handle(getFilterType, () => productCategories(db)),
    handle(memberCartList, (_i, ctx) => memberCart(db, ctx.member.id, ctx.lang)),
    handle(cartSave, async (input, ctx) =>
      reply(await saveCartLine(d, ctx.member.id, input, ctx.lang), 'shop_cart_saved'),
    ),
    handle(addressList, (_i, ctx) => listAddresses(db, ctx.member.id)),
    handle(addressSave, async (input, ctx) =>
      reply(await saveAddress(d, ctx.member.id, input), 'shop_address_saved'),
    ),
    handle(whereIs, ({ lat, lng }) => placeAt(lat, lng)),
    handle(addressDelete, async ({ id }, ctx) =>
      reply(await removeAddress(d, ctx.member.id, id), 'shop_address_deleted'),
    ),
    handle(buyProductPreview2, (input, ctx) => previewCart(d, ctx.member, input.wallet, input.voucher_id)),
    handle(buyProductSave2, async (input, ctx) => {
      const result = await buyCart(d, ctx.member, input);
      await propagateAfterCommit(db, d.log);
      return reply(result, 'shop_order_paid', { order_no: result.order.order_no });
    }),
    handle(shopOrders, (input, ctx) => memberOrders(db, ctx.member.id, input, ctx.lang)),
    handle(getDeliver, (input, ctx) => orderDelivery(db, ctx.member.id, input, ctx.lang)),
    handle(inventoryIndex, (_i, ctx) => inventoryOverview(db, ctx.member.id, ctx.lang)),
    handle(getStock, (_i, ctx) => memberStock(db, ctx.member.id, ctx.lang)),
    handle(stockMenu, (_i, ctx) => stockFilters(db, ctx.member.id, ctx.lang)),
    handle(stockRecord, (input, ctx) => listRecords(db, ctx.member.id, input, ctx.lang)),
    handle(inventoryStock, (input, ctx) => productStock(db, ctx.member.id, input, ctx.lang)),
    handle(inventoryTransferCheck, (input, ctx) => stockRecipient(db, ctx.member.id, input)),
    handle(inventoryTransferSave, async (input, ctx) => {
      const r = await transferStock(d, ctx.member, input);
      return reply(r, 'inventory_sent', { quantity: r.quantity, userid: r.to_userid });
    }),
    handle(inventoryRedeem, async (input, ctx) => {
      const r = await redeemStock(d, ctx.member, input);
      return reply(r, 'inventory_redeemed', { order_no: r.order.order_no });
    }),
    handle(memberSales, ({ days }, ctx) => salesByDay(db, d.clock, ctx.member.id, days)),
    handle(latestSales, ({ limit }, ctx) => latestTeamSales(db, ctx.member.id, limit)),
    handle(salesSummary, (_i, ctx) => salesSummaryOf(db, d.clock, ctx.member.id)),
    handle(infoPool, (_i, ctx) => infoPoolOf(db, d.clock, ctx.member.id)),
    handle(adminShopOrders, (input, ctx) => adminOrders(db, input, ctx.lang)),
    handle(adminShopOrderUpdate, async (input, ctx) => {
      const result = await updateShopOrder(d, ctx.member, input, ctx.lang);
      const cancel = input.action === 'cancel';
      return reply(
        result,
        cancel ? 'shop_order_cancelled' : 'shop_order_updated',
        cancel ? { amount: result.order.total, asset: result.order.asset } : {},
      );
    }),
    handle(adminProductList, (input) => adminProducts(db, input, nameLike(input.q))),
    handle(adminProductSave, async (input, ctx) =>
      reply(await saveProduct(d, ctx.member.id, input), 'shop_product_saved'),
    ),
  ];
}
