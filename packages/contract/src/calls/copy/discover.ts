import { z } from 'zod';
import { defineCall, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';

/**
 * Copy trading (issue 15): what a member sees before investing, the lead traders' track records and their
 * packages. A trader's figures come from their recorded trades and their account's value at the end of each
 * day, never typed in. Amounts are USDT decimal strings; percentages are decimal strings with two decimals.
 */
const pct = z.string();
const money = z.string();
const anId = () => text(20);

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
