/** Calls of the shop (issue 12), by part. Money is a decimal string in major units of its asset. */
export * from './shop/addresses.ts';
export * from './shop/admin.ts';
export * from './shop/cart.ts';
export * from './shop/catalogue.ts';
export * from './shop/inventory.ts';
export * from './shop/orders.ts';
export * from './shop/sales.ts';
