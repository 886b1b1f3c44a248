import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fieldRefusal } from '../lib/errors.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { createDailyScheduler } from './scheduler.ts';

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
    const scheduler = createDailyScheduler({ db: t.db, clock: t.clock, jobs: { pairing: job }, log });
    expect(await scheduler.tick()).toEqual([]);
    expect(await scheduler.tick()).toEqual([]);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^info job pairing \d{4}-\d{2}-\d{2} not run: pairing_later_date_settled$/);
    broken = true;
    await scheduler.tick();
    await scheduler.tick();
    expect(said.filter((m) => m.startsWith('error'))).toHaveLength(2);
  });
});
