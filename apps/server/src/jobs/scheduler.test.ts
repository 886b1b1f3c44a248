import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fieldRefusal } from '../lib/errors.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { createTaskRunner } from './runner.ts';
import { dailyJobsTask, dailyTick } from './scheduler.ts';

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('daily scheduler', () => {
  it('says once, not every tick, that a job refuses its date; errors are always reported', async () => {
    const said: string[] = [];
    const log = {
      info: (m: string) => said.push(`info ${m}`),
      error: (m: string) => said.push(`error ${m}`),
    };
    let broken = false;
    const job: DailyJob = {
      lagDays: 1,
      async before(date) {
        if (broken) throw new Error('database gone');
        throw fieldRefusal(409, 'date', 'pairing_later_date_settled', { date });
      },
      batch: async (_tx, _date, cursor) => ({ outcome: null, cursor }),
    };
    const tick = dailyTick({ db: t.db, clock: t.clock, jobs: { pairing: job }, log });
    expect(await tick()).toEqual([]);
    expect(await tick()).toEqual([]);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^info job pairing \d{4}-\d{2}-\d{2} not run: pairing_later_date_settled$/);
    broken = true;
    await tick();
    await tick();
    expect(said.filter((m) => m.startsWith('error'))).toHaveLength(2);
  });

  it('ticks as a task of the runner: at once on start, and stopping waits for the tick under way', async () => {
    const said: string[] = [];
    const log = { info: (m: string) => said.push(m), error: (m: string) => said.push(`error ${m}`) };
    const job: DailyJob = {
      async before(date) {
        throw fieldRefusal(409, 'date', 'pairing_later_date_settled', { date });
      },
      batch: async (_tx, _date, cursor) => ({ outcome: null, cursor }),
    };
    const task = dailyJobsTask({ db: t.db, clock: t.clock, jobs: { refusing: job }, log });
    expect(task.every).toBe(60_000);
    const runner = createTaskRunner(log);
    runner.add(task);
    runner.start();
    await runner.stop();
    expect(said).toEqual([expect.stringMatching(/^job refusing \d{4}-\d{2}-\d{2} not run: /)]);
  });

  it('stopping ends a long job after its current batch; the run stays unfinished and the next tick completes it once', async () => {
    const release = deferred();
    const batchStarted = deferred();
    let batches = 0;
    const job: DailyJob = {
      // Three batches of one item each; the first waits until the test has asked the runner to stop.
      batch: async (_tx, _date, cursor) => {
        const n = Number(cursor);
        if (n >= 3) return { outcome: null, cursor };
        batches += 1;
        batchStarted.resolve();
        if (n === 0) await release.promise;
        return { outcome: { items: 1, amounts: {} }, cursor: String(n + 1) };
      },
    };
    const runner = createTaskRunner({ error: () => {} });
    runner.add(dailyJobsTask({ db: t.db, clock: t.clock, jobs: { long_job: job } }));
    runner.start();
    await batchStarted.promise;
    const stopped = runner.stop();
    release.resolve();
    await stopped;
    // One batch ran; the others were left for the next process.
    expect(batches).toBe(1);
    const run = () =>
      t.db
        .selectFrom('job_runs')
        .select(['status', 'items'])
        .where('job', '=', 'long_job')
        .executeTakeFirstOrThrow();
    expect(await run()).toMatchObject({ status: 'running', items: '1' });
    // A later tick runs it again to the end.
    await dailyTick({ db: t.db, clock: t.clock, jobs: { long_job: job } })();
    expect((await run()).status).toBe('done');
  });
});
