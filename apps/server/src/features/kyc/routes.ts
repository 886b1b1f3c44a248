import type { CallRoute } from '../../http/calls.ts';
import type { MoneyDeps } from '../wallet/money-deps.ts';

/** The kyc calls (issue 5). */
export function kycRoutes(_d: MoneyDeps): CallRoute[] {
  return [];
}
