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
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { todayOf } from '../../platform/dates.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { JobRuns } from '../../platform/scheduler.ts';
import {
  adminPackages,
  buyAndPropagate,
  issueVoucherChecked,
  jobRunsPage,
  runJob,
  savePackageAudited,
} from './mining-actions.ts';
import { incomeHistoryOf, incomeSummaryOf, packageCoins, packageInfo } from './mining-reads.ts';
import { miningStatus, orderHistory as readOrders } from './orders.ts';
import { packagesOnSale } from './packages.ts';
import { previewPurchase } from './purchase.ts';
import { listVouchers } from './vouchers.ts';

/** The mining calls (issue 5), with the admin calls that run the daily jobs (`jobs`: the scheduler port). */
export function miningRoutes(d: MoneyDeps, jobs: JobRuns): CallRoute[] {
  const { db } = d;
  return [
    handle(cmsPackages, async (_i, ctx) => ({ list: await packagesOnSale(db, ctx.lang) })),
    handle(packageSubMenu, () => packageCoins(db)),
    handle(allPackages, async (input, ctx) => ({ list: await packagesOnSale(db, ctx.lang, input.coin) })),
    handle(getInfoB, (input, ctx) => packageInfo(db, ctx.member.id, input, ctx.lang)),
    handle(gInfo, (_i, ctx) => miningStatus(db, ctx.member.id, todayOf(d.clock))),
    handle(activatePreview, (input, ctx) => previewPurchase(d, ctx, input)),
    handle(buyProductPreview, (input, ctx) => previewPurchase(d, ctx, input)),
    handle(buyProductSave, async (input, ctx) => reply(await buyAndPropagate(d, ctx, input), 'purchased')),
    handle(getVouchers, (input, ctx) =>
      listVouchers(db, ctx.member.id, input.state, input.page, input.pagesize, d.clock.now(), ctx.lang),
    ),
    handle(orderHistory, (input, ctx) =>
      readOrders(db, ctx.member.id, input.state, input.page, input.pagesize, todayOf(d.clock), ctx.lang),
    ),
    handle(incomeSummary, (input, ctx) => incomeSummaryOf(d, ctx.member.id, input)),
    handle(incomeHistory, (input, ctx) => incomeHistoryOf(db, ctx.member.id, input, ctx.lang)),

    handle(adminRunJob, async (input, ctx) =>
      reply(await runJob(db, jobs, ctx.member.id, input), 'job_done'),
    ),
    handle(adminJobRuns, (input) => jobRunsPage(jobs, input)),
    handle(adminPackageList, () => adminPackages(db)),
    handle(adminPackageSave, async (input, ctx) =>
      reply(await savePackageAudited(d, ctx.member.id, input), 'saved'),
    ),
    handle(adminVoucherIssue, async (input, ctx) =>
      reply(await issueVoucherChecked(d, ctx.member.id, input), 'voucher_issued'),
    ),
  ];
}
