import { z } from 'zod';
import { defineCall, empty, formInt } from '../../call.ts';

/** Sales: a member's own and their team's purchase volume (USDT), which the plan pays on. */
const money = z.string();

export const memberSales = defineCall({
  name: 'Member/memberSales',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'My sales (my own purchases) and my team’s (the volume added to my left and right placement legs), day by day',
  request: z.object({ days: formInt(7, 366, 30) }),
  response: z.object({
    asset: z.string(),
    days: z.array(z.object({ date: z.string(), personal: money, left: money, right: money, team: money })),
    totals: z.object({ personal: money, team: money }),
  }),
});

export const latestSales = defineCall({
  name: 'Member/Lastestsales',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'The latest purchases in my sponsor team (up to 10 levels down), newest first',
  request: z.object({ limit: formInt(1, 50, 20) }),
  response: z.object({
    list: z.array(
      z.object({ userid: z.string(), level: z.number(), source: z.string(), amount: money, at: z.string() }),
    ),
  }),
});

export const salesSummary = defineCall({
  name: 'Member/csummary',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary: 'My sales figures: this month and in all, mine and my team’s, my legs, recruits and team size',
  request: empty,
  response: z.object({
    asset: z.string(),
    personal_month: money,
    personal_total: money,
    team_month: money,
    team_total: money,
    left_total: money,
    right_total: money,
    direct_count: z.number(),
    team_count: z.number(),
    shop_orders_month: z.number(),
  }),
});

export const infoPool = defineCall({
  name: 'member/getinfopool',
  method: 'POST',
  auth: 'member',
  tag: 'shop',
  summary:
    'My pairing pool: the volume carried on each leg since the last pairing, today’s new volume, the last pairing, and my bonuses this month and in all',
  request: empty,
  response: z.object({
    asset: z.string(),
    left_carried: money,
    right_carried: money,
    left_today: money,
    right_today: money,
    last_pair_date: z.string(),
    last_pairs: z.number(),
    last_bonus: money,
    bonus_month: money,
    bonus_total: money,
  }),
});
