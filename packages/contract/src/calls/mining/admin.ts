import { z } from 'zod';
import {
  defineCall,
  empty,
  formBool,
  formInt,
  oneOf,
  optionalText,
  pagingFields,
  text,
  translationsField,
} from '../../call.ts';
import { ASSET_CODES, WALLET_KINDS, MINING_DEFAULT_START_DELAY_DAYS, DAILY_JOBS } from '../../constants.ts';
import { pagedSchema } from '../../envelope.ts';
import { miningPackageSchema } from './packages.ts';
import { voucherSchema } from './purchase.ts';

/** Mining's admin calls (issue 5): the daily jobs, packages and vouchers. */
const money = z.string();
const optionalId = () => optionalText(20);

export const jobRunSchema = z.object({
  job: z.string(),
  date: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  runs: z.number(),
  /** Orders (or items) settled for the date in total, over every run. */
  items: z.number(),
  /** Settled by this run (0 when an earlier run had done it all). */
  items_now: z.number(),
  amounts: z.array(z.object({ asset: z.string(), amount: money })),
  started_at: z.string(),
  finished_at: z.string(),
  error: z.string(),
});

export const adminRunJob = defineCall({
  name: 'Admin/runjob',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Runs or re-runs a daily job for a date (YYYY-MM-DD), safely: each item is settled once. Dates after today need ALLOW_FUTURE_JOBS=1',
  request: z.object({ job: oneOf(DAILY_JOBS), date: text(10) }),
  response: jobRunSchema,
});

export const adminJobRuns = defineCall({
  name: 'Admin/jobruns',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Daily job runs with their results, newest date first',
  request: z.object({ ...pagingFields, job: oneOf(DAILY_JOBS).optional() }),
  response: pagedSchema(jobRunSchema),
});

/** A package's texts in the members' other languages (its default texts are name, description, assumptions_note). */
const packageTranslation = z.object({
  lang: z.string(),
  name: z.string(),
  description: z.string(),
  assumptions_note: z.string(),
});

/** A package as the admin edits it: with its texts in the other languages, as Admin/packagesave takes them. */
export const adminPackageSchema = miningPackageSchema.extend({ translations: z.array(packageTranslation) });

export const adminPackageList = defineCall({
  name: 'Admin/packagelist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Every mining package, on sale or not',
  request: empty,
  response: z.object({ list: z.array(adminPackageSchema) }),
});

export const adminPackageSave = defineCall({
  name: 'Admin/packagesave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Creates (no id) or updates a mining package; existing orders keep the terms they were bought with; audited',
  request: z.object({
    id: optionalId(),
    name: text(100),
    coin: text(20),
    capacity_unit: text(20),
    unit_price: text(40),
    term_days: formInt(1, 3650),
    daily_profit: text(40),
    daily_fee: text(40),
    settle_asset: oneOf(ASSET_CODES as [string, ...string[]]),
    settle_wallet: oneOf(WALLET_KINDS as [string, ...string[]]),
    min_quantity: formInt(1, 1_000_000),
    stock: formInt(0, 1_000_000_000),
    start_date: text(10),
    start_delay_days: formInt(1, 365, MINING_DEFAULT_START_DELAY_DAYS),
    active: formBool(),
    description: optionalText(1000),
    /** The estimate's assumptions; left out, an update keeps the package's. */
    coin_price: optionalText(40),
    output_per_unit: optionalText(40),
    /** YYYY-MM-DD; left out while the coin price or output is given: today. */
    assumptions_set_at: optionalText(10),
    assumptions_note: optionalText(500),
    /**
     * The name, description and assumptions note in the members' other languages, shown to a member reading that
     * language (the default text where one is not given); left as they are when not sent.
     */
    translations: translationsField({ description: optionalText(1000), assumptions_note: optionalText(500) }),
  }),
  response: adminPackageSchema,
});

export const adminVoucherIssue = defineCall({
  name: 'Admin/voucherissue',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'Gives a member a voucher for mining packages (optionally one package) or for the shop: discount percent, expiry date; audited',
  request: z.object({
    userid: text(64),
    scope: oneOf(['mining', 'shop'] as const).optional(),
    discount_percent: text(10),
    expires_on: text(10),
    package_id: optionalId(),
    note: optionalText(200),
  }),
  response: voucherSchema,
});
