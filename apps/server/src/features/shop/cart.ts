import type { cartSave, Language, ParsedRequestOf } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { findProduct, type ProductRow, productView } from './catalog.ts';
import { cartLines, deleteCartLine, putCartLine } from './queries.ts';

export type CartLine = { product: ProductRow; quantity: number };

/** The member's cart, oldest line first (a purchase checks it again under lock: shop_buy, migration 0043). */
export async function readCart(db: Db, memberId: string): Promise<CartLine[]> {
  return (await cartLines(db, memberId)).map(({ quantity, ...product }) => ({ product, quantity }));
}

export const available = (l: CartLine) => l.product.active && l.product.stock >= l.quantity;
export const priceIn = (l: CartLine, asset: string) => l.product.prices.find((p) => p.asset === asset)?.price;

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

export function cartView(lines: CartLine[], lang?: Language) {
  const assets = [...new Set(lines.flatMap((l) => l.product.prices.map((p) => p.asset)))];
  return {
    list: lines.map((l) => {
      const v = productView(l.product, lang);
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

export async function memberCart(db: Db, memberId: string, lang?: Language) {
  return cartView(await readCart(db, memberId), lang);
}

/** Puts a quantity of a product in the cart (0 takes it out); the cart as it is now. */
export async function saveCartLine(
  d: { db: Db; clock: Clock },
  memberId: string,
  { product_id, quantity }: ParsedRequestOf<typeof cartSave>,
  lang?: Language,
) {
  if (quantity === 0) await deleteCartLine(d.db, memberId, (await findProduct(d.db, product_id)).id);
  else {
    const id = numericId(product_id, fieldRefusal(404, 'product_id', 'shop_product_unknown'));
    if (!(await putCartLine(d.db, memberId, id, quantity, d.clock.now()))) await refuseCartLine(d, id);
  }
  return memberCart(d.db, memberId, lang);
}

/** Why a product could not go in the cart: unknown, not on sale, or short of stock (read after the refused put). */
async function refuseCartLine(d: { db: Db }, productId: string): Promise<never> {
  const p = await findProduct(d.db, productId);
  if (!p.active) throw fieldRefusal(409, 'product_id', 'shop_not_on_sale', { name: p.name });
  throw fieldRefusal(409, 'quantity', 'shop_out_of_stock', { name: p.name, left: p.stock });
}
