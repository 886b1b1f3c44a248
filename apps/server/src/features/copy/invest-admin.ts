import type { adminCopyInvestments, adminCopyPackageSave, ParsedRequestOf } from '@mp/contract';
import { inTransaction } from '../../db/database.ts';
import { money, parseMoney } from '../../lib/amount.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { todayOf } from '../../platform/dates.ts';
import {
  adminInvestmentFigures,
  approvedTraderNames,
  approvedTraderOf,
  insertPackage,
  lastRuns,
  lockApprovedTrader,
  markCompany,
  updatePackage,
} from './admin-queries.ts';
import { packageQuery } from './invest-queries.ts';
import { type InvestDeps, investmentViews, isId, packageView, totalValue, USDT } from './investment-views.ts';
import { bpsOf } from './pool.ts';

/** Every package, and the approved traders a package may be made for. */
export async function operatorPackages(d: InvestDeps) {
  const [rows, traders] = await Promise.all([
    packageQuery(d.db).orderBy('p.trader_id').orderBy('p.id').execute(),
    approvedTraderNames(d.db),
  ]);
  return { list: rows.map(packageView), traders };
}

/** Creates or changes a package (audited); its view. */
export async function savePackage(
  d: InvestDeps,
  adminId: string,
  input: ParsedRequestOf<typeof adminCopyPackageSave>,
) {
  const share = bpsOf(input.share_percent, 50);
  if (share === undefined) throw fieldRefusal(422, 'share_percent', 'copy_percent_invalid');
  const fee = bpsOf(input.fee_percent, 50);
  if (fee === undefined) throw fieldRefusal(422, 'fee_percent', 'copy_percent_invalid');
  const min = parseMoney(input.min_amount, USDT, 'min_amount');
  if (min <= 0n) throw fieldRefusal(422, 'min_amount', 'field_invalid');
  const trader = isId(input.trader_id) ? await approvedTraderOf(d.db, input.trader_id) : undefined;
  if (!trader) throw fieldRefusal(404, 'trader_id', 'copy_trader_unavailable');
  if (!trader.pool_account_id) await d.engine.ensureAccounts(trader);
  const fields = {
    trader_id: trader.id,
    name: input.name,
    min_amount: min.toString(),
    term_days: input.term_days,
    share_bps: share,
    fee_bps: fee,
    active: input.active,
  };
  const id = await inTransaction(d.db, async (tx) => {
    let saved: { id: string } | undefined;
    if (input.id) {
      if (!isId(input.id)) throw fieldRefusal(404, 'id', 'copy_package_not_found');
      saved = await updatePackage(tx, input.id, fields);
      if (!saved) throw fieldRefusal(404, 'id', 'copy_package_not_found');
    } else saved = await insertPackage(tx, fields);
    await audit(tx, adminId, 'copy.package_save', `copy_package:${saved.id}`, fields);
    return saved.id;
  });
  return packageView(await packageQuery(d.db).where('p.id', '=', id).executeTakeFirstOrThrow());
}

/** Makes an approved trader the company strategy (the only one; audited). */
export async function makeCompanyStrategy(d: InvestDeps, adminId: string, id: string) {
  if (!isId(id)) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
  await inTransaction(d.db, async (tx) => {
    const t = await lockApprovedTrader(tx, id);
    if (!t) throw fieldRefusal(404, 'id', 'copy_trader_unavailable');
    await markCompany(tx, id);
    await audit(tx, adminId, 'copy.company_strategy', `trader:${id}`);
  });
  return { id, company: true };
}

/** All investments (or those in one state) with the custody, the active value and the totals paid out. */
export async function operatorInvestments(
  d: InvestDeps,
  input: ParsedRequestOf<typeof adminCopyInvestments>,
) {
  const { page, pagesize } = input;
  const [rows, count, sums, active, custody] = await adminInvestmentFigures(d.db, input);
  const activeViews = await investmentViews(d, active);
  return {
    list: (await investmentViews(d, rows)).map(({ _value, _pnl, ...v }) => v),
    page,
    pagesize,
    total: Number(count.n),
    custody: money(custody?.balance ?? '0', USDT),
    active_value: money(totalValue(activeViews), USDT),
    shared: money(sums.shared, USDT),
    fees: money(sums.fees, USDT),
  };
}

/** Runs today's settlement when asked (by the admin's userid), then the last 30 runs. */
export async function settlementRuns(d: InvestDeps, run: boolean | undefined, adminUserid: string) {
  if (run) await d.engine.runDaily(todayOf(d.clock), adminUserid);
  const runs = await lastRuns(d.db);
  return {
    list: runs.map((r) => ({
      date: r.date,
      investments: r.investments,
      shared: money(r.shared, USDT),
      fees: money(r.fees, USDT),
      started_by: r.started_by,
      at: r.at.toISOString(),
    })),
  };
}
