// The bonus wallet's page calls (the plan's payouts as the server's wallet feature records them), apart from api.ts
// so that page's chunk carries only these.
import { bonusSummary, searchBonusRecord } from '@mp/contract/web';
import type { BonusType } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type BonusFilter = { type?: BonusType; from?: string; to?: string };

export const bonusKeys = {
  summary: ['bonus', 'summary'] as const,
  records: (filter: BonusFilter) => ['bonus', 'records', filter] as const,
};

export const bonusSummaryQuery = queryOptions({
  queryKey: bonusKeys.summary,
  queryFn: () => api(bonusSummary, {}),
});

export function fetchBonusRecords(filter: BonusFilter, page: number, pagesize: number) {
  return api(searchBonusRecord, { page, pagesize, ...filter });
}
