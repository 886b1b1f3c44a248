import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { DailyJob, Lane } from '../platform/scheduler.ts';
import { readRun, runDailyJob } from './daily.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DATE = '2031-04-01';

/** Resolves once `count` callers have arrived, or rejects after `ms` (so a lane that never comes fails the test). */
function meeting(count: number, ms = 10_000) {
  let arrived = 0;
  let open = () => {};
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return Promise.race([
      all,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a lane never came')), ms)),
    ]);
  };
}

/**
 * A job of items 1..n split by lane (item % count = index), settling `per` of them a batch; records which lanes were
 * in a batch at once.
 */
function countingJob(
  n: number,
  per: number,
  lanes: number,
  hooks: { inBatch?: (lane: Lane) => Promise<void> },
) {
  const settled: number[] = [];
  const inFlight = new Map<number, number>();
  const overlaps: string[] = [];
  const job: DailyJob = {
    lanes,
    async batch(_tx, _date, cursor, lane) {
      const mine = Array.from({ length: n }, (_, i) => i + 1).filter(
        (i) => i % lane.count === lane.index && i > Number(cursor),
      );
      const now = mine.slice(0, per);
      if (now.length === 0) return { outcome: null, cursor };
      inFlight.set(lane.index, (inFlight.get(lane.index) ?? 0) + 1);
      if ((inFlight.get(lane.index) ?? 0) > 1) overlaps.push(`lane ${lane.index} twice`);
      try {
        await hooks.inBatch?.(lane);
        settled.push(...now);
      } finally {
        inFlight.set(lane.index, (inFlight.get(lane.index) ?? 0) - 1);
      }
      return {
        outcome: { items: now.length, amounts: { USDT: BigInt(now.length) } },
        cursor: String(now.at(-1)),
      };
    },
  };
  return { job, settled, overlaps };
}

describe('a daily job in lanes', () => {
  it('settles the lanes side by side, every item once, and adds their items and amounts to the run', async () => {
    const meet = meeting(2);
    const { job, settled } = countingJob(10, 2, 2, {
      // Each lane's first batch waits for the other's: the run finishes only if both are in flight at once.
      inBatch: async () => {
        await meet();
      },
    });
    const run = await runDailyJob(t.db, 'lanes-a', job, DATE);
    expect(settled.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(run).toMatchObject({
      status: 'done',
      items: 10,
      items_now: 10,
      amounts: [{ asset: 'USDT', amount: 10n }],
    });
  });

  it('keeps two runs of a date at once to one batch at a time in each lane', async () => {
    const { job, overlaps } = countingJob(40, 1, 2, {
      inBatch: () => new Promise((resolve) => setTimeout(resolve, 5)),
    });
    // The fake job does not skip what another run settled: only the lock's effect (no lane twice at once) is checked.
    await Promise.all([runDailyJob(t.db, 'lanes-b', job, DATE), runDailyJob(t.db, 'lanes-b', job, DATE)]);
    expect(overlaps).toEqual([]);
  });

  it("stops the other lanes after one lane's error and records the run failed with it", async () => {
    let otherBatches = 0;
    let otherStarted = () => {};
    const started = new Promise<void>((resolve) => {
      otherStarted = resolve;
    });
    const { job } = countingJob(1000, 1, 2, {
      inBatch: async (lane) => {
        if (lane.index === 1) {
          // Lane 1 fails once lane 0 is at work.
          await started;
          throw new Error('lane 1 broke');
        }
        otherBatches += 1;
        otherStarted();
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    await expect(runDailyJob(t.db, 'lanes-c', job, DATE)).rejects.toThrow('lane 1 broke');
    const record = await readRun(t.db, 'lanes-c', DATE);
    expect(record).toMatchObject({ status: 'failed', error: 'Error: lane 1 broke' });
    // Lane 0 had 500 items to settle; it stopped after its batch in flight once lane 1 failed.
    expect(otherBatches).toBeGreaterThan(0);
    expect(otherBatches).toBeLessThan(100);
    expect(Number(record.items)).toBe(otherBatches);
  });
});
