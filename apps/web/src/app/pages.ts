/**
 * The route table's two halves: the spec's routes that have a page (pages/specRoutes.ts) and ours
 * (pages/ourRoutes.ts). Two flat tables rather than one per area: the first load carries this table, and
 * merging areas' tables would add to it.
 */
export type { BuiltPage } from './pages/builtPage.ts';
export { EXTRA_PAGES } from './pages/ourRoutes.ts';
export { BUILT_PAGES } from './pages/specRoutes.ts';
