import { withLogContext } from '../lib/log.ts';
import type { PeriodicTask } from '../platform/scheduler.ts';

type Log = { error: (msg: string) => void };

/** A task as the runner drives it: its pending timer, the step under way, the error it last logged. */
type Slot = {
  task: PeriodicTask;
  timer?: NodeJS.Timeout;
  current?: Promise<void>;
  lastError: string;
};

type Runner = { log: Log; slots: Slot[]; stopped: boolean; stopping: AbortController };

/**
 * The process's one runner of periodic tasks (main.ts adds what applies: daily jobs, team figures, the market feed,
 * the deposit scanner, payouts). Each task steps at start and then `every` after its previous step finished, so
 * its steps never overlap; an error is logged once until the task recovers (not every 2 s while PostgreSQL or the
 * chain's node is away). stop() resolves once the steps under way have finished (a payout between its signing and
 * its broadcast, a daily job's batch), then closes the tasks.
 */
export function createTaskRunner(log: Log) {
  const runner: Runner = { log, slots: [], stopped: true, stopping: new AbortController() };
  return {
    /** Adds a task (before start). */
    add(task: PeriodicTask) {
      runner.slots.push({ task, lastError: '' });
    },
    start() {
      runner.stopped = false;
      for (const slot of runner.slots) cycle(runner, slot);
    },
    /** No more steps; resolves once the steps under way have finished and every task's close() has. */
    async stop(): Promise<void> {
      runner.stopped = true;
      runner.stopping.abort();
      for (const slot of runner.slots) clearTimeout(slot.timer);
      await Promise.all(runner.slots.map((slot) => slot.current));
      await Promise.all(runner.slots.map((slot) => closeTask(runner, slot.task)));
    },
  };
}

/** Runs one step, then schedules the next unless the runner has stopped meanwhile. */
function cycle(runner: Runner, slot: Slot) {
  slot.current = runStep(runner, slot).then(() => {
    if (runner.stopped) return;
    const every = slot.task.every;
    // Unref'd: a pending step never keeps the process alive on its own.
    slot.timer = setTimeout(() => cycle(runner, slot), typeof every === 'number' ? every : every());
    slot.timer.unref();
  });
}

/** One step, never rejecting: what it throws is logged unless it is what the task last logged. */
async function runStep({ log, stopping }: Runner, slot: Slot) {
  await withLogContext(slot.task.context?.() ?? {}, async () => {
    try {
      await slot.task.step(stopping.signal);
      slot.lastError = '';
    } catch (err) {
      const msg = err instanceof Error ? err.message.slice(0, 200) : String(err);
      if (msg !== slot.lastError) (slot.task.log ?? log).error(`${slot.task.name}: ${msg}`);
      slot.lastError = msg;
    }
  });
}

async function closeTask(runner: Runner, task: PeriodicTask) {
  try {
    await task.close?.();
  } catch (err) {
    runner.log.error(`${task.name}: closing: ${err instanceof Error ? err.message : String(err)}`);
  }
}
