import { z } from 'zod';
import { defineCall, empty, formBool, formInt, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';
import { amountField } from '../transfer.ts';
import { copyPackageSchema } from './discover.ts';
import { COPY_STATES, investmentSchema } from './invest.ts';

/**
 * Copy trading's admin calls (issue 15): packages, the company strategy, investments held in custody and the
 * settlement runs. Amounts are USDT decimal strings.
 */
const money = z.string();
const anId = () => text(20);

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
