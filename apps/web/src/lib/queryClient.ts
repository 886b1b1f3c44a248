import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * After a change, invalidating a query refetches it; but TanStack Query lets a query's first load that is still in
 * flight stand in for the refetch, and that load may answer with what was true before the change (an admin runs a
 * job while the list of runs is still loading: the new run would not show). Cancelling first makes the refetch a
 * new request.
 */
class AppQueryClient extends QueryClient {
  override async invalidateQueries(
    filters?: InvalidateQueryFilters,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

/** The API client already tells the user about every failure, so queries do not retry behind their back. */
export function createQueryClient(): QueryClient {
  return new AppQueryClient({
    defaultOptions: {
      // Money views must not show yesterday's balance: data is refetched whenever a page mounts.
      queries: { retry: false, refetchOnWindowFocus: true, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
