import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText } from '../../call.ts';

/** The daily check-in game (issue 13, DECISIONS.md). */

export const gameStatusSchema = z.object({
  /** Whether today's check-in is done. */
  checked_in: z.boolean(),
  /** Days in a row, today included when done. */
  streak: z.number(),
  /** What today's check-in pays (or paid). */
  today_reward: z.string(),
  asset: z.string(),
  /** The rewards of a 7-day streak, day 1 first. */
  rewards: z.array(z.string()),
  /** Whether the pool can still pay (the admin's budget is not used up). */
  open: z.boolean(),
  recent: z.array(z.object({ day: z.string(), amount: z.string() })),
  total: z.string(),
});

export const gameStatus = defineCall({
  name: 'Game/status',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary: 'The member’s daily check-in: done today or not, the streak, the rewards',
  request: empty,
  response: gameStatusSchema,
});

export const gameCheckin = defineCall({
  name: 'Game/checkin',
  method: 'POST',
  auth: 'member',
  tag: 'content',
  summary:
    'Today’s check-in: pays the streak’s reward in platform tokens from the airdrop pool to the funds wallet, at most once per member per day (UTC)',
  request: empty,
  response: gameStatusSchema,
});

export const adminGameSettings = defineCall({
  name: 'Admin/gamesettings',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Reads or sets the check-in game’s budget (platform tokens the pool may pay in all) and whether it is on; shows what it paid',
  request: z.object({ budget: optionalText(30), enabled: oneOf(['on', 'off'] as const).optional() }),
  response: z.object({
    budget: z.string(),
    paid: z.string(),
    enabled: z.boolean(),
    players_today: z.number(),
  }),
});
