import { z } from 'zod';
import { defineCall, empty, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';

/**
 * The shop's catalogue: products on sale and their categories (issue 12). Prices are decimal strings in major
 * units of their asset.
 */
const money = z.string();
const id = () => text(20);

export const shopPriceSchema = z.object({ asset: z.string(), price: money });

export const shopProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first price (the list's), in `asset`; `prices` has every asset the product is sold for. */
  price: money,
  asset: z.string(),
  prices: z.array(shopPriceSchema),
  stock: z.number(),
  category: z.string(),
  image_url: z.string(),
});

export const shopProducts = defineCall({
  name: 'Shop/products',
  method: 'POST',
  auth: 'public',
  tag: 'shop',
  summary: 'Products on sale, in the operator’s order, optionally of one category or matching a search',
  request: z.object({ ...pagingFields, category: optionalText(40), q: optionalText(60) }),
  response: pagedSchema(shopProductSchema),
});

export const shopProduct = defineCall({
  name: 'Shop/product',
  method: 'POST',
  auth: 'public',
  tag: 'shop',
  summary: 'One product with its description',
  request: z.object({ id: id() }),
  response: shopProductSchema.extend({ description: z.string(), active: z.boolean() }),
});

export const getFilterType = defineCall({
  name: 'Member/getFilterType',
  method: 'POST',
  auth: 'public',
  tag: 'shop',
  summary: 'The shop’s categories with how many products on sale each has',
  request: empty,
  response: z.object({ list: z.array(z.object({ category: z.string(), count: z.number() })) }),
});
