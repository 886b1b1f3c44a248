import { useSyncExternalStore } from 'react';
import { getToken, getUserInfo, subscribeSession, type UserInfo } from './session.ts';

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(subscribeSession, getUserInfo);
}

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, () => getToken() !== null);
}
