import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { rollUpOldCandles } from '../features/trading/index.ts';
import { createLedger } from '../ledger/index.ts';
import { addDays } from '../platform/dates.ts';
import { fileStore } from '../platform/files.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { putSetting } from '../platform/settings.ts';
import { runDailyJob } from './daily.ts';
import { dailyJobs } from './registry.ts';
import { RETENTION_JOB } from './retention.ts';

let t: TestApp;
let job: DailyJob;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  const registered = dailyJobs(createLedger(t.db))[RETENTION_JOB];
  if (!registered) throw new Error('retention is not registered');
  job = registered;
  const m = await t.db
    .insertInto('members')
    .values({ userid: 'retention1', name: 'Retention' })
    .returning('id')
    .executeTakeFirstOrThrow();
  member = String(m.id);
});
afterAll(() => t.close());

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The run's date: each kind's limit counts back from its start. */
const DATE = '2031-03-01';
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const daysBefore = (days: number, shift = 0) => new Date(dayStart(addDays(DATE, -days)).getTime() + shift);
const run = (date = DATE) => runDailyJob(t.db, RETENTION_JOB, job, date);
const purgedOf = (r: Awaited<ReturnType<typeof run>>) =>
  Object.fromEntries(r.amounts.map((a) => [a.asset, Number(a.amount)]));

async function addSession(tag: string, expires: Date, revoked: Date | null = null) {
  await t.db
    .insertInto('sessions')
    .values({ token_hash: Buffer.from(tag), member_id: member, expires_at: expires, revoked_at: revoked })
    .execute();
}
const sessionsLeft = async () =>
  (await t.db.selectFrom('sessions').select('token_hash').execute())
    .map((s) => s.token_hash.toString())
    .sort();

async function addCode(destination: string, at: Date) {
  await t.db
    .insertInto('verification_codes')
    .values({
      purpose: 'retention',
      destination,
      code_hash: Buffer.alloc(32),
      created_at: at,
      expires_at: new Date(at.getTime() + 600_000),
    })
    .execute();
}
const codesLeft = async () =>
  (
    await t.db
      .selectFrom('verification_codes')
      .select('destination')
      .where('purpose', '=', 'retention')
      .execute()
  )
    .map((c) => c.destination)
    .sort();

async function addMail(destination: string, at: Date) {
  await t.db
    .insertInto('outbox')
    .values({ channel: 'email', destination, subject: 's', body: 'b', created_at: at })
    .execute();
}
const mailLeft = async () =>
  (await t.db.selectFrom('outbox').select('destination').where('destination', 'like', 'ret-%').execute())
    .map((c) => c.destination)
    .sort();

/** One-minute candles from `from` on, `count` of them, prices rising by one a minute from `base`. */
async function addMinutes(symbol: string, from: Date, count: number, base = 100) {
  const rows = Array.from({ length: count }, (_, i) => ({
    symbol,
    open_time: new Date(from.getTime() + i * 60_000),
    open: String(base + i),
    high: String(base + i + 5),
    low: String(base + i - 5),
    close: String(base + i + 1),
    volume: '1.5',
    simulated: i % 2 === 0,
  }));
  await t.db.insertInto('market_candles').values(rows).execute();
}
const candlesOf = (symbol: string) =>
  t.db
    .selectFrom('market_candles')
    .select([
      sql<string>`to_char(open_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`.as('at'),
      sql<string>`open::text`.as('open'),
      sql<string>`high::text`.as('high'),
      sql<string>`low::text`.as('low'),
      sql<string>`close::text`.as('close'),
      sql<string>`volume::text`.as('volume'),
      'simulated',
    ])
    .where('symbol', '=', symbol)
    .orderBy('open_time')
    .execute();

let kycNumber = 0;
/** A submission decided at `decided` with its three pictures stored; returns its id and the pictures' file names. */
async function addSubmission(status: 'approved' | 'rejected', decided: Date) {
  const store = fileStore(t.db);
  kycNumber += 1;
  const k = await t.db
    .insertInto('kyc_submissions')
    .values({
      member_id: member,
      country: 'MY',
      id_type: 'IC',
      id_number: `R${kycNumber}`,
      id_number_key: `R${kycNumber}`,
      name: 'Retention',
      created_at: new Date(decided.getTime() - DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('kyc_submissions')
    .set({ status, decided_at: decided })
    .where('id', '=', k.id)
    .execute();
  const files: string[] = [];
  for (const side of ['front', 'back', 'holding'] as const) {
    const file = await t.db.transaction().execute(async (tx) => {
      const name = await store.save(tx, { area: 'kyc', contentType: 'image/png', bytes: Buffer.from(side) });
      await tx
        .insertInto('kyc_images')
        .values({ submission_id: k.id, side, file_name: name, content_type: 'image/png', bytes: 10 })
        .execute();
      return name;
    });
    files.push(file);
  }
  return { id: String(k.id), files };
}
/** How many of these files the store holds, and how many chunks of them. */
const stored = async (names: string[]) => {
  const [files, chunks] = await Promise.all(
    (['files', 'file_chunks'] as const).map((table) =>
      t.db.selectFrom(table).select('name').where('name', 'in', names).execute(),
    ),
  );
  return { files: files?.length, chunks: chunks?.length };
};
const picturesOf = async (id: string) =>
  (await t.db.selectFrom('kyc_images').select('side').where('submission_id', '=', id).execute()).length;

describe('retention job', () => {
  it('purges each kind older than its limit and keeps younger rows, once; a setting changes a limit', async () => {
    await addSession('expired-old', daysBefore(30, -HOUR));
    await addSession('revoked-old', daysBefore(-300), daysBefore(30, -HOUR));
    await addSession('expired-young', daysBefore(30, HOUR));
    await addSession('revoked-young', daysBefore(-300), daysBefore(30, HOUR));
    await addSession('active', daysBefore(-300));
    await addCode('ret-old', daysBefore(30, -HOUR));
    await addCode('ret-young', daysBefore(30, HOUR));
    await addCode('ret-fortnight', daysBefore(15));
    await addMail('ret-old', daysBefore(30, -HOUR));
    await addMail('ret-young', daysBefore(30, HOUR));
    // Minutes of an hour just past the limit, of the hour just within it, and an hourly candle of older history.
    await addMinutes('RETUSDT', daysBefore(30, -HOUR), 60);
    await addMinutes('RETUSDT', daysBefore(30), 60, 500);
    await addMinutes('RETUSDT', daysBefore(40), 1, 50);
    const rejectedOld = await addSubmission('rejected', daysBefore(180, -HOUR));
    const rejectedYoung = await addSubmission('rejected', daysBefore(180, HOUR));
    const approvedOld = await addSubmission('approved', daysBefore(400));
    const audits = await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();

    const first = await run();
    expect(first.status).toBe('done');
    expect(purgedOf(first)).toEqual({
      sessions: 2,
      codes: 1,
      outbox: 1,
      // 60 minutes became one hourly candle.
      candles: 59,
      kyc_pictures: 3,
      reserve_trees: 0,
    });
    expect(first.items_now).toBe(2 + 1 + 1 + 59 + 3);

    expect(await sessionsLeft()).toEqual(['active', 'expired-young', 'revoked-young']);
    expect(await codesLeft()).toEqual(['ret-fortnight', 'ret-young']);
    expect(await mailLeft()).toEqual(['ret-young']);
    const candles = await candlesOf('RETUSDT');
    expect(candles).toHaveLength(1 + 1 + 60);
    const hourly = daysBefore(30, -HOUR).toISOString().slice(0, 16).replace('T', ' ');
    expect(candles[1]).toEqual({
      at: hourly,
      open: '100',
      high: '164',
      low: '95',
      close: '160',
      volume: '90.0',
      simulated: true,
    });
    expect(candles.slice(2).every((c) => Number(c.open) >= 500)).toBe(true);

    // The rejected attempt's pictures are gone, files and rows; its submission stays, as does everything else.
    expect(await picturesOf(rejectedOld.id)).toBe(0);
    expect(await stored(rejectedOld.files)).toEqual({ files: 0, chunks: 0 });
    expect(await picturesOf(rejectedYoung.id)).toBe(3);
    expect(await stored(rejectedYoung.files)).toEqual({ files: 3, chunks: 3 });
    expect(await picturesOf(approvedOld.id)).toBe(3);
    expect(await stored(approvedOld.files)).toEqual({ files: 3, chunks: 3 });
    const submissions = await t.db.selectFrom('kyc_submissions').select('id').execute();
    expect(submissions).toHaveLength(3);
    expect(
      await t.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
    ).toEqual(audits);

    // Run again: nothing more to purge.
    const again = await run();
    expect(again.items_now).toBe(0);
    expect(again.runs).toBe(2);
    expect(await candlesOf('RETUSDT')).toEqual(candles);

    // Codes kept 10 days instead of 30: the two younger codes go; a limit of 0 days is ignored (the default holds).
    await putSetting(t.db, 'retention', { codes: 10, sessions: 0 });
    const shorter = await run();
    expect(shorter.items_now).toBe(2);
    // A date's amounts add up over its runs.
    expect(purgedOf(shorter)).toMatchObject({ codes: 3, sessions: 2 });
    expect(await codesLeft()).toEqual([]);
    expect(await sessionsLeft()).toEqual(['active', 'expired-young', 'revoked-young']);
    await putSetting(t.db, 'retention', {});

    // A year on, the approved attempt's pictures are still there.
    await run(addDays(DATE, 365));
    expect(await picturesOf(approvedOld.id)).toBe(3);
    expect(await stored(approvedOld.files)).toEqual({ files: 3, chunks: 3 });
    expect(await picturesOf(rejectedYoung.id)).toBe(0);
  });

  it('rolls candles in batches from where the last one stopped, to the same hours as in one go', async () => {
    const from = new Date('2020-01-01T00:00:00Z');
    await addMinutes('BATCHAUSDT', from, 150);
    await addMinutes('BATCHBUSDT', from, 150);
    const before = new Date('2020-01-02T00:00:00Z');
    let cursor = { symbol: '', openTime: 0 };
    let removed = 0;
    let batches = 0;
    for (;;) {
      const step = await rollUpOldCandles(t.db, before, cursor, 50);
      removed += step.removed;
      batches += 1;
      if (!step.next) break;
      cursor = step.next;
    }
    expect(batches).toBeGreaterThan(3);
    // 150 minutes: two whole hours and half of a third, per symbol.
    expect(removed).toBe(2 * (150 - 3));
    for (const symbol of ['BATCHAUSDT', 'BATCHBUSDT']) {
      const hours = await candlesOf(symbol);
      expect(hours.map((h) => [h.at, h.open, h.close, h.volume])).toEqual([
        ['2020-01-01 00:00', '100', '160', '90.0'],
        ['2020-01-01 01:00', '160', '220', '90.0'],
        ['2020-01-01 02:00', '220', '250', '45.0'],
      ]);
    }
  });
});
