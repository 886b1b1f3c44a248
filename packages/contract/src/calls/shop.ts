import { z } from 'zod';
import {
  defineCall,
  empty,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import {
  ASSET_CODES,
  SHOP_DELIVERY,
  SHOP_MAX_QUANTITY,
  SHOP_ORDER_STATES,
  SHOP_PAYMENT_WALLETS,
} from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { voucherSchema } from './mining.ts';
import { idempotencyKey } from './transfer.ts';

/** Calls of the shop (issue 12). Money is a decimal string in major units of its asset. */
const money = z.string();
const id = () => text(20);
const optionalId = () => optionalText(20);

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

export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  is_default: z.boolean(),
});

const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ message: 'field_invalid' })
      .min(-limit, 'field_invalid')
      .max(limit, 'field_invalid')
      .optional(),
  );

export const addressSave = defineCall({
  name: 'Member/addresssave',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Adds or edits a delivery address; the default one is picked first at checkout',
  request: z.object({
    id: optionalId(),
    name: text(60),
    phone: text(30),
    line1: text(200),
    city: text(60),
    postcode: text(20),
    country: text(60),
    lat: coordinate(90),
    lng: coordinate(180),
    is_default: formBool(),
  }),
  response: z.object({ id: z.string() }),
});

export const addressList = defineCall({
  name: 'Member/addresslist',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The member’s delivery addresses, the default first',
  request: empty,
  response: z.object({ list: z.array(addressSchema) }),
});

export const addressDelete = defineCall({
  name: 'Member/addressdelete',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'Deletes a delivery address (orders keep their copy of it)',
  request: z.object({ id: id() }),
  response: empty,
});

const checkoutWallet = z.object({
  wallet: z.enum(SHOP_PAYMENT_WALLETS),
  asset: z.string(),
  available: money,
  /** The cart's total in this wallet's asset ('' when some line has no price in it). */
  total: money,
  /** The smallest payment this wallet takes ('0' for none). */
  minimum: money,
  usable: z.boolean(),
});

export const buyProductPreview2 = defineCall({
  name: 'Asset/BuyProductPreview2',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'What paying for the whole cart would cost from each wallet, and where it could go; changes nothing',
  request: z.object({ wallet: oneOf(SHOP_PAYMENT_WALLETS).optional(), voucher_id: optionalId() }),
  response: z.object({
    lines: z.array(cartLineSchema.extend({ unit_price: money, amount: money })),
    wallets: z.array(checkoutWallet),
    /** The chosen wallet (the request's, else the first usable one). */
    wallet: z.enum(SHOP_PAYMENT_WALLETS),
    asset: z.string(),
    /** The cart's total in `asset`, the chosen voucher's discount, and what would be paid. */
    total: money,
    discount: money,
    pay: money,
    enough: z.boolean(),
    addresses: z.array(addressSchema),
    /** The member's shop vouchers usable now (best first), and the one chosen ('' for none). */
    vouchers: z.array(voucherSchema),
    voucher_id: z.string(),
  }),
});

export const shopOrderSchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  state: z.enum(SHOP_ORDER_STATES),
  delivery: z.enum(SHOP_DELIVERY),
  /** What was paid: the items' prices less the voucher's discount. */
  total: money,
  discount: money,
  asset: z.string(),
  wallet: z.string(),
  items: z.array(
    z.object({ product_id: z.string(), name: z.string(), unit_price: money, quantity: z.number() }),
  ),
  address: addressSchema.omit({ id: true, is_default: true }).nullable(),
  carrier: z.string(),
  tracking_no: z.string(),
  created_at: z.string(),
});

export const buyProductSave2 = defineCall({
  name: 'Asset/BuyProductSave2',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'Buys the whole cart (agreement ticked, transaction password): one ledger operation pays, takes the stock and empties the cart',
  request: z.object({
    wallet: oneOf(SHOP_PAYMENT_WALLETS),
    delivery: oneOf(SHOP_DELIVERY),
    address_id: optionalId(),
    voucher_id: optionalId(),
    agree: formBool(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: z.object({ order_id: z.string(), total: money, order: shopOrderSchema }),
});

export const shopOrders = defineCall({
  name: 'Shop/orders',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The member’s shop orders, newest first, optionally in one state',
  request: z.object({ ...pagingFields, state: oneOf(SHOP_ORDER_STATES).optional() }),
  response: pagedSchema(shopOrderSchema),
});

export const getDeliver = defineCall({
  name: 'Member/getdeliver',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'One order with its delivery timeline (paid, packed, shipped with carrier and tracking, delivered)',
  request: z.object({ order_id: id() }),
  response: z.object({
    order: shopOrderSchema,
    events: z.array(z.object({ state: z.string(), note: z.string(), at: z.string() })),
  }),
});

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

/* Inventory: the goods a member keeps, passes on and has delivered. */
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

/* Sales: a member's own and their team's purchase volume (USDT), which the plan pays on. */
export const memberSales = defineCall({
  name: 'Member/memberSales',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'My sales (my own purchases) and my team’s (the volume added to my left and right placement legs), day by day',
  request: z.object({ days: formInt(7, 366, 30) }),
  response: z.object({
    asset: z.string(),
    days: z.array(z.object({ date: z.string(), personal: money, left: money, right: money, team: money })),
    totals: z.object({ personal: money, team: money }),
  }),
});

export const latestSales = defineCall({
  name: 'Member/Lastestsales',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The latest purchases in my sponsor team (up to 10 levels down), newest first',
  request: z.object({ limit: formInt(1, 50, 20) }),
  response: z.object({
    list: z.array(
      z.object({ userid: z.string(), level: z.number(), source: z.string(), amount: money, at: z.string() }),
    ),
  }),
});

export const salesSummary = defineCall({
  name: 'Member/csummary',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'My sales figures: this month and in all, mine and my team’s, my legs, recruits and team size',
  request: empty,
  response: z.object({
    asset: z.string(),
    personal_month: money,
    personal_total: money,
    team_month: money,
    team_total: money,
    left_total: money,
    right_total: money,
    direct_count: z.number(),
    team_count: z.number(),
    shop_orders_month: z.number(),
  }),
});

export const infoPool = defineCall({
  name: 'member/getinfopool',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'My pairing pool: the volume carried on each leg since the last pairing, today’s new volume, the last pairing, and my bonuses this month and in all',
  request: empty,
  response: z.object({
    asset: z.string(),
    left_carried: money,
    right_carried: money,
    left_today: money,
    right_today: money,
    last_pair_date: z.string(),
    last_pairs: z.number(),
    last_bonus: money,
    bonus_month: money,
    bonus_total: money,
  }),
});
