import type { NonIndexRouteObject, RouteObject } from 'react-router';

/**
 * The route table narrowed to the route a path names. React Router ranks every route of a table and compiles a
 * regular expression per route it tries, on each render of the routes: for the app's 118 routes that was about
 * 200 ms of one task at a phone's speed on the first render (issue 30's blocking time). Every path of the app is
 * static, so the route is found by a lookup, with React Router's own rules for a static path (case-insensitive,
 * trailing slashes ignored), and React Router is given the layout with that one route, which it matches as before.
 * A path the lookup does not know (not found, or spelled in a way only React Router's matching resolves) gets the
 * whole table.
 */
export type RouteLookup = (pathname: string) => RouteObject[];

const keyOf = (path: string) => path.replace(/\/+$/, '').toLowerCase();
const isStatic = (path: string | undefined): path is string => path !== undefined && !/[:*?]/.test(path);

/** `table`: one layout route (no path) whose children are the app's routes, as routes.tsx builds it. */
export function routeLookup(table: RouteObject[]): RouteLookup {
  const [layout] = table;
  const narrowed = new Map<string, RouteObject[]>();
  if (table.length !== 1 || !layout || layout.index || layout.path !== undefined) return () => table;
  const shell: NonIndexRouteObject = layout;
  for (const child of shell.children ?? []) {
    if (!isStatic(child.path)) continue;
    const key = keyOf(child.path);
    if (!narrowed.has(key)) narrowed.set(key, [{ ...shell, children: [child] }]);
  }
  return (pathname) => narrowed.get(keyOf(pathname)) ?? table;
}
