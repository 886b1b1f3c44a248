import { SPEC_ROUTES } from '@mp/contract/web';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { loadNamespace } from '../lib/i18n.ts';
import type { PageNamespace } from '../locales/index.ts';
import { HOME_PATH, INTRO_SEEN_KEY } from '../lib/navigation.ts';
import { AppShell } from './AppShell.tsx';
import { LazyPage, type PageLoader } from './lazyPage.tsx';
import { BUILT_PAGES, type BuiltPage, EXTRA_PAGES } from './pages.ts';
import { RequireAdmin } from './RequireAdmin.tsx';
import { RequireAuth } from './RequireAuth.tsx';

const ENTRY_PATHS = new Set(['/', '/pages/main']);

/** The app's entry: a newcomer's first opening shows the intro slides once (IntroPage), later ones go home. */
function EntryRedirect() {
  const seen = typeof localStorage !== 'undefined' && localStorage.getItem(INTRO_SEEN_KEY) === '1';
  return <Navigate to={seen ? HOME_PATH : '/pages/Intro'} replace />;
}

const loadComingSoon: PageLoader = () => import('../components/ComingSoon.tsx');
const loadNotFound: PageLoader = () => import('../components/NotFoundPage.tsx');

function specRoute(path: string): RouteObject {
  if (ENTRY_PATHS.has(path)) return { path, element: <EntryRedirect /> };
  const built = BUILT_PAGES[path];
  if (!built) return { path, element: <LazyPage load={loadComingSoon} /> };
  return builtRoute(path, built);
}

/** A page loads with the texts it needs beyond the first load's (their own chunks): admin pages the admin area's. */
function withTexts(load: PageLoader, namespaces: PageNamespace[]): PageLoader {
  if (namespaces.length === 0) return load;
  return async () => (await Promise.all([load(), ...namespaces.map((ns) => loadNamespace(ns))]))[0];
}

function builtRoute(path: string, built: BuiltPage): RouteObject {
  const namespaces: PageNamespace[] = [
    ...(built.admin ? (['admin'] as const) : []),
    ...(built.texts ? [built.texts] : []),
  ];
  let element = <LazyPage load={withTexts(built.load, namespaces)} />;
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
