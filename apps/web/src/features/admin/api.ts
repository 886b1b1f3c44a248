import { adminApproveWd, adminWdList } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export type WdStatus = 'pending' | 'approved' | 'rejected';
export type WdFilter = { status?: WdStatus; userid?: string; from?: string; to?: string };

export const adminKeys = {
  all: ['admin'] as const,
  wd: ['admin', 'wd'] as const,
  wdList: (filter: WdFilter) => ['admin', 'wd', 'list', filter] as const,
  wdTotals: (filter: WdFilter) => ['admin', 'wd', 'totals', filter] as const,
};

export function fetchWithdrawalsPage(filter: WdFilter, page: number, pagesize: number) {
  return api(adminWdList, { page, pagesize, ...filter });
}

/** Count and sums for the filter (the list call carries them; one row is enough to read them). */
export const wdTotalsQuery = (filter: WdFilter) =>
  queryOptions({
    queryKey: adminKeys.wdTotals(filter),
    queryFn: () => api(adminWdList, { page: 1, pagesize: 1, ...filter }),
    select: (d) => ({ count: d.total, amount: d.total_amount, fee: d.total_fee }),
  });

export function decideWithdrawal(id: string, action: 'approve' | 'reject', reason?: string) {
  return apiEnvelope(adminApproveWd, { id, action, ...(reason ? { reason } : {}) });
}
