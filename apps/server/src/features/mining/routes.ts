import {
  activatePreview,
  adminJobRuns,
  adminPackageList,
  adminPackageSave,
  adminRunJob,
  adminVoucherIssue,
  allPackages,
  buyProductPreview,
  buyProductSave,
  cmsPackages,
  getInfoB,
  getVouchers,
  gInfo,
  incomeHistory,
  incomeSummary,
  orderHistory,
  packageSubMenu,
} from '@mp/contract';
import { sql } from 'kysely';
import { handle, reply } from '../../platform/calls.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import type { CallRoute } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { JobRuns, RunView } from '../../platform/scheduler.ts';
import { addDays, isDate, todayOf } from '../../platform/dates.ts';
import {
  incomeHistory as readIncomeHistory,
  incomeSummary as readIncomeSummary,
  miningStatus,
  orderHistory as readOrders,
} from './orders.ts';
import {
  dailyIncomePerUnit,
  findPackage,
  packageQuery,
  packagesOnSale,
  packageView,
  savePackage,
} from './packages.ts';
import { buyPackage, previewPurchase } from './purchase.ts';
import { issueVoucher } from './voucher-issue.ts';
import { listVouchers } from './vouchers.ts';
import { propagateAfterCommit } from '../network/index.ts';

const wireRun = (r: RunView) => ({
  ...r,
  amounts: r.amounts.map((a) => ({ asset: a.asset, amount: money(a.amount, a.asset) })),
});

/** The mining calls (issue 5), with the admin calls that run the daily jobs (`jobs`: the scheduler port). */
export function miningRoutes(d: MoneyDeps, jobs: JobRuns): CallRoute[] {
  const { db } = d;
  return [
    handle(cmsPackages, async () => ({ list: await packagesOnSale(db) })),
    handle(packageSubMenu, async () => {
      const rows = await db
        .selectFrom('mining_packages')
        .select(['coin', sql<number>`count(*)::int`.as('count')])
        .where('active', '=', true)
        .groupBy('coin')
        .orderBy('coin')
        .execute();
      return { list: rows };
    }),
    handle(allPackages, async (input) => ({ list: await packagesOnSale(db, input.coin) })),
    handle(getInfoB, async (input, ctx) => {
      const p = await findPackage(db, input.package_id);
      const m = await db
        .selectFrom('members')
        .select('kyc_state')
        .where('id', '=', ctx.member.id)
        .executeTakeFirst();
      return {
        ...packageView(p),
        daily_income_per_unit: money(dailyIncomePerUnit(p), p.settle_asset),
        kyc_state: m?.kyc_state ?? 'none',
      };
    }),
    handle(gInfo, async (_i, ctx) => miningStatus(db, ctx.member.id, todayOf(d.clock))),
    handle(activatePreview, (input, ctx) => previewPurchase(d, ctx, input)),
    handle(buyProductPreview, (input, ctx) => previewPurchase(d, ctx, input)),
    handle(buyProductSave, async (input, ctx) => {
      const order = await buyPackage(d, ctx, input);
      await propagateAfterCommit(db, d.log);
      return reply(order, 'purchased');
    }),
    handle(getVouchers, (input, ctx) =>
      listVouchers(db, ctx.member.id, input.state, input.page, input.pagesize, d.clock.now()),
    ),
    handle(orderHistory, (input, ctx) =>
      readOrders(db, ctx.member.id, input.state, input.page, input.pagesize, todayOf(d.clock)),
    ),
    handle(incomeSummary, async (input, ctx) => {
      const today = todayOf(d.clock);
      const s = await readIncomeSummary(
        db,
        ctx.member.id,
        today,
        addDays(today, -1),
        addDays(today, 1 - input.days),
      );
      return { today_date: today, ...s, status: await miningStatus(db, ctx.member.id, today) };
    }),
    handle(incomeHistory, async (input, ctx) => {
      for (const field of ['from', 'to'] as const) {
        const v = input[field];
        if (v && !isDate(v)) throw fieldRefusal(422, field, 'date_invalid');
      }
      if (input.order_id && !/^\d{1,18}$/.test(input.order_id))
        throw fieldRefusal(422, 'order_id', 'field_invalid');
      return readIncomeHistory(
        db,
        ctx.member.id,
        { by: input.by ?? 'record', orderId: input.order_id, from: input.from, to: input.to },
        input.page,
        input.pagesize,
      );
    }),

    handle(adminRunJob, async (input, ctx) => {
      const run = await jobs.run(input.job, input.date, ctx.member.id);
      await audit(db, ctx.member.id, 'job.run', `job:${input.job}:${input.date}`, {
        items_now: run.items_now,
      });
      return reply(wireRun(run), 'job_done');
    }),
    handle(adminJobRuns, async (input) => {
      const { list, total } = await jobs.list(input);
      return { list: list.map(wireRun), page: input.page, pagesize: input.pagesize, total };
    }),
    handle(adminPackageList, async () => ({
      list: (await packageQuery(db).orderBy('id').execute()).map(packageView),
    })),
    handle(adminPackageSave, async (input, ctx) => {
      const saved = await db.transaction().execute(async (tx) => {
        const p = await savePackage(tx, input, todayOf(d.clock));
        await audit(
          tx,
          ctx.member.id,
          input.id ? 'mining.package.update' : 'mining.package.create',
          `package:${p.id}`,
          input,
        );
        return p;
      });
      return reply(saved, 'saved');
    }),
    handle(adminVoucherIssue, async (input, ctx) => {
      if (input.package_id) await findPackage(db, input.package_id);
      return reply(await issueVoucher(d, ctx.member.id, input), 'voucher_issued');
    }),
  ];
}
