import type { Db } from '../../db/database.ts';
import { logger } from '../../lib/log.ts';
import type { DailyJob, PeriodicTask } from '../../platform/scheduler.ts';
import { type AnchorPort, anchorStep } from './anchor.ts';
import { type BuildDeps, buildPending } from './build.ts';
import { requestSnapshot } from './queries.ts';

/** The daily job's name (jobs/registry.ts; DAILY_JOBS in the contract). */
export const RESERVES_JOB = 'reserves';

export type ReservesTaskDeps = BuildDeps & { anchors: AnchorPort };

/**
 * The main process's reserves task (it alone holds the hot wallet's key): builds a snapshot an admin or the daily job
 * asked for, and follows the anchors. Every server may run it: a build is claimed (a lease), an anchor is queued once
 * per key.
 */
export function reservesTask(d: ReservesTaskDeps): PeriodicTask {
  return { name: 'reserves', every: 3_000, step: () => reservesStep(d), log: logger('reserves') };
}

/** One step (tests call it): the snapshot built, if there was one to build. */
export async function reservesStep(d: ReservesTaskDeps) {
  const built = await buildPending(d);
  if (d.chain) await anchorStep(d.db, d.chain, d.anchors);
  return built;
}

/** The day's snapshot as its run left it: a refused one fails the job's run, so the job's health shows it. */
async function checkDay(db: Db, date: string) {
  const s = await db
    .selectFrom('reserve_snapshots')
    .select(['id', 'state', 'problem'])
    .where('run_date', '=', date)
    .executeTakeFirst();
  if (!s)
    throw new Error(
      `another snapshot was building: the snapshot of ${date} is asked for again at the next tick`,
    );
  if (s.state === 'refused') throw new Error(`snapshot ${s.id} refused: ${s.problem}`);
}

/**
 * The daily snapshot: its first batch asks for the day's snapshot (once per date: `run_date` is unique), its second
 * builds it where the process can (the main process passes `build`; an admin's Admin/runjob elsewhere only asks, and
 * the main process's task builds it).
 */
export function reservesJob(build?: BuildDeps): DailyJob {
  return {
    batch: async (tx, date, cursor) => {
      if (cursor === '0') {
        await requestSnapshot(tx, { runDate: date });
        return { outcome: { items: 1, amounts: {} }, cursor: 'asked' };
      }
      if (cursor === 'asked' && build) {
        await buildPending(build);
        await checkDay(build.db, date);
      }
      return { outcome: null, cursor: 'done' };
    },
  };
}
