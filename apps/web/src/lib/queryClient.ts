import { QueryClient } from '@tanstack/react-query';

/** The API client already tells the user about every failure, so queries do not retry behind their back. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Money views must not show yesterday's balance: data is refetched whenever a page mounts.
      queries: { retry: false, refetchOnWindowFocus: true, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
