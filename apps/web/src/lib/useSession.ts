import { useSyncExternalStore } from 'react';
import { getToken, getUserInfo, subscribeSession, type UserInfo } from './session.ts';

/** See useIsLoggedIn for the server snapshot. */
export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribeSession, getUserInfo, getUserInfo);
}

const hasToken = () => getToken() !== null;

/**
 * The server snapshots are the same reads: the prerender (build/prerender-entry.tsx) renders with a storage of its
 * own, and the page's boot script hydrates a logged-in frame only over a stored session (and the login page only
 * without one), so hydration reads what the HTML was rendered from.
 */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, hasToken, hasToken);
}
