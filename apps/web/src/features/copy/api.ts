import {
  adminTraderDecide,
  adminTraders,
  traderApply,
  traderProfile,
  traderProfileSave,
} from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const copyKeys = {
  all: ['copy'] as const,
  profile: ['copy', 'profile'] as const,
  admin: (state: string) => ['copy', 'admin', state] as const,
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
