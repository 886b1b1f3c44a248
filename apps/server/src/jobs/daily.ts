import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { fieldRefusal } from '../lib/errors.ts';
import { balancesChanged } from '../ledger/balance-changes.ts';
import type { Clock } from '../lib/clock.ts';
import { isDate, todayOf } from '../platform/dates.ts';

/** What one batch of a daily job settled: items and amounts per asset (minor units). */
export type BatchOutcome = { items: number; amounts: Record<string, bigint> } | null;

/**
 * A daily job settles one date in batches. Each batch runs in its own transaction under the (job, date) advisory
 * lock and must skip what is already settled (a unique key per item and date), so a re-run, or a run on another
 * server at the same time, settles each item once: concurrent runners take turns batch by batch.
 */
export type DailyJob = {
  /** Checks and preparation before a run starts (may refuse the date); no run is recorded when it throws. */
  before?: (date: string) => Promise<void>;
  /** The scheduler settles this many days back (1: yesterday, a day once it is over). */
  lagDays?: number;
  /** Settles the next batch of `date` inside `tx` (the lock is held), or returns null when nothing is left. */
  batch: (tx: Tx, date: string, cursor: string) => Promise<{ outcome: BatchOutcome; cursor: string }>;
};

type RunView = {
  job: string;
  date: string;
  status: 'running' | 'done' | 'failed';
  runs: number;
  items: number;
  items_now: number;
  amounts: { asset: string; amount: bigint }[];
  started_at: string;
  finished_at: string;
  error: string;
};

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
  let cursor = '0';
  let itemsNow = 0;
  try {
    for (;;) {
      const done = await db.transaction().execute(async (tx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`job:${name}`}), hashtext(${date}))`.execute(tx);
        const next = await job.batch(tx, date, cursor);
        cursor = next.cursor;
        const o = next.outcome;
        if (!o) return true;
        itemsNow += o.items;
        let amounts = sql`amounts`;
        for (const [asset, amount] of Object.entries(o.amounts)) {
          amounts = sql`jsonb_set(${amounts}, ${`{${asset}}`}::text[],
            to_jsonb((coalesce((amounts->>${asset})::numeric, 0) + ${amount.toString()}::numeric)::text))`;
        }
        await sql`update job_runs set items = items + ${o.items}, amounts = ${amounts}
          where job = ${name} and run_date = ${date}::date`.execute(tx);
        return false;
      });
      if (done) break;
      // The batch paid members through postPayouts: servers read their balances afresh.
      balancesChanged(db, 'all');
    }
    await db
      .updateTable('job_runs')
      .set({ status: 'done', finished_at: sql<Date>`now()` })
      .where('job', '=', name)
      .where('run_date', '=', date)
      .execute();
  } catch (err) {
    await db
      .updateTable('job_runs')
      .set({ status: 'failed', finished_at: sql<Date>`now()`, error: String(err).slice(0, 500) })
      .where('job', '=', name)
      .where('run_date', '=', date)
      .execute();
    throw err;
  }
  return runView(await readRun(db, name, date), itemsNow);
}
