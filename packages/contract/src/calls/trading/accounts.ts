import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, secret, text } from '../../call.ts';
import { EXCHANGE_IDS } from '../../constants.ts';
import { idempotencyKey } from '../transfer.ts';

/**
 * A member's trading accounts (issue 11): the demo account and connected exchanges, their balances, and a
 * demo account's reset. Amounts are decimal strings; demo money is virtual and lives outside the money
 * ledger.
 */
const decimal = z.string();

export const tradingAccountSchema = z.object({
  /** `demo`, `demo-<venue>` (a paper account mimicking that exchange) or the id of a connected exchange account. */
  id: z.string(),
  kind: z.enum(['paper', 'exchange']),
  venue: z.string(),
  label: z.string(),
  /** The API key's first and last characters; the secret never leaves the server. */
  key_hint: z.string(),
  created_at: z.string(),
});

export const tradingAccounts = defineCall({
  name: 'Online/accounts',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: "The member's trading accounts: the demo accounts and the exchange accounts they connected",
  request: empty,
  response: z.object({ list: z.array(tradingAccountSchema), exchanges: z.array(z.string()) }),
});

export const tradingAccountSave = defineCall({
  name: 'Online/accountsave',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    'Connects an exchange account by API key: the key is checked on the exchange (a balance read), then kept encrypted',
  request: z.object({
    exchange: oneOf(EXCHANGE_IDS),
    label: optionalText(40),
    api_key: text(200),
    api_secret: secret(),
    /** Some exchanges (OKX, Bitget) also want the key's passphrase. */
    passphrase: optionalText(128),
  }),
  response: z.object({ id: z.string() }),
});

export const tradingAccountDelete = defineCall({
  name: 'Online/accountdelete',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Disconnects an exchange account and forgets its key',
  request: z.object({ id: text(40) }),
  response: empty,
});

export const balanceSchema = z.object({ asset: z.string(), free: decimal, used: decimal });

export const demoBalance = defineCall({
  name: 'Trade/demobalance',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary:
    "An account's balances (free and held by open orders) and its value in the quote asset at the last prices",
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    account: z.string(),
    balances: z.array(balanceSchema.extend({ value: decimal })),
    equity: decimal,
    quote: z.string(),
    start_balance: decimal,
    resets: z.number(),
  }),
});

export const demoReset = defineCall({
  name: 'Trade/demoreset',
  method: 'POST',
  auth: 'member',
  tag: 'trading',
  summary: 'Starts a demo account afresh: open orders cancelled, the starting balance back; records are kept',
  request: z.object({ account: optionalText(40), idempotency_key: idempotencyKey() }),
  response: z.object({ account: z.string(), resets: z.number() }),
});
