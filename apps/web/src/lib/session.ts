import type { userInfoSchema } from '@mp/contract';
import { RANKS, ROLES } from '@mp/contract/web';
import type { z } from 'zod';

/** Local storage keys fixed by the spec. */
export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

export type UserInfo = z.infer<typeof userInfoSchema>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; info: UserInfo | null } = { raw: null, info: null };

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY) || null;
}

/** The contract's userInfo shape, checked by hand: the first screen reads it before any schema is loaded. */
function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.userid === 'string' &&
    typeof info.username === 'string' &&
    (RANKS as readonly unknown[]).includes(info.rank) &&
    (ROLES as readonly unknown[]).includes(info.role)
  );
}

export function getUserInfo(): UserInfo | null {
  const raw = localStorage.getItem(USER_INFO_KEY);
  if (raw === cached.raw) return cached.info;
  let info: UserInfo | null = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      info = isUserInfo(parsed) ? parsed : null;
    } catch {
      info = null;
    }
  }
  cached = { raw, info };
  return info;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

export function saveSession(token: string, userInfo: UserInfo): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_INFO_KEY);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
