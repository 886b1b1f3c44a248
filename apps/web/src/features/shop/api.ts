import type { RequestOf, ResponseOf, ShopPaymentWallet } from '@mp/contract';
import {
  addressDelete,
  addressList,
  addressSave,
  buyProductPreview2,
  buyProductSave2,
  cartSave,
  getDeliver,
  getFilterType,
  getStock,
  infoPool,
  inventoryIndex,
  inventoryRedeem,
  inventoryTransferCheck,
  inventoryTransferSave,
  latestSales,
  memberCartList,
  memberSales,
  salesSummary,
  shopOrders,
  shopProduct,
  shopProducts,
  stockMenu,
  stockRecord,
} from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const shopKeys = {
  all: ['shop'] as const,
  products: (category: string, q: string) => ['shop', 'products', category, q] as const,
  product: (id: string) => ['shop', 'product', id] as const,
  categories: ['shop', 'categories'] as const,
  cart: ['shop', 'cart'] as const,
  previews: ['shop', 'preview'] as const,
  preview: (wallet: string, voucher: string) => ['shop', 'preview', wallet, voucher] as const,
  addresses: ['shop', 'addresses'] as const,
  deliver: (id: string) => ['shop', 'deliver', id] as const,
};

export type Product = ResponseOf<typeof shopProducts>['list'][number];
export type Cart = ResponseOf<typeof memberCartList>;
export type Address = ResponseOf<typeof addressList>['list'][number];
export type ShopOrder = ResponseOf<typeof shopOrders>['list'][number];

export const productsQuery = (category: string, q: string) =>
  queryOptions({
    queryKey: shopKeys.products(category, q),
    queryFn: () =>
      api(shopProducts, { page: 1, pagesize: 100, ...(category ? { category } : {}), ...(q ? { q } : {}) }),
  });
export const productQuery = (id: string) =>
  queryOptions({ queryKey: shopKeys.product(id), queryFn: () => api(shopProduct, { id }) });
export const categoriesQuery = queryOptions({
  queryKey: shopKeys.categories,
  queryFn: () => api(getFilterType, {}, { quiet: true }),
  staleTime: 60_000,
});
export const cartQuery = queryOptions({ queryKey: shopKeys.cart, queryFn: () => api(memberCartList, {}) });
export const previewQuery = (wallet: ShopPaymentWallet | '', voucher = '') =>
  queryOptions({
    queryKey: shopKeys.preview(wallet, voucher),
    queryFn: () =>
      api(buyProductPreview2, { ...(wallet ? { wallet } : {}), ...(voucher ? { voucher_id: voucher } : {}) }),
  });
export const addressesQuery = queryOptions({
  queryKey: shopKeys.addresses,
  queryFn: () => api(addressList, {}),
});
export const deliverQuery = (orderId: string) =>
  queryOptions({
    queryKey: shopKeys.deliver(orderId),
    queryFn: () => api(getDeliver, { order_id: orderId }),
  });

export const fetchOrders = (page: number, pagesize: number) => api(shopOrders, { page, pagesize });
export const setCartQuantity = (productId: string, quantity: number) =>
  apiEnvelope(cartSave, { product_id: productId, quantity });
export const buyCart = (input: RequestOf<typeof buyProductSave2>) => api(buyProductSave2, input);
export const saveAddress = (input: RequestOf<typeof addressSave>) => apiEnvelope(addressSave, input);
export const deleteAddress = (id: string) => apiEnvelope(addressDelete, { id });

export const SHOP_PATHS = {
  shop: '/pages/shop/shop',
  cart: '/pages/shop/cart',
  checkout: '/pages/shop/checkout',
  orders: '/pages/shop/orders',
  addresses: '/pages/personal/MyAddress',
  newAddress: '/pages/personal/AddNewAddress',
  inventory: '/pages/Inventory/Inventory',
  stock: '/pages/Inventory/stock',
};

export const stockQuery = queryOptions({
  queryKey: ['shop', 'stock'] as const,
  queryFn: () => api(getStock, {}),
});
export const inventoryIndexQuery = queryOptions({
  queryKey: ['shop', 'inventory-index'] as const,
  queryFn: () => api(inventoryIndex, {}),
});
export const stockMenuQuery = queryOptions({
  queryKey: ['shop', 'stock-menu'] as const,
  queryFn: () => api(stockMenu, {}),
});
export const fetchStockRecords = (productId: string, kind: string) => (page: number, pagesize: number) =>
  api(stockRecord, {
    page,
    pagesize,
    ...(productId ? { product_id: productId } : {}),
    ...(kind ? { kind: kind as 'sent' } : {}),
  });
export const checkStockRecipient = (toUserid: string) =>
  api(inventoryTransferCheck, { to_userid: toUserid }, { quiet: true });
export const sendStock = (input: RequestOf<typeof inventoryTransferSave>) =>
  apiEnvelope(inventoryTransferSave, input);
export const redeemStock = (input: RequestOf<typeof inventoryRedeem>) => apiEnvelope(inventoryRedeem, input);

export const salesQuery = (days: number) =>
  queryOptions({ queryKey: ['shop', 'sales', days] as const, queryFn: () => api(memberSales, { days }) });
export const latestSalesQuery = queryOptions({
  queryKey: ['shop', 'latest-sales'] as const,
  queryFn: () => api(latestSales, { limit: 20 }),
});
export const salesSummaryQuery = queryOptions({
  queryKey: ['shop', 'sales-summary'] as const,
  queryFn: () => api(salesSummary, {}),
});
export const infoPoolQuery = queryOptions({
  queryKey: ['shop', 'info-pool'] as const,
  queryFn: () => api(infoPool, {}),
});
