import { newKey } from './money.ts';
import type { TestApp } from './app.ts';

/** What the shop's tests share (shop.test.ts, checkout-race.test.ts). */

export const TX = '654321'; // the helpers' transaction password

/** A product an admin adds: in stock, USDT with a DP price too, unless `overrides` say otherwise. */
export async function newProduct(t: TestApp, admin: string, overrides: Record<string, unknown> = {}) {
  const { id } = await t.ok<{ id: string }>(
    'Admin/productsave',
    {
      name: `Vitamin C ${newKey('p').slice(-6)}`,
      description: 'One tablet a day.',
      category: 'health',
      price: '30',
      asset: 'USDT',
      prices: [{ asset: 'DP', price: '60' }],
      stock: 10,
      active: true,
      ...overrides,
    },
    { token: admin },
  );
  return id;
}

/** The member's order of the cart (`Asset/BuyProductSave2`), agreed, with the transaction password and a fresh key. */
export const buyCart = <T>(t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call<T>(
    'Asset/BuyProductSave2',
    { agree: true, tx_password: TX, idempotency_key: newKey('buy'), ...body },
    { token },
  );
