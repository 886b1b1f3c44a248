import { z } from 'zod';
import {
  defineCall,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  text,
  translationsField,
} from '../../call.ts';
import { ASSET_CODES, SHOP_ORDER_STATES } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { shopProductSchema } from './catalogue.ts';
import { shopOrderSchema } from './orders.ts';

/** The shop's admin calls: products and orders (issue 12). */
const id = () => text(20);
const optionalId = () => optionalText(20);

export const adminProductSave = defineCall({
  name: 'Admin/productsave',
  method: 'POST',
  auth: 'admin',
  tag: 'shop',
  summary:
    'Adds or edits a product: name, description, category, price in one or more assets, stock, on sale or not',
  request: z.object({
    id: optionalId(),
    name: text(100),
    description: optionalText(4000),
    category: optionalText(40),
    /** The main price, in `asset`. */
    price: text(40),
    asset: oneOf(ASSET_CODES as unknown as [string, ...string[]]),
    /** More prices, e.g. in points: `[{ asset, price }]`. */
    prices: z
      .array(z.object({ asset: oneOf(ASSET_CODES as unknown as [string, ...string[]]), price: text(40) }))
      .max(4)
      .optional(),
    stock: formInt(0, 10_000_000),
    active: formBool(),
    image_id: optionalId(),
    sort_order: formInt(-100_000, 100_000, 0),
    /**
     * The name and description in the members' other languages (the default ones are name and description), shown
     * to a member reading that language; left as they are when not sent.
     */
    translations: translationsField({ description: optionalText(4000) }),
  }),
  response: z.object({ id: z.string() }),
});

export const adminProductList = defineCall({
  name: 'Admin/productlist',
  method: 'POST',
  auth: 'admin',
  tag: 'shop',
  summary: 'Every product, on sale or not, with its stock and sales',
  request: z.object({ ...pagingFields, q: optionalText(60) }),
  response: pagedSchema(
    shopProductSchema.extend({
      description: z.string(),
      active: z.boolean(),
      sold: z.number(),
      sort_order: z.number(),
      /** The picture's upload id ('' for none), to keep it when the product is edited. */
      image_id: z.string(),
      /** The name and description in the other languages, as Admin/productsave takes them. */
      translations: z.array(z.object({ lang: z.string(), name: z.string(), description: z.string() })),
    }),
  ),
});

export const SHOP_ORDER_ACTIONS = ['pack', 'ship', 'deliver', 'cancel'] as const;

export const adminShopOrders = defineCall({
  name: 'Admin/shoporders',
  method: 'POST',
  auth: 'admin',
  tag: 'shop',
  summary: 'Shop orders of every member, newest first, by state or by order number or member',
  request: z.object({ ...pagingFields, state: oneOf(SHOP_ORDER_STATES).optional(), q: optionalText(40) }),
  response: pagedSchema(shopOrderSchema.extend({ userid: z.string() })),
});

export const adminShopOrderUpdate = defineCall({
  name: 'Admin/shoporderupdate',
  method: 'POST',
  auth: 'admin',
  tag: 'shop',
  summary:
    'Moves an order on: packed, shipped (carrier and tracking number), delivered; or cancels it, refunding the payment and returning the stock once (audited)',
  request: z.object({
    order_id: id(),
    action: oneOf(SHOP_ORDER_ACTIONS),
    carrier: optionalText(60),
    tracking_no: optionalText(60),
    note: optionalText(200),
  }),
  response: z.object({ order: shopOrderSchema }),
});
