import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { fieldRefusal } from '../lib/errors.ts';
import { balancesChanged } from '../ledger/balance-changes.ts';
import type { Clock } from '../lib/clock.ts';
import { isDate, todayOf } from '../platform/dates.ts';
import type { DailyJob, Lane, RunView } from '../platform/scheduler.ts';

export function checkJobDate(date: string, clock: Clock, allowFuture: boolean) {
  if (!isDate(date)) throw fieldRefusal(422, 'date', 'date_invalid');
  if (date > todayOf(clock) && !allowFuture) throw fieldRefusal(422, 'date', 'job_future_date');
}

export async function readRun(db: Db | Tx, job: string, date: string) {
  return db
    .selectFrom('job_runs')
    .select([
      'job',
      sql<string>`run_date::text`.as('date'),
      'status',
      'runs',
      'items',
      'amounts',
      'started_at',
      'finished_at',
      'error',
    ])
    .where('job', '=', job)
    .where('run_date', '=', date)
    .executeTakeFirstOrThrow();
}

export type RunRow = Awaited<ReturnType<typeof readRun>>;

export function runView(r: RunRow, itemsNow = 0): RunView {
  return {
    job: r.job,
    date: r.date,
    status: r.status,
    runs: r.runs,
    items: Number(r.items),
    items_now: itemsNow,
    amounts: Object.entries(r.amounts)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([asset, amount]) => ({ asset, amount: BigInt(amount) })),
    started_at: new Date(r.started_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : '',
    error: r.error,
  };
}

/** Runs (or re-runs) a daily job for a date to the end; returns the run's record with what this call settled. */
export async function runDailyJob(
  db: Db,
  name: string,
  job: DailyJob,
  date: string,
  startedBy: string | null = null,
  stopping?: AbortSignal,
): Promise<RunView> {
  await job.before?.(date);
  await db
    .insertInto('job_runs')
    .values({ job: name, run_date: date, status: 'running', started_by: startedBy })
    .onConflict((oc) =>
      oc.columns(['job', 'run_date']).doUpdateSet((eb) => ({
        status: 'running',
        runs: eb('job_runs.runs', '+', 1),
        started_by: startedBy,
        started_at: sql<Date>`now()`,
        finished_at: null,
        error: '',
      })),
    )
    .execute();
  const count = job.lanes ?? 1;
  const run = { itemsNow: 0, failed: false };
  // One lane's error stops the others after their batch in flight; the run is marked failed once all have stopped.
  const lanes = await Promise.allSettled(
    Array.from({ length: count }, (_, index) =>
      runLane(db, name, job, date, { index, count }, run, stopping).catch((err: unknown) => {
        run.failed = true;
        throw err;
      }),
    ),
  );
  const failure = lanes.find((l) => l.status === 'rejected');
  if (failure) {
    await db
      .updateTable('job_runs')
      .set({ status: 'failed', finished_at: sql<Date>`now()`, error: String(failure.reason).slice(0, 500) })
      .where('job', '=', name)
      .where('run_date', '=', date)
      .execute();
    throw failure.reason;
  }
  // The process is stopping: the run stays 'running' and the next tick (here or on another server) runs it again;
  // what its batches settled is skipped then.
  if (!stopping?.aborted) {
    await db
      .updateTable('job_runs')
      .set({ status: 'done', finished_at: sql<Date>`now()` })
      .where('job', '=', name)
      .where('run_date', '=', date)
      .execute();
  }
  return runView(await readRun(db, name, date), run.itemsNow);
}

/**
 * One lane's batches, one transaction each, until the lane has nothing left, another lane failed or the process
 * stops. A job of one lane keeps the lock key it always had.
 */
async function runLane(
  db: Db,
  name: string,
  job: DailyJob,
  date: string,
  lane: Lane,
  run: { itemsNow: number; failed: boolean },
  stopping?: AbortSignal,
): Promise<void> {
  const lockName = lane.count === 1 ? `job:${name}` : `job:${name}:${lane.index}/${lane.count}`;
  let cursor = '0';
  for (;;) {
    if (stopping?.aborted || run.failed) return;
    const settled = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${lockName}), hashtext(${date}))`.execute(tx);
      const next = await job.batch(tx, date, cursor, lane);
      cursor = next.cursor;
      const o = next.outcome;
      if (!o) return null;
      let amounts = sql`amounts`;
      for (const [asset, amount] of Object.entries(o.amounts)) {
        amounts = sql`jsonb_set(${amounts}, ${`{${asset}}`}::text[],
          to_jsonb((coalesce((amounts->>${asset})::numeric, 0) + ${amount.toString()}::numeric)::text))`;
      }
      await sql`update job_runs set items = items + ${o.items}, amounts = ${amounts}
        where job = ${name} and run_date = ${date}::date`.execute(tx);
      return o.items;
    });
    if (settled === null) return;
    run.itemsNow += settled;
    // The batch paid members through postPayouts: servers read their balances afresh.
    balancesChanged(db, 'all');
  }
}
