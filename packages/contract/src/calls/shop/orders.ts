import { z } from 'zod';
import { defineCall, formBool, oneOf, optionalText, pagingFields, secret, text } from '../../call.ts';
import { SHOP_DELIVERY, SHOP_ORDER_STATES, SHOP_PAYMENT_WALLETS } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { voucherSchema } from '../mining.ts';
import { idempotencyKey } from '../transfer.ts';
import { addressSchema } from './addresses.ts';
import { cartLineSchema } from './cart.ts';

/**
 * Checkout and the member's shop orders (issue 12). Money is a decimal string in major units of its asset.
 */
const money = z.string();
const id = () => text(20);
const optionalId = () => optionalText(20);

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
    z.object({
      product_id: z.string(),
      /** The item's name as sold, in the reader's language where the product had one then, else `default_name`. */
      name: z.string(),
      /** The item's name as sold in the default language (English). */
      default_name: z.string(),
      unit_price: money,
      quantity: z.number(),
    }),
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
