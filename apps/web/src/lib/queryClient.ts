import { QueryClient } from '@tanstack/react-query';

/** The API client already tells the user about every failure, so queries do not retry behind their back. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
