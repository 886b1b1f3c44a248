import { z } from 'zod';
import { defineCall, empty, formInt, oneOf, optionalText, pagingFields, secret, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { idempotencyKey } from '../transfer.ts';
import { shopOrderSchema } from './orders.ts';

/** Inventory: the goods a member keeps, passes on and has delivered. */
const id = () => text(20);
const optionalId = () => optionalText(20);

export const INVENTORY_RECORD_KINDS = ['bought', 'received', 'sent', 'redeemed', 'returned'] as const;

export const stockLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  image_url: z.string(),
  quantity: z.number(),
});

export const inventoryIndex = defineCall({
  name: 'Inventory/Inventoryindex',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The inventory’s overview: how many products and items the member holds, and the latest changes',
  request: empty,
  response: z.object({
    products: z.number(),
    items: z.number(),
    latest: z.array(
      z.object({
        kind: z.enum(INVENTORY_RECORD_KINDS),
        name: z.string(),
        quantity: z.number(),
        at: z.string(),
      }),
    ),
  }),
});

export const getStock = defineCall({
  name: 'Inventory/getstock',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The member’s stock of each product they hold',
  request: empty,
  response: z.object({ list: z.array(stockLineSchema) }),
});

export const stockMenu = defineCall({
  name: 'Inventory/stockmenu',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'What the stock records can be filtered by: the kinds of change and the products the member has had',
  request: empty,
  response: z.object({
    kinds: z.array(z.enum(INVENTORY_RECORD_KINDS)),
    products: z.array(z.object({ product_id: z.string(), name: z.string() })),
  }),
});

export const stockRecordSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  kind: z.enum(INVENTORY_RECORD_KINDS),
  quantity: z.number(),
  balance_after: z.number(),
  /** The other member of a transfer ('' otherwise). */
  counterparty: z.string(),
  order_no: z.string(),
  at: z.string(),
});

export const stockRecord = defineCall({
  name: 'Inventory/stockrecord',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'Every change of the member’s stock, newest first: bought, received from, sent to, redeemed, returned',
  request: z.object({
    ...pagingFields,
    product_id: optionalId(),
    kind: oneOf(INVENTORY_RECORD_KINDS).optional(),
  }),
  response: pagedSchema(stockRecordSchema),
});

export const inventoryStock = defineCall({
  name: 'Inventory/stock',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'One product in the member’s inventory: the quantity held and its latest changes',
  request: z.object({ product_id: id() }),
  response: stockLineSchema.extend({ records: z.array(stockRecordSchema) }),
});

export const inventoryTransferCheck = defineCall({
  name: 'Inventory/transfer',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Checks the member stock is to be sent to: exists, is active and is not the sender',
  request: z.object({ to_userid: text(64) }),
  response: z.object({ userid: z.string(), name: z.string() }),
});

export const inventoryTransferSave = defineCall({
  name: 'Inventory/transfersave',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'Sends stock of a product to another member (transaction password; once per key; never below zero)',
  request: z.object({
    to_userid: text(64),
    product_id: id(),
    quantity: formInt(1, 1_000_000),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: z.object({
    to_userid: z.string(),
    product_id: z.string(),
    quantity: z.number(),
    left: z.number(),
  }),
});

export const inventoryRedeem = defineCall({
  name: 'Inventory/redeem',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'Has stock delivered to an address: an order to ship, paid by the stock (transaction password; once per key)',
  request: z.object({
    product_id: id(),
    quantity: formInt(1, 1_000_000),
    address_id: id(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: z.object({ order: shopOrderSchema, left: z.number() }),
});
