import type { Db } from '../db/database.ts';
import { publishChanged } from '../db/published-changes.ts';
import type { AccountRef } from './accounts.ts';

export function membersOf(refs: AccountRef[]): string[] {
  return [...new Set(refs.flatMap((r) => ('member' in r ? [r.member] : [])))];
}

/**
 * Balances are read on every wallet screen, so servers keep them in memory (ledger/index.ts). After a posting
 * commits, this server forgets the members' balances at once, and the other servers hear it within a few
 * milliseconds: the members changed meanwhile go out together in one NOTIFY, from a transaction of its own
 * (db/published-changes.ts says why not inside the posting's). A server that dies between a commit and the next
 * NOTIFY leaves the others showing the old balances until their entries expire (BALANCE_CACHE_MS); what a member can
 * spend is always read under lock, never from this cache.
 */
export function balancesChanged(db: Db, members: string[] | 'all'): void {
  publishChanged(db, 'balances', members);
}
