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
  WALLET_KINDS,
  MINING_PAYMENT_WALLETS,
  MINING_DEFAULT_START_DELAY_DAYS,
  DAILY_JOBS,
  MINING_ORDER_STATES,
  VOUCHER_STATES,
  MINING_CHART_DAYS,
} from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { idempotencyKey } from './transfer.ts';

/** Calls of the mining area (issue 5). Money is a decimal string in major units. */
const money = z.string();
const id = () => text(20);
const optionalId = () => optionalText(20);

/**
 * A package's or an order's whole economics (mining-economics.ts): output, fees and net per day and over the term, in
 * the settlement asset, set against what is paid. Exact figures, plus `shown` ones to two decimals for sentences,
 * rounded against the member (output and net down, fees and price up; `rounded` says when that changed anything).
 */
export const miningEconomicsSchema = z.object({
  term_days: z.number(),
  /** The settlement asset of the output, fee and net figures. */
  asset: z.string(),
  daily_output: money,
  daily_fee: money,
  daily_net: money,
  total_output: money,
  total_fee: money,
  total_net: money,
  /** What is paid: one unit's price on a package, the amount to pay (after a voucher) on a preview. */
  price: money,
  price_asset: z.string(),
  /** Output and price are in the same asset, so the net can be set against the price. */
  comparable: z.boolean(),
  /** Whole percent of the price the net estimate returns, rounded down; '' when not comparable. */
  return_percent: z.string(),
  /** The net estimate over the term is less than the price. */
  below_price: z.boolean(),
  shown: z.object({ total_output: money, total_fee: money, total_net: money, price: money }),
  rounded: z.boolean(),
});

export const miningPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  coin: z.string(),
  capacity_unit: z.string(),
  /** Price of one unit of capacity, in `price_asset`. */
  unit_price: money,
  price_asset: z.string(),
  term_days: z.number(),
  /** Estimated profit per unit per day, before the fee, in `settle_asset` (an estimate, not a promise). */
  daily_profit: money,
  /** Management fee per unit per day, in `settle_asset`. */
  daily_fee: money,
  settle_asset: z.string(),
  settle_wallet: z.string(),
  min_quantity: z.number(),
  stock: z.number(),
  sold: z.number(),
  start_date: z.string(),
  start_delay_days: z.number(),
  active: z.boolean(),
  description: z.string(),
  /** The estimate's assumptions: the coin's price in `settle_asset` ('' when not set). */
  coin_price: money,
  /** Coins one unit mines a day at the network difficulty of `assumptions_set_at` ('' when not set). */
  output_per_unit: z.string(),
  /** The date the assumptions were set (YYYY-MM-DD, '' when not set). */
  assumptions_set_at: z.string(),
  assumptions_note: z.string(),
  /** The economics of one unit over the term, against the unit price. */
  economics: miningEconomicsSchema,
});

export const cmsPackages = defineCall({
  name: 'Main/cmsPackages',
  method: 'POST',
  auth: 'public',
  tag: 'mining',
  summary: 'Mining packages on sale, for the home page',
  request: empty,
  response: z.object({ list: z.array(miningPackageSchema) }),
});

export const packageSubMenu = defineCall({
  name: 'Mining/packageSubMenu',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: "The mining group's menu: the coins with packages on sale and how many",
  request: empty,
  response: z.object({ list: z.array(z.object({ coin: z.string(), count: z.number() })) }),
});

export const allPackages = defineCall({
  name: 'Mining/allPackages',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: 'Mining packages on sale, optionally of one coin',
  request: z.object({ coin: optionalText(20) }),
  response: z.object({ list: z.array(miningPackageSchema) }),
});

export const getInfoB = defineCall({
  name: 'Mining/getinfob',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: 'One package in detail, with the estimated daily income of one unit after the fee',
  request: z.object({ package_id: id() }),
  response: miningPackageSchema.extend({ daily_income_per_unit: money, kyc_state: z.string() }),
});

export const miningStatusSchema = z.object({
  orders: z.number(),
  pending: z.number(),
  mining: z.number(),
  ended: z.number(),
  capacity: z.array(z.object({ coin: z.string(), capacity_unit: z.string(), quantity: z.number() })),
});

export const gInfo = defineCall({
  name: 'Mining/ginfo',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: "The member's mining status: orders pending start, mining and ended, and the capacity mining now",
  request: empty,
  response: miningStatusSchema,
});

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

export const incomeSummary = defineCall({
  name: 'Mining/incomesummary',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: 'Mining income totals per asset (all time, today, yesterday) and the daily series for the chart',
  request: z.object({ days: formInt(7, 90, MINING_CHART_DAYS) }),
  response: z.object({
    today_date: z.string(),
    totals: z.array(z.object({ asset: z.string(), total: money, today: money, yesterday: money })),
    series: z.array(z.object({ date: z.string(), asset: z.string(), amount: money })),
    status: miningStatusSchema,
  }),
});

export const incomeRecordSchema = z.object({
  date: z.string(),
  order_no: z.string(),
  package_name: z.string(),
  amount: money,
  asset: z.string(),
  wallet: z.string(),
  /** Payouts in this row: 1 for a record, the number of orders paid for a day. */
  count: z.number(),
  transfer_id: z.string(),
});

export const incomeHistory = defineCall({
  name: 'Mining/incomehistory',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary:
    'Mining income, newest first: each payout (by=record, with its order and ledger transfer) or totals per day (by=day)',
  request: z.object({
    ...pagingFields,
    by: oneOf(['record', 'day'] as const).optional(),
    order_id: optionalId(),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(incomeRecordSchema),
});

export const jobRunSchema = z.object({
  job: z.string(),
  date: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  runs: z.number(),
  /** Orders (or items) settled for the date in total, over every run. */
  items: z.number(),
  /** Settled by this run (0 when an earlier run had done it all). */
  items_now: z.number(),
  amounts: z.array(z.object({ asset: z.string(), amount: money })),
  started_at: z.string(),
  finished_at: z.string(),
  error: z.string(),
});

export const adminRunJob = defineCall({
  name: 'Admin/runjob',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Runs or re-runs a daily job for a date (YYYY-MM-DD), safely: each item is settled once. Dates after today need ALLOW_FUTURE_JOBS=1',
  request: z.object({ job: oneOf(DAILY_JOBS), date: text(10) }),
  response: jobRunSchema,
});

export const adminJobRuns = defineCall({
  name: 'Admin/jobruns',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Daily job runs with their results, newest date first',
  request: z.object({ ...pagingFields, job: oneOf(DAILY_JOBS).optional() }),
  response: pagedSchema(jobRunSchema),
});

export const adminPackageList = defineCall({
  name: 'Admin/packagelist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Every mining package, on sale or not',
  request: empty,
  response: z.object({ list: z.array(miningPackageSchema) }),
});

export const adminPackageSave = defineCall({
  name: 'Admin/packagesave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Creates (no id) or updates a mining package; existing orders keep the terms they were bought with; audited',
  request: z.object({
    id: optionalId(),
    name: text(100),
    coin: text(20),
    capacity_unit: text(20),
    unit_price: text(40),
    term_days: formInt(1, 3650),
    daily_profit: text(40),
    daily_fee: text(40),
    settle_asset: oneOf(ASSET_CODES as [string, ...string[]]),
    settle_wallet: oneOf(WALLET_KINDS as [string, ...string[]]),
    min_quantity: formInt(1, 1_000_000),
    stock: formInt(0, 1_000_000_000),
    start_date: text(10),
    start_delay_days: formInt(1, 365, MINING_DEFAULT_START_DELAY_DAYS),
    active: formBool(),
    description: optionalText(1000),
    /** The estimate's assumptions; left out, an update keeps the package's. */
    coin_price: optionalText(40),
    output_per_unit: optionalText(40),
    /** YYYY-MM-DD; left out while the coin price or output is given: today. */
    assumptions_set_at: optionalText(10),
    assumptions_note: optionalText(500),
  }),
  response: miningPackageSchema,
});

export const adminVoucherIssue = defineCall({
  name: 'Admin/voucherissue',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Gives a member a voucher for mining packages (optionally one package) or for the shop: discount percent, expiry date; audited',
  request: z.object({
    userid: text(64),
    scope: oneOf(['mining', 'shop'] as const).optional(),
    discount_percent: text(10),
    expires_on: text(10),
    package_id: optionalId(),
    note: optionalText(200),
  }),
  response: voucherSchema,
});
