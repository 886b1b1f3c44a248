// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as shop from '../calls/shop.ts';

export const addressDelete: CallRef<typeof shop.addressDelete> = {
  name: 'Member/addressdelete',
  method: 'POST',
};
export const addressList: CallRef<typeof shop.addressList> = { name: 'Member/addresslist', method: 'POST' };
export const addressSave: CallRef<typeof shop.addressSave> = { name: 'Member/addresssave', method: 'POST' };
export const adminProductList: CallRef<typeof shop.adminProductList> = {
  name: 'Admin/productlist',
  method: 'POST',
};
export const adminProductSave: CallRef<typeof shop.adminProductSave> = {
  name: 'Admin/productsave',
  method: 'POST',
};
export const adminShopOrders: CallRef<typeof shop.adminShopOrders> = {
  name: 'Admin/shoporders',
  method: 'POST',
};
export const adminShopOrderUpdate: CallRef<typeof shop.adminShopOrderUpdate> = {
  name: 'Admin/shoporderupdate',
  method: 'POST',
};
export const buyProductPreview2: CallRef<typeof shop.buyProductPreview2> = {
  name: 'Asset/BuyProductPreview2',
  method: 'POST',
};
export const buyProductSave2: CallRef<typeof shop.buyProductSave2> = {
  name: 'Asset/BuyProductSave2',
  method: 'POST',
};
export const cartSave: CallRef<typeof shop.cartSave> = { name: 'Shop/cartsave', method: 'POST' };
export const getDeliver: CallRef<typeof shop.getDeliver> = { name: 'Member/getdeliver', method: 'POST' };
export const getFilterType: CallRef<typeof shop.getFilterType> = {
  name: 'Member/getFilterType',
  method: 'POST',
};
export const getStock: CallRef<typeof shop.getStock> = { name: 'Inventory/getstock', method: 'POST' };
export const infoPool: CallRef<typeof shop.infoPool> = { name: 'member/getinfopool', method: 'POST' };
export const inventoryIndex: CallRef<typeof shop.inventoryIndex> = {
  name: 'Inventory/Inventoryindex',
  method: 'POST',
};
export const inventoryRedeem: CallRef<typeof shop.inventoryRedeem> = {
  name: 'Inventory/redeem',
  method: 'POST',
};
export const inventoryStock: CallRef<typeof shop.inventoryStock> = {
  name: 'Inventory/stock',
  method: 'POST',
};
export const inventoryTransferCheck: CallRef<typeof shop.inventoryTransferCheck> = {
  name: 'Inventory/transfer',
  method: 'POST',
};
export const inventoryTransferSave: CallRef<typeof shop.inventoryTransferSave> = {
  name: 'Inventory/transfersave',
  method: 'POST',
};
export const latestSales: CallRef<typeof shop.latestSales> = { name: 'Member/Lastestsales', method: 'POST' };
export const memberCartList: CallRef<typeof shop.memberCartList> = {
  name: 'Member/membercartlist',
  method: 'POST',
};
export const memberSales: CallRef<typeof shop.memberSales> = { name: 'Member/memberSales', method: 'POST' };
export const salesSummary: CallRef<typeof shop.salesSummary> = { name: 'Member/csummary', method: 'POST' };
export const shopOrders: CallRef<typeof shop.shopOrders> = { name: 'Shop/orders', method: 'POST' };
export const shopProduct: CallRef<typeof shop.shopProduct> = { name: 'Shop/product', method: 'POST' };
export const shopProducts: CallRef<typeof shop.shopProducts> = { name: 'Shop/products', method: 'POST' };
export const stockMenu: CallRef<typeof shop.stockMenu> = { name: 'Inventory/stockmenu', method: 'POST' };
export const stockRecord: CallRef<typeof shop.stockRecord> = {
  name: 'Inventory/stockrecord',
  method: 'POST',
};
export const whereIs: CallRef<typeof shop.whereIs> = { name: 'Member/whereis', method: 'POST' };
