import { SPEC_ROUTES } from '@mp/contract/web';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { loadNamespace } from '../lib/i18n.ts';
import { HOME_PATH } from '../lib/navigation.ts';
import { AppShell } from './AppShell.tsx';
import { LazyPage, type PageLoader } from './lazyPage.tsx';
import { BUILT_PAGES, type BuiltPage, EXTRA_PAGES } from './pages.ts';
import { RequireAdmin } from './RequireAdmin.tsx';
import { RequireAuth } from './RequireAuth.tsx';

const ENTRY_PATHS = new Set(['/', '/pages/main']);

const loadComingSoon: PageLoader = () => import('../components/ComingSoon.tsx');
const loadNotFound: PageLoader = () => import('../components/NotFoundPage.tsx');

function specRoute(path: string): RouteObject {
  if (ENTRY_PATHS.has(path)) return { path, element: <Navigate to={HOME_PATH} replace /> };
  const built = BUILT_PAGES[path];
  if (!built) return { path, element: <LazyPage load={loadComingSoon} /> };
  return builtRoute(path, built);
}

/** An admin page loads with the admin area's texts (their own chunk). */
function withAdminTexts(load: PageLoader): PageLoader {
  return async () => (await Promise.all([load(), loadNamespace('admin')]))[0];
}

function builtRoute(path: string, built: BuiltPage): RouteObject {
  let element = <LazyPage load={built.admin ? withAdminTexts(built.load) : built.load} />;
  if (built.admin) element = <RequireAdmin>{element}</RequireAdmin>;
  if (built.auth) element = <RequireAuth>{element}</RequireAuth>;
  return { path, element };
}

/** Every route path of the spec (section 2), each lazily loaded, plus a not-found page. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <AppShell />,
      children: [
        ...SPEC_ROUTES.map((r) => specRoute(r.path)),
        ...Object.entries(EXTRA_PAGES).map(([path, page]) => builtRoute(path, page)),
        { path: '*', element: <LazyPage load={loadNotFound} /> },
      ],
    },
  ];
}
