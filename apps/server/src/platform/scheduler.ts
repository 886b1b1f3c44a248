import type { Tx } from '../db/database.ts';
import type { LogContext } from '../lib/log.ts';

// The scheduler port. Features hand it their daily jobs (jobs/registry.ts lists them) and their periodic tasks
// (main.ts adds them to the one task runner, jobs/runner.ts), and the admin calls that run a job on demand take
// `JobRuns`, which app.ts builds from jobs/: features and jobs/ do not import each other both ways.

/** What one batch of a daily job settled: items and amounts per asset (minor units). */
export type BatchOutcome = { items: number; amounts: Record<string, bigint> } | null;

/**
 * Which share of a date's items a batch settles: a job run in `count` lanes settles the items whose key is `index`
 * modulo `count` in lane `index`, the lanes side by side, each on its own connection.
 */
export type Lane = { index: number; count: number };

/**
 * A daily job settles one date in batches. Each batch runs in its own transaction under the (job, lane, date)
 * advisory lock and must skip what is already settled (a unique key per item and date), so a re-run, or a run on
 * another server at the same time, settles each item once: concurrent runners take turns batch by batch in each
 * lane. The lanes' items are disjoint (every runner splits them the same way), so the lanes need not take turns.
 */
export type DailyJob = {
  /** Checks and preparation before a run starts (may refuse the date); no run is recorded when it throws. */
  before?: (date: string) => Promise<void>;
  /** The scheduler settles this many days back (1: yesterday, a day once it is over). */
  lagDays?: number;
  /** How many lanes settle a date side by side (1 unless given); `batch` then takes only its lane's items. */
  lanes?: number;
  /** Settles the next batch of `date` inside `tx` (the lock is held), or returns null when nothing is left. */
  batch: (
    tx: Tx,
    date: string,
    cursor: string,
    lane: Lane,
  ) => Promise<{ outcome: BatchOutcome; cursor: string }>;
};

/** The record of a job's run for a date; `items_now` is what the call that returns it settled. */
export type RunView = {
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

/** The daily jobs as admins drive them: run (or re-run) one for a date now, and list the runs, newest date first. */
export type JobRuns = {
  /** Refuses an invalid date, a future one (unless ALLOW_FUTURE_JOBS) and a job that is not registered. */
  run: (job: string, date: string, startedBy: string) => Promise<RunView>;
  list: (query: {
    job?: string;
    page: number;
    pagesize: number;
  }) => Promise<{ list: RunView[]; total: number }>;
};

/**
 * Work a feature wants done again and again (the daily jobs' tick, the market feed, the deposit scanner...), run by
 * the task runner (jobs/runner.ts): one step at a time, the next one due `every` after the previous one finished.
 * Several servers may run the same task: a step that must have one writer takes its lock itself.
 */
export type PeriodicTask = {
  /** Names the task in the log (`<name>: <error>`). */
  name: string;
  /**
   * One pass; an error is logged (once until the task recovers) and the next step comes as usual. `stopping` is
   * aborted when the process stops: a long step (a daily job's batches, a campaign's) ends after its current batch
   * instead of running to its end, and the next process continues it.
   */
  step: (stopping?: AbortSignal) => Promise<unknown>;
  /** Milliseconds from the end of a step to the next: fixed, or worked out each time (the feed's next second). */
  every: number | (() => number);
  /** The task's own log component for its errors (`scanner`, `payouts`...); the runner's otherwise. */
  log?: { error: (msg: string) => void };
  /** What each step's log lines carry (a fresh id per step: the scanner's `scan`). */
  context?: () => LogContext;
  /** Called once on stop, after the task's last step has finished (the feed gives up its writer's lock). */
  close?: () => Promise<void>;
};
