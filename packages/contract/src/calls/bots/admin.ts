import { z } from 'zod';
import { defineCall, formBool, formInt, optionalText } from '../../call.ts';
import { MARKET_KINDS } from '../../constants.ts';
import { BOT_STATES } from './bot.ts';

/** The admin's view of bots (issue 14). */
const decimal = z.string();

export const adminBots = defineCall({
  name: 'Admin/bots',
  method: 'POST',
  auth: 'admin',
  tag: 'bots',
  summary: 'Running bots and bots in error, by exchange; the switch for all bots, or stop one member’s bots',
  request: z.object({
    save: formBool(),
    enabled: formBool().optional(),
    stop_member: optionalText(40),
    /** USDT per period for running bots; '0' makes bots free. */
    fee: optionalText(20),
    days: formInt(1, 366).optional(),
  }),
  response: z.object({
    enabled: z.boolean(),
    fee: decimal,
    days: z.number(),
    running: z.number(),
    errors: z.array(z.object({ venue: z.string(), error: z.string(), bots: z.number() })),
    list: z.array(
      z.object({
        id: z.string(),
        userid: z.string(),
        symbol: z.string(),
        market: z.enum(MARKET_KINDS),
        venue: z.string(),
        state: z.enum(BOT_STATES),
        error: z.string(),
        profit: decimal,
      }),
    ),
  }),
});
