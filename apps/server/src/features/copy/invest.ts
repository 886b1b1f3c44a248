import {
  adminCopyInvestments,
  adminCopyPackageSave,
  adminCopyPackages,
  adminCopySettle,
  adminTraderCompany,
  getMyTrade,
  getTradeDetails,
  investSave,
  investSaveCompany,
  memberTraderList,
  renewSave,
  topupSave,
  tradePackage,
  traderList,
  updateTrade,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import type { CopyEngine } from './engine.ts';
import { invest, renew, saveSettings, stopInvestment, topUp } from './invest-actions.ts';
import {
  makeCompanyStrategy,
  operatorInvestments,
  operatorPackages,
  savePackage,
  settlementRuns,
} from './invest-admin.ts';
import { investmentDetails, listTraders, myInvestments, packagesFor, traderDetails } from './invest-reads.ts';
import type { InvestDeps } from './investment-views.ts';

/** Member and admin calls of copy trading: the trader list, packages, investing, my investments, settlement runs. */
export function copyInvestRoutes(money: MoneyDeps, engine: CopyEngine): CallRoute[] {
  const d: InvestDeps = { ...money, engine };
  return [
    handle(traderList, (input) => listTraders(d, input)),
    handle(memberTraderList, (input, ctx) => traderDetails(d, ctx.member.id, input)),
    handle(tradePackage, (input, ctx) => packagesFor(d, ctx.member.id, input)),
    handle(investSave, async (input, ctx) =>
      reply(await invest(d, ctx.member, input, false), 'copy_invested'),
    ),
    handle(investSaveCompany, async (input, ctx) =>
      reply(await invest(d, ctx.member, input, true), 'copy_invested'),
    ),
    handle(getMyTrade, (input, ctx) => myInvestments(d, ctx.member.id, input)),
    handle(getTradeDetails, (input, ctx) => investmentDetails(d, ctx.member.id, input)),
    handle(topupSave, async (input, ctx) => reply(await topUp(d, ctx.member, input), 'copy_topped_up')),
    handle(renewSave, async (input, ctx) => reply(await renew(d, ctx.member, input), 'copy_renewed')),
    handle(updateTrade, async (input, ctx) =>
      input.action === 'stop'
        ? reply(await stopInvestment(d, ctx.member, input), 'copy_stopped')
        : reply(await saveSettings(d, ctx.member, input), 'saved'),
    ),
    handle(adminCopyPackages, () => operatorPackages(d)),
    handle(adminCopyPackageSave, async (input, ctx) =>
      reply(await savePackage(d, ctx.member.id, input), 'saved'),
    ),
    handle(adminTraderCompany, async ({ id }, ctx) =>
      reply(await makeCompanyStrategy(d, ctx.member.id, id), 'saved'),
    ),
    handle(adminCopyInvestments, (input) => operatorInvestments(d, input)),
    handle(adminCopySettle, async ({ run }, ctx) => {
      const runs = await settlementRuns(d, run, ctx.member.userid);
      return run ? reply(runs, 'copy_settled') : runs;
    }),
  ];
}
