import type { ReactNode } from 'react';
import { NoPermission } from '../components/NoPermission.tsx';
import { useUserInfo } from '../lib/useSession.ts';

/**
 * Admin pages: members see "no permission". The role comes from the stored userInfo, so this only
 * shapes the UI; every admin call is checked by the server.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const info = useUserInfo();
  return info?.role === 'admin' ? children : <NoPermission />;
}
