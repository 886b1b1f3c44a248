import {
  MINING_CHART_DAYS,
  activatePreview,
  adminJobRuns,
  adminPackageList,
  adminPackageSave,
  adminVoucherIssue,
  allPackages,
  buyProductSave,
  cmsPackages,
  getInfoB,
  getVouchers,
  incomeHistory,
  incomeSummary,
  orderHistory,
  packageSubMenu,
} from '@mp/contract/web';
import type { RequestOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const miningKeys = {
  all: ['mining'] as const,
  home: ['mining', 'home-packages'] as const,
  coins: ['mining', 'coins'] as const,
  packages: (coin: string) => ['mining', 'packages', coin] as const,
  package: (id: string) => ['mining', 'package', id] as const,
  previews: ['mining', 'preview'] as const,
  preview: (input: object) => ['mining', 'preview', input] as const,
  summary: ['mining', 'summary'] as const,
  income: (by: string) => ['mining', 'income', by] as const,
  orders: ['mining', 'orders'] as const,
  vouchers: ['mining', 'vouchers'] as const,
  adminPackages: ['mining', 'admin', 'packages'] as const,
  jobRuns: ['mining', 'admin', 'job-runs'] as const,
};

/** Home page strip: public, quiet (the home page still works without it). */
export const homePackagesQuery = queryOptions({
  queryKey: miningKeys.home,
  queryFn: () => api(cmsPackages, {}, { quiet: true }),
  staleTime: 60_000,
});
export const coinsQuery = queryOptions({
  queryKey: miningKeys.coins,
  queryFn: () => api(packageSubMenu, {}),
});
export const packagesQuery = (coin: string) =>
  queryOptions({
    queryKey: miningKeys.packages(coin),
    queryFn: () => api(allPackages, coin ? { coin } : {}),
  });
export const packageQuery = (id: string) =>
  queryOptions({ queryKey: miningKeys.package(id), queryFn: () => api(getInfoB, { package_id: id }) });

export type PreviewInput = {
  package_id: string;
  quantity: number;
  voucher_id?: string;
  wallet?: 'funds' | 'deposit';
};
/** The server's order preview; quiet: the purchase page shows refusals next to the fields. */
export const previewQuery = (input: PreviewInput) =>
  queryOptions({
    queryKey: miningKeys.preview(input),
    queryFn: ({ signal }) => api(activatePreview, input, { quiet: true, signal }),
    retry: false,
  });

export const buyPackage = (input: RequestOf<typeof buyProductSave>) =>
  api(buyProductSave, input, { quiet: true });

export const summaryQuery = queryOptions({
  queryKey: miningKeys.summary,
  queryFn: () => api(incomeSummary, { days: MINING_CHART_DAYS }),
});

export const fetchIncome = (by: 'day' | 'record') => (page: number, pagesize: number) =>
  api(incomeHistory, { page, pagesize, by });
export const fetchOrders = (page: number, pagesize: number) => api(orderHistory, { page, pagesize });
export const fetchVouchers = (page: number, pagesize: number) => api(getVouchers, { page, pagesize });

export const adminPackagesQuery = queryOptions({
  queryKey: miningKeys.adminPackages,
  queryFn: () => api(adminPackageList, {}),
});
export const savePackage = (input: RequestOf<typeof adminPackageSave>) => api(adminPackageSave, input);
export const issueVoucher = (input: RequestOf<typeof adminVoucherIssue>) => api(adminVoucherIssue, input);
export const fetchJobRuns = (page: number, pagesize: number) => api(adminJobRuns, { page, pagesize });
