import { useEffect } from 'react';
import { useLocation, useNavigate, useRoutes } from 'react-router';
import { registerNavigate } from '../lib/navigation.ts';
import { type RouteLookup, routeLookup } from './routeLookup.ts';
import { appRoutes } from './routes.tsx';

let routesFor: RouteLookup | null = null;

/**
 * The route table, rendered inside whichever router the caller provides (a hash router in the app, a memory
 * router in tests). Declarative routing: the app uses no loaders or actions, and the data router's code
 * cost the first load about 16 KB of gzipped JavaScript. React Router is given only the route the path names
 * (routeLookup.ts): matching against the whole table was one long task.
 */
export function AppRoutes() {
  routesFor ??= routeLookup(appRoutes());
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The API client navigates from outside React (an expired session goes to the login page).
  useEffect(() => {
    registerNavigate((path, options) => void navigate(path, options));
    return () => registerNavigate(null);
  }, [navigate]);
  return useRoutes(routesFor(pathname));
}
