import type {
  adminJobRuns,
  adminPackageSave,
  adminRunJob,
  adminVoucherIssue,
  buyProductSave,
  ParsedRequestOf,
} from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { todayOf } from '../../platform/dates.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { JobRuns, RunView } from '../../platform/scheduler.ts';
import { propagateAfterCommit } from '../network/index.ts';
import { adminPackageView, findPackage, packageQuery, savePackage } from './packages.ts';
import { buyPackage } from './purchase.ts';
import { issueVoucher } from './voucher-issue.ts';

/** Mining's changes: a member's purchase, and the admin's packages, vouchers and daily jobs. */

/** Buys a package; the answer waits (briefly) for the purchase's team figures to go up the tree. */
export async function buyAndPropagate(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof buyProductSave>,
) {
  const order = await buyPackage(d, ctx, input);
  await propagateAfterCommit(d.db, d.log);
  return order;
}

export async function adminPackages(db: Db) {
  return { list: (await packageQuery(db).orderBy('id').execute()).map(adminPackageView) };
}

/** Creates or updates a package, audited in the same transaction. */
export async function savePackageAudited(
  d: MoneyDeps,
  adminId: string,
  input: ParsedRequestOf<typeof adminPackageSave>,
) {
  return d.db.transaction().execute(async (tx) => {
    const p = await savePackage(tx, input, todayOf(d.clock));
    await audit(
      tx,
      adminId,
      input.id ? 'mining.package.update' : 'mining.package.create',
      `package:${p.id}`,
      input,
    );
    return p;
  });
}

/** Issues a voucher, for an existing package if one is named. */
export async function issueVoucherChecked(
  d: MoneyDeps,
  adminId: string,
  input: ParsedRequestOf<typeof adminVoucherIssue>,
) {
  if (input.package_id) await findPackage(d.db, input.package_id);
  return issueVoucher(d, adminId, input);
}

const wireRun = (r: RunView) => ({
  ...r,
  amounts: r.amounts.map((a) => ({ asset: a.asset, amount: money(a.amount, a.asset) })),
});

/** Runs a daily job for a day by hand (audited with how many items it did now). */
export async function runJob(
  db: Db,
  jobs: JobRuns,
  adminId: string,
  input: ParsedRequestOf<typeof adminRunJob>,
) {
  const run = await jobs.run(input.job, input.date, adminId);
  await audit(db, adminId, 'job.run', `job:${input.job}:${input.date}`, {
    items_now: run.items_now,
  });
  return wireRun(run);
}

/** The daily jobs' runs, a page at a time. */
export async function jobRunsPage(jobs: JobRuns, input: ParsedRequestOf<typeof adminJobRuns>) {
  const { list, total } = await jobs.list(input);
  return { list: list.map(wireRun), page: input.page, pagesize: input.pagesize, total };
}
