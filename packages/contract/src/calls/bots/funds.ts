import { z } from 'zod';
import { defineCall, formBool, optionalText, secret, text } from '../../call.ts';
import { idempotencyKey } from '../transfer.ts';
import { BOT_STATES } from './bot.ts';

/**
 * What bots may spend and what they need to run: balances, the all-in-one budget, the readiness steps, the
 * API key check and the subscription (issue 14). Amounts are decimal strings.
 */
const decimal = z.string();

export const botBalance = defineCall({
  name: 'Member/Botbalance',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "An account's quote balance beside what its running bots may spend",
  request: z.object({ account: text(40) }),
  response: z.object({
    account: z.string(),
    quote: z.string(),
    free: decimal,
    used: decimal,
    /** The sum of the running bots' deal budgets (less what their open deals spent). */
    committed: decimal,
    available: decimal,
  }),
});

/** The bot subscription: the operator's fee for `days` of running bots ('0': bots are free), and the member's. */
const subscriptionSchema = z.object({
  fee: decimal,
  days: z.number(),
  /** '' when the member never subscribed. */
  paid_until: z.string(),
  active: z.boolean(),
});

export const botSteps = defineCall({
  name: 'Member/CheckStep',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'What the member must still do before a bot can run: identity, a trading account, funds',
  request: z.object({ account: optionalText(40) }),
  response: z.object({
    /** `subscription` is a step only while the operator charges for bots. */
    steps: z.array(z.object({ key: z.enum(['kyc', 'account', 'funds', 'subscription']), done: z.boolean() })),
    ready: z.boolean(),
    subscription: subscriptionSchema,
  }),
});

export const botCheckApi = defineCall({
  name: 'Member/checkapi',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Checks that a connected exchange account's stored API key still works (a balance read on the exchange) and what its bots can spend",
  request: z.object({ account: text(40) }),
  response: z.object({
    account: z.string(),
    venue: z.string(),
    valid: z.boolean(),
    /** Why the key does not work (a message in the member's language), '' when it does. */
    message: z.string(),
    quote: z.string(),
    free: decimal,
  }),
});

export const botAio = defineCall({
  name: 'Bottrade/checkaio',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'The all-in-one mode: one budget over every running bot of a trading account (several pairs under one budget); reads it, or sets it with save',
  request: z.object({
    account: text(40),
    save: formBool(),
    /** USDT; with save, the budget the running bots' deals may take together. */
    budget: optionalText(20),
  }),
  response: z.object({
    account: z.string(),
    enabled: z.boolean(),
    budget: decimal,
    /** What the running bots' deals may take together (their settings' budgets). */
    committed: decimal,
    /** What is left of the budget for bots started next. */
    left: decimal,
    bots: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        state: z.enum(BOT_STATES),
        budget: decimal,
      }),
    ),
  }),
});

export const botAioOff = defineCall({
  name: 'Bottrade/market_aio_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'Turns the all-in-one mode of a trading account off: every running bot on it stops (open deals stay as they are) and the budget is removed',
  request: z.object({ account: text(40) }),
  response: z.object({ stopped: z.number() }),
});

export const botSubscribe = defineCall({
  name: 'Bottrade/subscribe',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Pays the bot subscription from the trading wallet (USDT) for the operator's period, from now or from the end of the running one",
  request: z.object({ tx_password: secret(), idempotency_key: idempotencyKey() }),
  response: z.object({ fee: decimal, paid_until: z.string(), balance_after: decimal }),
});
