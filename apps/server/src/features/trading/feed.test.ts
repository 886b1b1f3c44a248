import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { manualClock } from '../../lib/clock.ts';
import { createMarketFeed } from './feed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the market feed', () => {
  it('writes every listed price in its first step, also when it starts on the first second of a minute', async () => {
    // 10:00:00 exactly: the history it makes up ends at this minute's start, which is also "now".
    const clock = manualClock(new Date('2026-11-26T10:00:00.000Z'));
    const feed = createMarketFeed({ db: t.db, clock, backfillDays: 1 / 24, historyDays: 1 });
    try {
      const ranges = await feed.step();
      expect(ranges.length).toBe(10);
      const tickers = await t.db.selectFrom('market_tickers').select(['symbol', 'at']).execute();
      expect(tickers.length).toBe(10);
      for (const r of tickers) expect(r.at.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    } finally {
      await feed.stop();
    }
  });

  it("steps as a task only while it holds the writer's lock: another server's feed takes over once it closes", async () => {
    const clock = manualClock(new Date('2026-11-26T10:00:30.000Z'));
    const options = { db: t.db, clock, backfillDays: 1 / 24, historyDays: 1 };
    const first = createMarketFeed(options);
    const second = createMarketFeed(options);
    const seen: string[] = [];
    const firstTask = first.task(async (ranges) => void seen.push(`first ${ranges.length}`));
    const secondTask = second.task(async (ranges) => void seen.push(`second ${ranges.length}`));
    try {
      await firstTask.step();
      clock.advance(1000);
      await secondTask.step();
      expect(seen).toEqual(['first 10']);
      await firstTask.close?.();
      clock.advance(1000);
      await secondTask.step();
      expect(seen).toEqual(['first 10', 'second 10']);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
