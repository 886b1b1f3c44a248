import { z } from 'zod';
import { defineCall, empty, formInt, text } from '../../call.ts';
import { SHOP_MAX_QUANTITY } from '../../constants.ts';
import { shopPriceSchema } from './catalogue.ts';

/** The member's cart (issue 12). */
const id = () => text(20);

export const cartLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  image_url: z.string(),
  quantity: z.number(),
  stock: z.number(),
  prices: z.array(shopPriceSchema),
  /** False when the product left the shop or has less stock than the line asks for. */
  available: z.boolean(),
});

export const cartSchema = z.object({
  list: z.array(cartLineSchema),
  count: z.number(),
  /** The cart's total in each asset every line can be paid in. */
  totals: z.array(shopPriceSchema),
});

export const cartSave = defineCall({
  name: 'Shop/cartsave',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Sets a product’s quantity in the cart (0 removes it); answers with the cart',
  request: z.object({ product_id: id(), quantity: formInt(0, SHOP_MAX_QUANTITY) }),
  response: cartSchema,
});

export const memberCartList = defineCall({
  name: 'Member/membercartlist',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The member’s cart with each line’s prices and the totals',
  request: empty,
  response: cartSchema,
});
