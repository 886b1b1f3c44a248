import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields, text } from '../call.ts';
import {
  BONUS_TYPES,
  RANKS,
  PAIR_RATIOS,
  CAP_EXCESS_MODES,
  BONUS_WALLETS,
  QUALIFYING_RANKS,
  SPONSOR_LEVELS,
} from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { legFiguresShape } from './network.ts';

/**
 * The bonus plan (issue 4) and the admin's member pages. Percentages are decimal strings with at most two
 * decimals ("10", "2.5"); amounts are decimal strings of USDT (the plan's volume asset), major units. The plan
 * is nested, so its calls take JSON bodies.
 */
const money = z.string();
const percent = () => z.string({ message: 'field_required' }).regex(/^\d{1,3}(\.\d{1,2})?$/, 'field_invalid');
const amount = () => z.string({ message: 'field_required' }).regex(/^\d{1,12}(\.\d{1,6})?$/, 'field_invalid');

export const rankRuleSchema = z.object({
  rank: z.enum(RANKS),
  /** The member's own purchases. */
  personal_volume: amount(),
  /** Members they invited. */
  direct_sponsors: z
    .number({ message: 'field_invalid' })
    .int('field_invalid')
    .min(0, 'field_invalid')
    .max(100_000, 'field_invalid'),
  /** Both placement legs together. */
  team_volume: amount(),
});

export const planSettingsSchema = z.object({
  /** Sponsor bonus: % of a direct recruit's purchase, paid when it is paid. */
  sponsor_percent: percent(),
  /** Level (unilevel) bonus: % of a purchase for sponsor levels 1-5 above the buyer. */
  level_percents: z.array(percent()).length(SPONSOR_LEVELS, 'field_invalid'),
  /** Pairing bonus: % of the matched volume (the volume of the weaker side of each pair). */
  pairing_percent: percent(),
  pair_ratio: z.enum(PAIR_RATIOS, { message: 'field_invalid' }),
  /** Volume of one pair on each side: pairs are whole units of it. */
  pair_unit: amount(),
  /** Unmatched volume is kept for later days (the left/right balances); else it is flushed after each pairing. */
  carry_forward: z.boolean({ message: 'field_invalid' }),
  /** The most pairing bonus a member earns per day, by rank ("0": no pairing bonus for that rank). */
  daily_cap: z.object(
    Object.fromEntries(RANKS.map((r) => [r, amount()])) as Record<
      (typeof RANKS)[number],
      ReturnType<typeof amount>
    >,
  ),
  cap_excess: z.enum(CAP_EXCESS_MODES, { message: 'field_invalid' }),
  /** Analyst to Investor, in order, thresholds never decreasing. */
  rank_rules: z.array(rankRuleSchema).length(QUALIFYING_RANKS.length, 'field_invalid'),
  /** The wallet each bonus type is paid into. */
  wallets: z.object(
    Object.fromEntries(
      BONUS_TYPES.map((t) => [t, z.enum(BONUS_WALLETS, { message: 'field_invalid' })]),
    ) as Record<
      (typeof BONUS_TYPES)[number],
      z.ZodEnum<{ reward: 'reward'; deposit: 'deposit'; trading: 'trading'; funds: 'funds' }>
    >,
  ),
});
export type PlanSettings = z.output<typeof planSettingsSchema>;

const planVersionSchema = z.object({
  version: z.number(),
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});

export const adminPlan = defineCall({
  name: 'Admin/plan',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'The bonus plan in force and the earlier versions',
  request: empty,
  response: z.object({
    current: planVersionSchema.extend({ settings: planSettingsSchema }),
    history: z.array(planVersionSchema),
  }),
});

export const adminPlanSave = defineCall({
  name: 'Admin/plansave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Saves a new version of the bonus plan (checked first); ranks are recomputed; audited',
  request: z.object({ settings: planSettingsSchema, note: text(200) }),
  response: planVersionSchema.extend({ ranks_changed: z.number() }),
});

export const planPayoutLineSchema = z.object({
  type: z.enum(BONUS_TYPES),
  /** Sponsor level (level bonus), 0 otherwise. */
  level: z.number(),
  /** Who would receive it when a buyer was given ('' otherwise). */
  userid: z.string(),
  amount: money,
  /** For pairing: the bonus of one pair, and pairs this purchase's volume makes once matched. */
  note: z.string(),
});

export const adminPlanPreview = defineCall({
  name: 'Admin/planpreview',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'What a purchase would pay under the given (unsaved) plan: sponsor and level bonuses, and the pairing its volume can earn once matched',
  request: z.object({ settings: planSettingsSchema, amount: amount(), buyer: optionalText(15) }),
  response: z.object({
    lines: z.array(planPayoutLineSchema),
    total: money,
    /** total / amount, as a percentage with two decimals. */
    percent_of_amount: z.string(),
  }),
});

export const adminMemberSchema = z.object({
  userid: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  rank: z.enum(RANKS),
  status: z.enum(['active', 'frozen']),
  kyc_state: z.string(),
  joined: z.string(),
  sponsor: z.string(),
});

export const adminMemberList = defineCall({
  name: 'Admin/memlist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Members, newest first; keyword matches the start of a userid, an e-mail or a mobile number',
  request: z.object({
    ...pagingFields,
    keyword: optionalText(64),
    status: oneOf(['active', 'frozen'] as const).optional(),
  }),
  response: pagedSchema(adminMemberSchema),
});

export const adminMemberDetail = defineCall({
  name: 'Admin/memberdetail',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'One member: sponsor, placement, rank and its history, KYC state, wallets, team and status changes',
  request: z.object({ userid: text(15) }),
  response: adminMemberSchema.extend({
    placement: z.string(),
    side: z.string(),
    tel_prefix: z.string(),
    role: z.string(),
    wallets: z.array(z.object({ wallet: z.string(), asset: z.string(), balance: money, available: money })),
    personal_volume: money,
    direct_count: z.number(),
    /** The balances: all volume not yet paired, carried from earlier pairings plus what came since the last run. */
    ...legFiguresShape,
    rank_history: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string(), at: z.string() })),
    status_history: z.array(
      z.object({ action: z.string(), reason: z.string(), by: z.string(), at: z.string() }),
    ),
  }),
});

export const adminMemberStatus = defineCall({
  name: 'Admin/memberstatus',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Freezes (signs the member out, refuses log-in and money moves) or unfreezes a member, with a reason; audited',
  request: z.object({ userid: text(15), action: oneOf(['freeze', 'unfreeze'] as const), reason: text(300) }),
  response: z.object({ userid: z.string(), status: z.enum(['active', 'frozen']) }),
});

export const adminDashboard = defineCall({
  name: 'Admin/dashboard',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    "Today at a glance (UTC day): new members, pending withdrawals and KYC, today's volume and payouts",
  request: empty,
  response: z.object({
    date: z.string(),
    members_total: z.number(),
    members_today: z.number(),
    pending_withdrawals: z.number(),
    pending_withdrawal_amount: money,
    pending_kyc: z.number(),
    volume_today: money,
    purchases_today: z.number(),
    /** Bonuses and mining income paid today, USDT. */
    bonuses_today: money,
    mining_income_today: money,
    /** Withdrawals waiting longer than wait_alert_hours for a decision or for their payment by hand. */
    withdrawals_waiting_long: z.number(),
    /** When the longest-waiting of them was requested ('' when none wait too long). */
    oldest_waiting_since: z.string(),
    wait_alert_hours: z.number(),
  }),
});
