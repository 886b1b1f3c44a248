import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { logger } from '../../lib/log.ts';
import type { PeriodicTask } from '../../platform/scheduler.ts';
import { ROLLUP_AFTER, rollUpHistory } from './history.ts';

/** How often the busy members are looked for: a pass reads every account once. */
export const ROLL_UP_EVERY = 6 * 3600_000;
/** Members looked up per query (the busiest first); a pass asks again while a query comes back full. */
const ROLL_UP_PAGE = 1_000;

/**
 * The members with about more than `ROLLUP_AFTER` transfers not rolled up: the postings to their accounts (each
 * account's `version`) since their last roll-up, the busiest first. An estimate (a posting of several legs to one
 * account counts once, a day not yet complete at the last roll-up is not counted again), which a member's own read
 * makes exact: it rolls up whatever this left.
 */
export async function busyMembers(db: Db, limit = ROLL_UP_PAGE): Promise<string[]> {
  const r = await sql<{ member_id: string }>`select a.member_id::text
    from ledger_accounts a left join ledger_history_rollups r on r.member_id = a.member_id
    where a.member_id is not null
    group by a.member_id
    having sum(a.version) - coalesce(max(r.versions), 0) > ${ROLLUP_AFTER}
    order by sum(a.version) - coalesce(max(r.versions), 0) desc, a.member_id
    limit ${limit}`.execute(db);
  return r.rows.map((x) => x.member_id);
}

/**
 * Rolls the busy members' complete days up ahead of their reads (wallet/history.ts), so that a member who has not
 * opened the app for months, or any busy member after migration 0044, does not wait seconds for a first count. Each
 * member is its own transaction; a stopping server ends the pass after the member at hand.
 */
export function historyRollUpTask(db: Db): PeriodicTask {
  return {
    name: 'history roll-up',
    every: ROLL_UP_EVERY,
    log: logger('history'),
    async step(stopping) {
      let rolled = 0;
      for (;;) {
        const due = await busyMembers(db);
        for (const member of due) {
          if (stopping?.aborted) return rolled;
          await rollUpHistory(db, member);
          rolled += 1;
        }
        if (due.length < ROLL_UP_PAGE) return rolled;
      }
    },
  };
}
