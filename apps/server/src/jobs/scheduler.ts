import type { Db } from '../db/database.ts';
import { addDays, todayOf } from '../platform/dates.ts';
import type { Clock } from '../lib/clock.ts';
import { runDailyJob } from './daily.ts';
import type { DailyJob, PeriodicTask } from '../platform/scheduler.ts';
import { Refusal } from '../lib/errors.ts';
import { withLogContext, workId } from '../lib/log.ts';

type Log = { info: (msg: string) => void; error: (msg: string) => void };

type Deps = { db: Db; clock: Clock; jobs: Record<string, DailyJob>; log?: Log };

/**
 * Runs each daily job for the current date once it has no finished run for that date. Every app server may run
 * this: the (job, date) lock and the per-item keys make a job settle each item once however many servers tick.
 * A mining day is settled at its start: orders start at the earliest the day after payment, so none is missed.
 * Pairing settles yesterday (`lagDays`): a day's volume is complete once the day is over.
 */
export function dailyJobsTask(deps: Deps): PeriodicTask {
  // A tick that cannot reach the database (PostgreSQL restarting) is tried again at the next one, a minute on.
  return { name: 'daily jobs', every: 60_000, step: dailyTick(deps) };
}

/** One tick of the daily jobs (tests call it directly): the names of the jobs it ran. */
export function dailyTick(deps: Deps): (stopping?: AbortSignal) => Promise<string[]> {
  // A date a job refuses (e.g. pairing after an admin ran a later date) is said once, not every minute.
  const refused = new Set<string>();
  return async (stopping?: AbortSignal) => {
    const ran: string[] = [];
    const today = todayOf(deps.clock);
    for (const [name, job] of Object.entries(deps.jobs)) {
      if (stopping?.aborted) break;
      const date = addDays(today, -(job.lagDays ?? 0));
      if (await doneFor(deps.db, name, date)) continue;
      // What the run logs, here or deep in the job, carries one `jobRun` id.
      await withLogContext({ jobRun: workId() }, async () => {
        try {
          const run = await runDailyJob(deps.db, name, job, date, null, stopping);
          deps.log?.info(`job ${name} ${date}: ${run.items_now} settled`);
          ran.push(name);
        } catch (err) {
          if (!(err instanceof Refusal)) deps.log?.error(`job ${name} ${date} failed: ${String(err)}`);
          else if (!refused.has(`${name}:${date}`)) {
            refused.add(`${name}:${date}`);
            deps.log?.info(`job ${name} ${date} not run: ${err.key}`);
          }
        }
      });
    }
    return ran;
  };
}

async function doneFor(db: Db, job: string, date: string): Promise<boolean> {
  const done = await db
    .selectFrom('job_runs')
    .select('status')
    .where('job', '=', job)
    .where('run_date', '=', date)
    .where('status', '=', 'done')
    .executeTakeFirst();
  return done !== undefined;
}
