import { z } from 'zod';
import { defineCall, empty, optionalText, text } from '../../call.ts';

/**
 * Mining packages (issue 5): what is on sale, each package's economics, and the member's mining status. Money
 * is a decimal string in major units.
 */
const money = z.string();
const id = () => text(20);

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
