import { SPEC_ROUTES } from '@mp/contract';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';
import { AppShell } from './AppShell.tsx';
import { LazyPage, type PageLoader } from './lazyPage.tsx';
import { BUILT_PAGES } from './pages.ts';
import { RequireAuth } from './RequireAuth.tsx';

const ENTRY_PATHS = new Set(['/', '/pages/main']);

const loadComingSoon: PageLoader = () => import('../components/ComingSoon.tsx');
const loadNotFound: PageLoader = () => import('../components/NotFoundPage.tsx');

function specRoute(path: string): RouteObject {
  if (ENTRY_PATHS.has(path)) return { path, element: <Navigate to={HOME_PATH} replace /> };
  const built = BUILT_PAGES[path];
  if (!built) return { path, element: <LazyPage load={loadComingSoon} /> };
  const page = <LazyPage load={built.load} />;
  return {
    path,
    element: built.auth ? <RequireAuth>{page}</RequireAuth> : page,
  };
}

/** Every route path of the spec (section 2), each lazily loaded, plus a not-found page. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppShell />,
      children: [
        ...SPEC_ROUTES.map((r) => specRoute(r.path)),
        { path: '*', element: <LazyPage load={loadNotFound} /> },
      ],
    },
  ];
}
