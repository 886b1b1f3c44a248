import { z } from 'zod';
import {
  defineCall,
  empty,
  oneOf,
  optionalNumericId,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import { ASSET_CODES, WALLET_KINDS } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { idempotencyKey } from './transfer.ts';

const money = z.string();

export const adminAdjustBalance = defineCall({
  name: 'Admin/adjustbalance',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    "Credits (positive) or debits (negative) a member's wallet against the platform adjustments account; audited",
  request: z.object({
    userid: text(64),
    wallet: oneOf(WALLET_KINDS as [string, ...string[]]),
    asset: oneOf(ASSET_CODES as [string, ...string[]]),
    amount: text(41),
    reason: text(300),
    idempotency_key: idempotencyKey(),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: z.object({
    id: z.string(),
    userid: z.string(),
    wallet: z.string(),
    asset: z.string(),
    amount: money,
    balance_after: money,
    /** posted; or pending: above the two-person threshold, it waits for a second admin (Admin/adjustapprove `id`). */
    state: z.enum(['posted', 'pending']),
  }),
});

export const ledgerHealthSchema = z.object({
  healthy: z.boolean(),
  checked_at: z.string(),
  accounts: z.number(),
  transfers: z.number(),
  problems: z.array(z.string()),
  assets: z.array(z.object({ asset: z.string(), debits: money, credits: money })),
});

export const adminLedgerHealth = defineCall({
  name: 'Admin/ledgerhealth',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Checks the ledger invariants: debits = credits per asset, balances = sums of transfers, no overdraft, keys once',
  request: empty,
  response: ledgerHealthSchema,
});

export const adminSetExchangeRate = defineCall({
  name: 'Admin/setexchangerate',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Sets the platform token price in USDT and the spread (percent) members pay on each exchange',
  request: z.object({ price_usdt: text(30), spread_percent: text(10) }),
  response: z.object({ price_usdt: z.string(), spread_percent: z.string() }),
});

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  asset: z.string(),
  amount_each: money,
  total: z.number(),
  done: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  created_at: z.string(),
  created_by: z.string(),
});

export const adminAirdropCampaign = defineCall({
  name: 'Admin/airdropcampaign',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Airdrops platform tokens from the airdrop pool to many members (comma or newline separated userids, or all active members); one idempotent job',
  request: z.object({
    name: text(100),
    amount_each: text(40),
    userids: optionalText(100_000),
    all_members: z
      .preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean())
      .optional(),
    idempotency_key: idempotencyKey(),
    /** Step-up: a fresh authenticator code when the admin's two-factor is on. */
    totp: optionalText(8),
  }),
  response: campaignSchema,
});

export const adminAirdropCampaigns = defineCall({
  name: 'Admin/airdropcampaigns',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Airdrop campaigns with their progress, newest first',
  request: z.object({ ...pagingFields, id: optionalNumericId() }),
  response: pagedSchema(campaignSchema),
});

export const totpSetup = defineCall({
  name: 'Member/totpsetup',
  method: 'POST',
  auth: 'member',
  tag: 'security',
  summary: 'Starts two-factor set-up: a new secret, its otpauth URL and a QR code to scan',
  request: empty,
  response: z.object({
    enabled: z.boolean(),
    secret: z.string(),
    otpauth_url: z.string(),
    qr_data_url: z.string(),
  }),
});

export const totpEnable = defineCall({
  name: 'Member/totpenable',
  method: 'POST',
  auth: 'member',
  tag: 'security',
  summary: 'Turns two-factor on with a current code from the authenticator app and the login password',
  request: z.object({ totp: text(8), password: secret() }),
  response: z.object({ enabled: z.boolean() }),
});

export const totpDisable = defineCall({
  name: 'Member/totpdisable',
  method: 'POST',
  auth: 'member',
  tag: 'security',
  summary:
    'Turns two-factor off with a current code, the transaction password and the login password; money is held for a while',
  request: z.object({
    totp: text(8),
    tx_password: secret(),
    password: secret(),
  }),
  response: z.object({ enabled: z.boolean() }),
});

export const totpStatus = defineCall({
  name: 'Member/totpstatus',
  method: 'POST',
  auth: 'member',
  tag: 'security',
  summary: 'Is two-factor on for this member?',
  request: empty,
  response: z.object({ enabled: z.boolean() }),
});
