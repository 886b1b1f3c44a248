import { totpStatus } from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/** Two-factor status is read by the transaction-password sheet and changed by the security page. */
export const totpKeys = {
  status: ['security', 'totp-status'] as const,
};

export const totpStatusQuery = queryOptions({
  queryKey: totpKeys.status,
  queryFn: () => api(totpStatus, {}),
  staleTime: 30_000,
});
