import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { fieldRefusal } from '../lib/errors.ts';
import type { DailyJob, JobRuns, RunView } from '../platform/scheduler.ts';
import { checkJobDate, readRun, runDailyJob, runView } from './daily.ts';

type RunsDeps = {
  db: Db;
  clock: Clock;
  /** Read at each call: ALLOW_FUTURE_JOBS (tests switch it on and off). */
  config: Pick<Config, 'allowFutureJobs'>;
  jobs: Partial<Record<string, DailyJob>>;
};

/** The daily jobs for the admin calls (Admin/runjob, Admin/jobruns): the `JobRuns` port of platform/scheduler.ts. */
export function createJobRuns(deps: RunsDeps): JobRuns {
  return {
    run: (job, date, startedBy) => runJobNow(deps, job, date, startedBy),
    list: (query) => listRuns(deps.db, query),
  };
}

async function runJobNow(deps: RunsDeps, name: string, date: string, startedBy: string): Promise<RunView> {
  checkJobDate(date, deps.clock, deps.config.allowFutureJobs);
  const job = deps.jobs[name];
  if (!job) throw fieldRefusal(422, 'job', 'job_not_available');
  return runDailyJob(deps.db, name, job, date, startedBy);
}

async function listRuns(db: Db, query: { job?: string; page: number; pagesize: number }) {
  let q = db.selectFrom('job_runs').select(['job', sql<string>`run_date::text`.as('date')]);
  if (query.job) q = q.where('job', '=', query.job);
  const [rows, total] = await Promise.all([
    q
      .orderBy('run_date', 'desc')
      .orderBy('job')
      .limit(query.pagesize)
      .offset((query.page - 1) * query.pagesize)
      .execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = await Promise.all(rows.map(async (r) => runView(await readRun(db, r.job, r.date))));
  return { list, total: total.n };
}
