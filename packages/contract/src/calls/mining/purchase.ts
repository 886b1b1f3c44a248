import { z } from 'zod';
import {
  defineCall,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../../call.ts';
import { MINING_PAYMENT_WALLETS, MINING_ORDER_STATES, VOUCHER_STATES } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { idempotencyKey } from '../transfer.ts';
import { miningEconomicsSchema, miningPackageSchema } from './packages.ts';

/**
 * Buying mining packages (issue 5): vouchers, the preview, the order, and the member's orders. Money is a
 * decimal string in major units.
 */
const money = z.string();
const id = () => text(20);
const optionalId = () => optionalText(20);

export const voucherSchema = z.object({
  id: z.string(),
  discount_percent: z.string(),
  /** Empty: any package. */
  package_id: z.string(),
  package_name: z.string(),
  expires_at: z.string(),
  state: z.enum(VOUCHER_STATES),
  used_at: z.string(),
  order_no: z.string(),
  note: z.string(),
  /** 'mining' (packages) or 'shop' (shop orders). */
  scope: z.enum(['mining', 'shop']),
});

const previewRequest = z.object({
  package_id: id(),
  quantity: formInt(1, 1_000_000),
  voucher_id: optionalId(),
  wallet: oneOf(MINING_PAYMENT_WALLETS).optional(),
});

export const purchasePreviewSchema = z.object({
  package: miningPackageSchema,
  quantity: z.number(),
  capacity: z.string(),
  price: money,
  discount: money,
  pay_amount: money,
  asset: z.string(),
  voucher_id: z.string(),
  /** The member's vouchers that apply to this package now. */
  vouchers: z.array(voucherSchema),
  wallets: z.array(z.object({ wallet: z.string(), available: money })),
  wallet: z.string(),
  enough: z.boolean(),
  daily_income: money,
  start_date: z.string(),
  end_date: z.string(),
  kyc_state: z.string(),
  /** The order's economics over the term, against the amount to pay. */
  economics: miningEconomicsSchema,
});

export const activatePreview = defineCall({
  name: 'Mining/ActivatePreview',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary:
    'Order preview: capacity, price, the vouchers that apply, payment wallet and its balance, amount to pay, start and end dates',
  request: previewRequest,
  response: purchasePreviewSchema,
});

export const buyProductPreview = defineCall({
  name: 'Asset/BuyProductPreview',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary:
    'The figures of a mining purchase as it will be paid (same rules as BuyProductSave, nothing changes)',
  request: previewRequest,
  response: purchasePreviewSchema,
});

export const miningOrderSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  package_id: z.string(),
  package_name: z.string(),
  coin: z.string(),
  quantity: z.number(),
  capacity: z.string(),
  unit_price: money,
  price: money,
  discount: money,
  paid: money,
  asset: z.string(),
  payment_method: z.string(),
  voucher_id: z.string(),
  daily_income: money,
  settle_asset: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  state: z.enum(MINING_ORDER_STATES),
  /** The net income paid so far (the income records), and the days paid. */
  income_total: money,
  income_days: z.number(),
  /** Output and fees of the days paid so far (the net is `income_total`). */
  output_so_far: money,
  fee_so_far: money,
  /** What the estimate says is still to come over the days not paid yet. */
  output_to_come: money,
  fee_to_come: money,
  net_to_come: money,
  created_at: z.string(),
});

export const buyProductSave = defineCall({
  name: 'Asset/BuyProductSave',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary:
    'Pays for a mining package and creates the order (KYC approved, agreement ticked, transaction password); one ledger operation',
  request: z.object({
    package_id: id(),
    quantity: formInt(1, 1_000_000),
    wallet: oneOf(MINING_PAYMENT_WALLETS),
    voucher_id: optionalId(),
    agree: formBool(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: miningOrderSchema,
});

export const getVouchers = defineCall({
  name: 'Member/getVouchers',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: "The member's vouchers: discount rate, expiry, the package it applies to, available or used",
  request: z.object({ ...pagingFields, state: oneOf(VOUCHER_STATES).optional() }),
  response: pagedSchema(voucherSchema),
});

export const orderHistory = defineCall({
  name: 'Member/OrderHistory',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: "The member's mining orders, newest first, each with its mining state and income so far",
  request: z.object({ ...pagingFields, state: oneOf(MINING_ORDER_STATES).optional() }),
  response: pagedSchema(miningOrderSchema),
});
