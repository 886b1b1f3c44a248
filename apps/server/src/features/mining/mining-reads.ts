import type { getInfoB, incomeHistory, incomeSummary, Language, ParsedRequestOf } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, isDate, todayOf } from '../../platform/dates.ts';
import {
  incomeHistory as readIncomeHistory,
  incomeSummary as readIncomeSummary,
  miningStatus,
} from './orders.ts';
import { coinsOnSale, kycStateOf } from './package-queries.ts';
import { dailyIncomePerUnit, findPackage, packageView } from './packages.ts';

/** What a member reads of mining: the coins on sale, a package's page, their income. */

export async function packageCoins(db: Db) {
  return { list: await coinsOnSale(db) };
}

/** A package with its daily income per unit and where the member's identity check stands (buying needs it). */
export async function packageInfo(
  db: Db,
  memberId: string,
  input: ParsedRequestOf<typeof getInfoB>,
  lang: Language,
) {
  const p = await findPackage(db, input.package_id);
  const kycState = await kycStateOf(db, memberId);
  return {
    ...packageView(p, lang),
    daily_income_per_unit: money(dailyIncomePerUnit(p), p.settle_asset),
    kyc_state: kycState ?? 'none',
  };
}

/** Today's, yesterday's and the last days' income, with the member's mining status. */
export async function incomeSummaryOf(
  d: { db: Db; clock: Clock },
  memberId: string,
  input: ParsedRequestOf<typeof incomeSummary>,
) {
  const today = todayOf(d.clock);
  const s = await readIncomeSummary(
    d.db,
    memberId,
    today,
    addDays(today, -1),
    addDays(today, 1 - input.days),
  );
  return { today_date: today, ...s, status: await miningStatus(d.db, memberId, today) };
}

/** The member's income by record or by day, for an order and between days (each checked first). */
export async function incomeHistoryOf(
  db: Db,
  memberId: string,
  input: ParsedRequestOf<typeof incomeHistory>,
  lang: Language,
) {
  for (const field of ['from', 'to'] as const) {
    const v = input[field];
    if (v && !isDate(v)) throw fieldRefusal(422, field, 'date_invalid');
  }
  if (input.order_id && !/^\d{1,18}$/.test(input.order_id))
    throw fieldRefusal(422, 'order_id', 'field_invalid');
  return readIncomeHistory(
    db,
    memberId,
    { by: input.by ?? 'record', orderId: input.order_id, from: input.from, to: input.to },
    input.page,
    input.pagesize,
    lang,
  );
}
