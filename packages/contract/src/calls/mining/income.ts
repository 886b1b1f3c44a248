import { z } from 'zod';
import { defineCall, formInt, oneOf, optionalText, pagingFields } from '../../call.ts';
import { MINING_CHART_DAYS } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { miningStatusSchema } from './packages.ts';

/** The mining income paid to the member (issue 5). Money is a decimal string in major units. */
const money = z.string();
const optionalId = () => optionalText(20);

export const incomeSummary = defineCall({
  name: 'Mining/incomesummary',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary: 'Mining income totals per asset (all time, today, yesterday) and the daily series for the chart',
  request: z.object({ days: formInt(7, 90, MINING_CHART_DAYS) }),
  response: z.object({
    today_date: z.string(),
    totals: z.array(z.object({ asset: z.string(), total: money, today: money, yesterday: money })),
    series: z.array(z.object({ date: z.string(), asset: z.string(), amount: money })),
    status: miningStatusSchema,
  }),
});

export const incomeRecordSchema = z.object({
  date: z.string(),
  order_no: z.string(),
  package_name: z.string(),
  amount: money,
  asset: z.string(),
  wallet: z.string(),
  /** Payouts in this row: 1 for a record, the number of orders paid for a day. */
  count: z.number(),
  transfer_id: z.string(),
});

export const incomeHistory = defineCall({
  name: 'Mining/incomehistory',
  method: 'POST',
  auth: 'member',
  tag: 'mining',
  summary:
    'Mining income, newest first: each payout (by=record, with its order and ledger transfer) or totals per day (by=day)',
  request: z.object({
    ...pagingFields,
    by: oneOf(['record', 'day'] as const).optional(),
    order_id: optionalId(),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(incomeRecordSchema),
});
