import { z } from 'zod';
import {
  defineCall,
  empty,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import { pagedSchema } from '../envelope.ts';
import { amountField, idempotencyKey } from './transfer.ts';

/**
 * Copy trading (issue 15), first part: becoming a lead trader. A member with an approved identity applies with a
 * display name, a short bio and their strategy; an admin approves or rejects (with a reason); an approved trader
 * keeps their profile up to date. (Packages, investing and settlement follow.)
 */
export const TRADER_STATES = ['none', 'pending', 'approved', 'rejected'] as const;

export const traderProfileSchema = z.object({
  /** The lead trader's id once applied ('' before). */
  id: z.string(),
  state: z.enum(TRADER_STATES),
  display_name: z.string(),
  bio: z.string(),
  strategy: z.string(),
  /** Why the application was rejected ('' otherwise). */
  reason: z.string(),
  applied_at: z.string(),
  decided_at: z.string(),
  /** The member's identity is approved (needed to apply). */
  kyc_approved: z.boolean(),
});

const profileFields = {
  display_name: text(30),
  bio: optionalText(500),
  strategy: optionalText(500),
};

export const traderProfile = defineCall({
  name: 'Trade/traderprofile',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "The member's lead-trader application or profile, and whether they may apply",
  request: empty,
  response: traderProfileSchema,
});

export const traderApply = defineCall({
  name: 'Trade/traderapply',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    'Applies to become a lead trader (identity approved, the agreement accepted); again after a rejection',
  request: z.object({ ...profileFields, agree: formBool() }),
  response: traderProfileSchema,
});

export const traderProfileSave = defineCall({
  name: 'Trade/traderprofilesave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "An approved lead trader's display name, bio and strategy",
  request: z.object(profileFields),
  response: traderProfileSchema,
});

export const adminTraderSchema = z.object({
  id: z.string(),
  userid: z.string(),
  display_name: z.string(),
  bio: z.string(),
  strategy: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  applied_at: z.string(),
  decided_at: z.string(),
  decided_by: z.string(),
});

export const adminTraders = defineCall({
  name: 'Admin/traders',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'Lead-trader applications and traders, by state, newest first',
  request: z.object({
    ...pagingFields,
    state: oneOf(['pending', 'approved', 'rejected'] as const).optional(),
  }),
  response: pagedSchema(adminTraderSchema),
});

export const adminTraderDecide = defineCall({
  name: 'Admin/traderdecide',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'Approves or rejects (with a reason shown to the member) a pending lead-trader application, once',
  request: z.object({
    id: text(30),
    action: oneOf(['approve', 'reject'] as const),
    reason: optionalText(300),
  }),
  response: adminTraderSchema,
});

/*
 * Copy trading, second part: packages, investing, mirroring and settlement. Amounts are USDT decimal strings;
 * percentages are decimal strings with two decimals. A trader's figures come from their recorded trades and
 * their account's value at the end of each day, never typed in.
 */
const pct = z.string();
const money = z.string();
const anId = () => text(20);

export const COPY_STATES = ['active', 'closing', 'stopped', 'closed'] as const;

export const traderCardSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  bio: z.string(),
  strategy: z.string(),
  /** The company's managed strategy. */
  company: z.boolean(),
  roi_7d: pct,
  roi_30d: pct,
  roi_90d: pct,
  drawdown_7d: pct,
  drawdown_30d: pct,
  drawdown_90d: pct,
  followers: z.number(),
  /** Assets under management: what the followers' pool is worth now. */
  aum: money,
  /** The cheapest package's minimum ('' when the trader offers none). */
  min_amount: money,
  /** Return since the start of the chart, one point per day (up to 90 days). */
  chart: z.array(z.object({ day: z.string(), roi: pct })),
  since: z.string(),
});

export const traderList = defineCall({
  name: 'Trade/traderlist',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    'Approved lead traders with their track record (ROI and drawdown over 7/30/90 days), followers and AUM',
  request: z.object({ ...pagingFields, sort: oneOf(['roi_30d', 'followers', 'aum'] as const).optional() }),
  response: pagedSchema(traderCardSchema),
});

export const traderTradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  market: z.string(),
  side: z.string(),
  amount: z.string(),
  price: z.string(),
  pnl: z.string(),
  at: z.string(),
});

export const memberTraderList = defineCall({
  name: 'Member/traderlist',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "One lead trader's page: the track record, 90-day chart, latest trades and whether the member follows",
  request: z.object({ id: anId() }),
  response: z.object({
    trader: traderCardSchema,
    trades: z.array(traderTradeSchema),
    following: z.boolean(),
  }),
});

export const copyPackageSchema = z.object({
  id: z.string(),
  trader_id: z.string(),
  trader_name: z.string(),
  name: z.string(),
  min_amount: money,
  term_days: z.number(),
  /** The lead trader's share of profit above the high-water mark. */
  share_percent: pct,
  /** The platform's fee on the same profit. */
  fee_percent: pct,
  active: z.boolean(),
});

export const tradePackage = defineCall({
  name: 'Trade/tradepackage',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "A lead trader's packages (minimum, term, profit share, fee); without a trader, the company strategy's",
  request: z.object({ trader_id: optionalText(20) }),
  response: z.object({ list: z.array(copyPackageSchema), trading_available: money }),
});

export const investmentSchema = z.object({
  id: z.string(),
  trader_id: z.string(),
  trader_name: z.string(),
  company: z.boolean(),
  package_id: z.string(),
  package_name: z.string(),
  term_days: z.number(),
  share_percent: pct,
  fee_percent: pct,
  state: z.enum(COPY_STATES),
  /** What the member put in (first amount and top-ups). */
  principal: money,
  /** What the investment's units of the pool are worth now (rounded down). */
  value: money,
  /** Value + returned + shared + fees - principal: the result so far. */
  pnl: money,
  pnl_percent: pct,
  high_water_mark: money,
  shared: money,
  fees: money,
  returned: money,
  stop_loss_percent: z.number(),
  auto_renew: z.boolean(),
  started_at: z.string(),
  ends_at: z.string(),
  renewals: z.number(),
  close_reason: z.string(),
  closed_at: z.string(),
});

const investFields = {
  amount: amountField(),
  agree: formBool(),
  stop_loss_percent: formInt(0, 99, 0),
  auto_renew: formBool(),
  tx_password: secret(),
  idempotency_key: idempotencyKey(),
};

export const investSave = defineCall({
  name: 'Trade/investsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "Invests from the trading wallet in a lead trader's package (identity, agreement, transaction password); one ledger operation",
  request: z.object({ package_id: anId(), ...investFields }),
  response: investmentSchema,
});

export const investSaveCompany = defineCall({
  name: 'Trade/investsavecompany',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "Invests from the trading wallet in the company's managed strategy (same rules as Trade/investsave)",
  request: z.object({ package_id: anId(), ...investFields }),
  response: investmentSchema,
});

export const getMyTrade = defineCall({
  name: 'Trade/getmytrade',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "The member's copy investments with current value and P&L, and the totals of the active ones",
  request: z.object({ ...pagingFields, state: oneOf(['active', 'ended'] as const).optional() }),
  response: pagedSchema(investmentSchema).extend({
    total_value: money,
    total_pnl: money,
  }),
});

export const mirroredTradeSchema = z.object({
  /** The trader's fill it mirrors. */
  id: z.string(),
  symbol: z.string(),
  market: z.string(),
  side: z.string(),
  /** The trader's amount and the pool's (scaled) amount. */
  trader_amount: z.string(),
  pool_amount: z.string(),
  price: z.string(),
  /** Why the trade was not mirrored ('' when it was). */
  skipped: z.string(),
  at: z.string(),
});

export const getTradeDetails = defineCall({
  name: 'Trade/getTradeDetails',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: 'One investment: its value history, settlements and the mirrored trades of its term',
  request: z.object({ id: anId() }),
  response: z.object({
    investment: investmentSchema,
    /** This investment's share of the pool, in percent. */
    pool_share: pct,
    history: z.array(z.object({ day: z.string(), value: money })),
    settlements: z.array(
      z.object({
        date: z.string(),
        kind: z.string(),
        value: money,
        profit: money,
        trader_share: money,
        platform_fee: money,
      }),
    ),
    trades: z.array(mirroredTradeSchema),
  }),
});

export const renewSave = defineCall({
  name: 'Trade/renewsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: 'Renews an active investment for another term of its package; the high-water mark is kept',
  request: z.object({ id: anId(), tx_password: secret(), idempotency_key: idempotencyKey() }),
  response: investmentSchema,
});

export const topupSave = defineCall({
  name: 'Trade/topupsave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    'Adds funds from the trading wallet to an active investment (units at the current value); one ledger operation',
  request: z.object({
    id: anId(),
    amount: amountField(),
    tx_password: secret(),
    idempotency_key: idempotencyKey(),
  }),
  response: investmentSchema,
});

export const updateTrade = defineCall({
  name: 'Trade/updateTrade',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    "An investment's settings (stop-copy loss limit, auto-renew), or stop copying now: its share of the positions is closed and its value returned",
  request: z.object({
    id: anId(),
    action: oneOf(['settings', 'stop'] as const),
    stop_loss_percent: formInt(0, 99, 0),
    auto_renew: formBool(),
    tx_password: optionalText(100),
  }),
  response: investmentSchema,
});

export const adminCopyPackages = defineCall({
  name: 'Admin/copypackages',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: "Every lead trader's packages, and the approved traders to add one for",
  request: empty,
  response: z.object({
    list: z.array(copyPackageSchema),
    traders: z.array(z.object({ id: z.string(), display_name: z.string(), company: z.boolean() })),
  }),
});

export const adminCopyPackageSave = defineCall({
  name: 'Admin/copypackagesave',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'Adds or changes a package (terms apply to new investments and renewals); audited',
  request: z.object({
    id: optionalText(20),
    trader_id: anId(),
    name: text(40),
    min_amount: amountField(),
    term_days: formInt(1, 3650),
    share_percent: text(6),
    fee_percent: text(6),
    active: formBool(),
  }),
  response: copyPackageSchema,
});

export const adminTraderCompany = defineCall({
  name: 'Admin/tradercompany',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: "Makes an approved lead trader the company's managed strategy (one at a time); audited",
  request: z.object({ id: anId() }),
  response: z.object({ id: z.string(), company: z.boolean() }),
});

export const adminCopyInvestments = defineCall({
  name: 'Admin/copyinvestments',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'All copy investments, newest first, with the totals held in custody and paid out',
  request: z.object({ ...pagingFields, state: oneOf(COPY_STATES).optional() }),
  response: pagedSchema(investmentSchema.extend({ userid: z.string() })).extend({
    custody: money,
    active_value: money,
    shared: money,
    fees: money,
  }),
});

export const copyRunSchema = z.object({
  date: z.string(),
  investments: z.number(),
  shared: money,
  fees: money,
  started_by: z.string(),
  at: z.string(),
});

export const adminCopySettle = defineCall({
  name: 'Admin/copysettle',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary:
    "The settlement runs, newest first; with run, settles today's date now (once per investment and date, as the daily job does)",
  request: z.object({ run: formBool() }),
  response: z.object({ list: z.array(copyRunSchema) }),
});
