import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a money action succeeds, what it changed is fetched again, but the checks made before it (previews, quotes)
 * are only marked stale: asked again now, they would answer for the new state (a spent voucher is refused, the
 * balance no longer covers the amount) under the result screen that says it worked. They run again when their form
 * shows again.
 */
export function refreshAfterAction(client: QueryClient, refresh: QueryKey[], checks: QueryKey[]): void {
  const isCheck = (key: QueryKey) => checks.some((c) => c.every((part, i) => key[i] === part));
  for (const queryKey of refresh) {
    void client.invalidateQueries({ queryKey, predicate: (q) => !isCheck(q.queryKey) });
  }
  for (const queryKey of checks) void client.invalidateQueries({ queryKey, refetchType: 'none' });
}
