import type { CallRoute } from '../../http/calls.ts';
import type { MoneyDeps } from '../wallet/money-deps.ts';

/** The mining calls (issue 5). */
export function miningRoutes(_d: MoneyDeps): CallRoute[] {
  return [];
}
