import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, text } from '../../call.ts';
import { botSchema } from './bot.ts';

/** Running a bot and acting on its deals by hand: start, stop, close, add an entry, reverse (issue 14). */
const decimal = z.string();
const botId = () => text(20);

const oneBot = z.object({ bot_id: botId() });

export const botOnline = defineCall({
  name: 'Bottrade/Onlinetx',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Starts the bot: it decides at once (a new deal places its base order now) and then on every tick',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botOff = defineCall({
  name: 'Bottrade/market_trade_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Stops a spot bot; its open deal stays as it is until started again or closed',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botPerpOff = defineCall({
  name: 'Bottrade/market_Perp_trade_off',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: 'Stops a perpetual bot; its position stays open until started again or closed',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botClose = defineCall({
  name: 'Bottrade/closepositionbyid',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Closes the bot's open deal at market now (the bot stops)",
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botCloseAll = defineCall({
  name: 'Bottrade/closeposition',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Closes every open deal of the member's bots at market now (they stop)",
  request: empty,
  response: z.object({ closed: z.number() }),
});

export const botAddEntry = defineCall({
  name: 'Bottrade/addentry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Adds the next safety order to the bot's open deal now, at market",
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const botReverse = defineCall({
  name: 'Bottrade/reventry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    'Reverses a perpetual bot: its open deal closes at market, its direction turns (long to short or back), and a running bot opens the new deal now',
  request: oneBot,
  response: z.object({ bot: botSchema }),
});

export const BOT_MANUAL_ACTIONS = ['close', 'entry', 'reverse'] as const;

export const botConfirm = defineCall({
  name: 'Bottrade/confirmpost',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "What a manual action on a bot's deal would do at the last price (closing, adding a safety order, reversing): shown for the member to confirm before it is sent",
  request: z.object({ bot_id: botId(), action: oneOf(BOT_MANUAL_ACTIONS) }),
  response: z.object({
    action: z.enum(BOT_MANUAL_ACTIONS),
    side: z.enum(['buy', 'sell']),
    amount: decimal,
    price: decimal,
    /** The order's value at that price, in the quote currency. */
    value: decimal,
    /** Profit of the deal if it closed at that price (after fees so far), '' for an entry. */
    pnl: decimal,
    /** The deal's average entry after an added safety order, '' otherwise. */
    average_after: decimal,
  }),
});

const secondAccount = z.object({ bot_id: optionalText(20) });

export const secondCloseAll = defineCall({
  name: 'SecondBottrade/closeposition',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary:
    "Closes at market the open deals of the member's bots on their second exchange account (one bot with bot_id, else all of them)",
  request: secondAccount,
  response: z.object({ closed: z.number(), account: z.string() }),
});

export const secondAddEntry = defineCall({
  name: 'SecondBottrade/addentry',
  method: 'POST',
  auth: 'member',
  tag: 'bots',
  summary: "Adds the next safety order now to a bot's deal on the member's second exchange account",
  request: z.object({ bot_id: botId() }),
  response: z.object({ bot: botSchema, account: z.string() }),
});
