import {
  adminCopyInvestments,
  adminCopyPackageSave,
  adminCopyPackages,
  adminCopySettle,
  adminTraderCompany,
  adminTraderDecide,
  adminTraders,
  getMyTrade,
  getTradeDetails,
  investSave,
  investSaveCompany,
  memberTraderList,
  renewSave,
  topupSave,
  tradePackage,
  traderApply,
  traderList,
  traderProfile,
  traderProfileSave,
  updateTrade,
  walletMove,
} from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const copyKeys = {
  all: ['copy'] as const,
  profile: ['copy', 'profile'] as const,
  admin: (state: string) => ['copy', 'admin', state] as const,
  traders: (sort: string) => ['copy', 'traders', sort] as const,
  trader: (id: string) => ['copy', 'trader', id] as const,
  packages: (trader: string) => ['copy', 'packages', trader] as const,
  mine: (state: string) => ['copy', 'mine', state] as const,
  investment: (id: string) => ['copy', 'investment', id] as const,
  adminPackages: ['copy', 'admin-packages'] as const,
  adminInvestments: (state: string) => ['copy', 'admin-investments', state] as const,
  runs: ['copy', 'runs'] as const,
};

export const traderProfileQuery = queryOptions({
  queryKey: copyKeys.profile,
  queryFn: () => api(traderProfile, {}),
});

export type TraderFields = { display_name: string; bio?: string; strategy?: string };

export const applyAsTrader = (input: TraderFields & { agree: boolean }) => apiEnvelope(traderApply, input);
export const saveTraderProfile = (input: TraderFields) => apiEnvelope(traderProfileSave, input);

export const fetchTraders = (state: string) => (page: number, pagesize: number) =>
  api(adminTraders, {
    page,
    pagesize,
    ...(state === 'all' ? {} : { state: state as 'pending' | 'approved' | 'rejected' }),
  });

export const decideTrader = (id: string, action: 'approve' | 'reject', reason?: string) =>
  apiEnvelope(adminTraderDecide, { id, action, ...(reason ? { reason } : {}) });

export type TraderSort = 'roi_30d' | 'followers' | 'aum';
export const fetchTraderCards = (sort: TraderSort) => (page: number, pagesize: number) =>
  api(traderList, { page, pagesize, sort });
export type TraderCard = Awaited<ReturnType<ReturnType<typeof fetchTraderCards>>>['list'][number];

export const traderQuery = (id: string) =>
  queryOptions({ queryKey: copyKeys.trader(id), queryFn: () => api(memberTraderList, { id }) });

/** A trader's packages; '' for the company strategy's. */
export const packagesQuery = (trader: string) =>
  queryOptions({
    queryKey: copyKeys.packages(trader),
    queryFn: () => api(tradePackage, trader ? { trader_id: trader } : {}),
  });
export type CopyPackage = Awaited<
  ReturnType<NonNullable<ReturnType<typeof packagesQuery>['queryFn']>>
>['list'][number];

export type InvestInput = {
  package_id: string;
  amount: string;
  agree: boolean;
  stop_loss_percent: number;
  auto_renew: boolean;
  tx_password: string;
  idempotency_key: string;
};
export const invest = (input: InvestInput, company: boolean) =>
  company ? apiEnvelope(investSaveCompany, input) : apiEnvelope(investSave, input);

export const fetchMine = (state: 'active' | 'ended') => (page: number, pagesize: number) =>
  api(getMyTrade, { page, pagesize, state });
export const mineTotalsQuery = queryOptions({
  queryKey: copyKeys.mine('totals'),
  queryFn: () => api(getMyTrade, { page: 1, pagesize: 1, state: 'active' }),
});
export type Investment = Awaited<ReturnType<ReturnType<typeof fetchMine>>>['list'][number];

const fetchInvestment = (id: string) => api(getTradeDetails, { id });
export type InvestmentDetail = Awaited<ReturnType<typeof fetchInvestment>>;
export const investmentQuery = (id: string) =>
  queryOptions({ queryKey: copyKeys.investment(id), queryFn: () => fetchInvestment(id) });

export const topUp = (input: { id: string; amount: string; tx_password: string; idempotency_key: string }) =>
  apiEnvelope(topupSave, input);
export const renew = (input: { id: string; tx_password: string; idempotency_key: string }) =>
  apiEnvelope(renewSave, input);
export const saveSettings = (id: string, stop_loss_percent: number, auto_renew: boolean) =>
  apiEnvelope(updateTrade, { id, action: 'settings', stop_loss_percent, auto_renew });
export const stopCopying = (id: string, tx_password: string) =>
  apiEnvelope(updateTrade, { id, action: 'stop', stop_loss_percent: 0, auto_renew: false, tx_password });

export const adminPackagesQuery = queryOptions({
  queryKey: copyKeys.adminPackages,
  queryFn: () => api(adminCopyPackages, {}),
});
export type PackageInput = {
  id?: string;
  trader_id: string;
  name: string;
  min_amount: string;
  term_days: number;
  share_percent: string;
  fee_percent: string;
  active: boolean;
};
export const savePackage = (input: PackageInput) => apiEnvelope(adminCopyPackageSave, input);
export const makeCompany = (id: string) => apiEnvelope(adminTraderCompany, { id });
export const fetchAdminInvestments = (state: string) => (page: number, pagesize: number) =>
  api(adminCopyInvestments, {
    page,
    pagesize,
    ...(state === 'all' ? {} : { state: state as 'active' | 'closing' | 'stopped' | 'closed' }),
  });
export const adminTotalsQuery = queryOptions({
  queryKey: copyKeys.adminInvestments('totals'),
  queryFn: () => api(adminCopyInvestments, { page: 1, pagesize: 1 }),
});
export const runsQuery = queryOptions({
  queryKey: copyKeys.runs,
  queryFn: () => api(adminCopySettle, { run: false }),
});
export const runSettlement = () => apiEnvelope(adminCopySettle, { run: true });

export const moveWallets = (input: {
  from: 'funds' | 'trading';
  to: 'funds' | 'trading';
  amount: string;
  tx_password: string;
  idempotency_key: string;
}) => apiEnvelope(walletMove, input);
