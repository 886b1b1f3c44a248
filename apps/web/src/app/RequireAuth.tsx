import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LOGIN_PATH } from '../lib/navigation.ts';
import { useIsLoggedIn } from '../lib/useSession.ts';

/** Member pages: without a token the user goes to the login page, which returns them here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (loggedIn) return children;
  const redirect = encodeURIComponent(pathname + search);
  return <Navigate to={`${LOGIN_PATH}?redirect=${redirect}`} replace />;
}
