import { securityState } from '@mp/contract/web';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The hold on withdrawals, transfers and address binding after a security change, and where codes go. Read by the
 * money screens (a banner) and the account-security screens; every security change invalidates it.
 */
export const securityStateKeys = {
  state: ['security', 'state'] as const,
};

export const securityStateQuery = queryOptions({
  queryKey: securityStateKeys.state,
  queryFn: () => api(securityState, {}, { quiet: true }),
  staleTime: 30_000,
  retry: false,
});
