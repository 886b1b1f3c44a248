import { useSyncExternalStore } from 'react';
import { isUnreachable, subscribeReachability } from '../../lib/reachability.ts';

/** What the update prompt needs: how to switch to the waiting version (null while there is none). */
let acceptUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the registration when a new version has installed and waits for the member's consent. */
export function offerUpdate(accept: () => void): void {
  acceptUpdate = accept;
  for (const listener of listeners) listener();
}

/** The waiting version's switch, or null (also in prerendered HTML): the update prompt shows while it is there. */
export function useUpdateOffer(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => acceptUpdate,
    () => null,
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const unsubscribe = subscribeReachability(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    unsubscribe();
  };
}

/**
 * Whether the app can reach its server: the browser has a network (navigator.onLine, followed as it changes) and the
 * API's calls are answered (lib/reachability.ts); prerendered HTML assumes both.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine && !isUnreachable(),
    () => true,
  );
}
