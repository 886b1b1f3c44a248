import type { Db } from '../db/database.ts';
import { addDays, todayOf } from '../platform/dates.ts';
import type { Clock } from '../lib/clock.ts';
import { runDailyJob } from './daily.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { Refusal } from '../lib/errors.ts';
import { withLogContext, workId } from '../lib/log.ts';

type Log = { info: (msg: string) => void; error: (msg: string) => void };

/**
 * Runs each daily job for the current date once it has no finished run for that date. Every app server may run
 * this: the (job, date) lock and the per-item keys make a job settle each item once however many servers tick.
 * A mining day is settled at its start: orders start at the earliest the day after payment, so none is missed.
 * Pairing settles yesterday (`lagDays`): a day's volume is complete once the day is over.
 */
export function createDailyScheduler(deps: {
  db: Db;
  clock: Clock;
  jobs: Record<string, DailyJob>;
  log?: Log;
}) {
  let running = false;
  let current: Promise<unknown> = Promise.resolve();
  // A date a job refuses (e.g. pairing after an admin ran a later date) is said once, not every minute.
  const refused = new Set<string>();
  async function tick(): Promise<string[]> {
    if (running) return [];
    running = true;
    const ran: string[] = [];
    try {
      const today = todayOf(deps.clock);
      for (const [name, job] of Object.entries(deps.jobs)) {
        const date = addDays(today, -(job.lagDays ?? 0));
        const done = await deps.db
          .selectFrom('job_runs')
          .select('status')
          .where('job', '=', name)
          .where('run_date', '=', date)
          .where('status', '=', 'done')
          .executeTakeFirst();
        if (done) continue;
        // What the run logs, here or deep in the job, carries one `jobRun` id.
        await withLogContext({ jobRun: workId() }, async () => {
          try {
            const run = await runDailyJob(deps.db, name, job, date);
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
    } finally {
      running = false;
    }
    return ran;
  }
  let timer: NodeJS.Timeout | undefined;
  return {
    tick,
    /** Ticks every `everyMs` (default a minute) until stopped. */
    start(everyMs = 60_000) {
      // A tick that cannot reach the database (PostgreSQL restarting) is tried again at the next one.
      const safeTick = () => {
        if (running) return; // the tick under way stays the one stop() waits for
        current = tick().catch((err: unknown) =>
          deps.log?.error(`daily jobs: ${String(err)}; trying again later`),
        );
      };
      timer = setInterval(safeTick, everyMs);
      timer.unref();
      safeTick();
    },
    /** No more ticks; resolves once the tick under way (if any) has finished. */
    stop(): Promise<void> {
      if (timer) clearInterval(timer);
      return current.then(() => {});
    },
  };
}
