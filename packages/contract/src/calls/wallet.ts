import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields } from '../call.ts';
import { ASSET_CODES, BONUS_TYPES, WALLET_KINDS } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';

/** Money on the wire: a decimal string in major units ("20.5"). */
const money = z.string();

export const walletBalanceSchema = z.object({
  wallet: z.enum(WALLET_KINDS as [string, ...string[]]),
  asset: z.enum(ASSET_CODES as [string, ...string[]]),
  balance: money,
  available: money,
  pending: money,
});

export const getWalletBalance = defineCall({
  name: 'Asset/getwalletbalance',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: "The member's balances per wallet and asset (balance, available, pending holds)",
  request: empty,
  response: z.object({ wallets: z.array(walletBalanceSchema) }),
});

export const coinSchema = z.object({
  asset: z.string(),
  name: z.string(),
  decimals: z.number(),
  price_usdt: money,
});

export const getCoin = defineCall({
  name: 'asset/getcoin',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: 'The assets the platform holds, with their price in USDT',
  request: empty,
  response: z.object({ list: z.array(coinSchema) }),
});

export const coinMenu = defineCall({
  name: 'asset/coinmenu',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: 'What a member can do with each wallet: the actions the wallet screen offers',
  request: empty,
  response: z.object({
    list: z.array(z.object({ wallet: z.string(), asset: z.string(), actions: z.array(z.string()) })),
  }),
});

export const walletOverview = defineCall({
  name: 'asset/index2',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: 'Wallet tab overview: total in USDT and each wallet with its balances',
  request: empty,
  response: z.object({
    total_usdt: money,
    wallets: z.array(walletBalanceSchema.extend({ value_usdt: money })),
  }),
});

export const walletRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  wallet: z.string(),
  asset: z.string(),
  type: z.string(),
  /** Signed: negative when money left the wallet. */
  amount: money,
  balance_after: money,
  status: z.enum(['posted', 'pending', 'voided']),
  reference: z.string(),
  counterparty: z.string(),
});

export const walletDetail = defineCall({
  name: 'asset/index3',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: 'One wallet: its balances and latest records',
  request: z.object({ wallet: oneOf(WALLET_KINDS as [string, ...string[]]) }),
  response: z.object({
    wallet: z.string(),
    balances: z.array(walletBalanceSchema),
    recent: z.array(walletRecordSchema),
  }),
});

const recordFilter = {
  ...pagingFields,
  wallet: oneOf(WALLET_KINDS as [string, ...string[]]).optional(),
  asset: oneOf(ASSET_CODES as [string, ...string[]]).optional(),
  type: optionalText(30),
  from: optionalText(10),
  to: optionalText(10),
};

export const walletRecord = defineCall({
  name: 'asset/walletrecord',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: "A wallet's history, newest first: type, signed amount, balance after, reference",
  request: z.object(recordFilter),
  response: pagedSchema(walletRecordSchema),
});

export const walletRecord2 = defineCall({
  name: 'asset/walletrecord2',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: "The member's transfers, exchanges, airdrops and withdrawals (all wallets), newest first",
  request: z.object(recordFilter),
  response: pagedSchema(walletRecordSchema),
});

export const walletRecord3 = defineCall({
  name: 'asset/walletrecord3',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: 'The platform token (XT) history across wallets, newest first',
  request: z.object(recordFilter),
  response: pagedSchema(walletRecordSchema),
});

export const bonusSummary = defineCall({
  name: 'asset/bonussummary',
  method: 'POST',
  auth: 'member',
  tag: 'bonus',
  summary: 'Bonus totals per type: today, this month and all time',
  request: empty,
  response: z.object({
    total: money,
    today: money,
    list: z.array(z.object({ type: z.enum(BONUS_TYPES), total: money, today: money, month: money })),
  }),
});

export const bonusRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  type: z.string(),
  amount: money,
  wallet: z.string(),
  asset: z.string(),
  reference: z.string(),
  source_userid: z.string(),
  details: z.record(z.string(), z.string()),
});

export const bonusRecord = defineCall({
  name: 'asset/bonusrecord',
  method: 'POST',
  auth: 'member',
  tag: 'bonus',
  summary: 'Bonus payouts, newest first (read from the ledger)',
  request: z.object({ ...pagingFields, type: oneOf(BONUS_TYPES).optional() }),
  response: pagedSchema(bonusRecordSchema),
});

export const searchBonusRecord = defineCall({
  name: 'Asset/searchBonusrecord',
  method: 'POST',
  auth: 'member',
  tag: 'bonus',
  summary: 'Bonus payouts filtered by type and date range (YYYY-MM-DD, inclusive)',
  request: z.object({
    ...pagingFields,
    type: oneOf(BONUS_TYPES).optional(),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(bonusRecordSchema),
});

export const getXToken = defineCall({
  name: 'Asset/getxtoken',
  method: 'POST',
  auth: 'member',
  tag: 'wallet',
  summary: "The platform token: name, price in USDT and the member's balance",
  request: empty,
  response: z.object({
    asset: z.string(),
    name: z.string(),
    price_usdt: money,
    balance: money,
    available: money,
  }),
});

export const getBankList = defineCall({
  name: 'Member/getbanklist',
  method: 'POST',
  auth: 'member',
  tag: 'withdraw',
  summary: 'Payout methods a member can withdraw to (the supported networks)',
  request: empty,
  response: z.object({ list: z.array(z.object({ code: z.string(), name: z.string(), asset: z.string() })) }),
});
