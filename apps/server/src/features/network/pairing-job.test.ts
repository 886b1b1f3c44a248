import { formatAmount, RANKS } from '@mp/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { uniqueUserid } from '../../../test/helpers.ts';
import { pairDay } from './pairing-math.ts';
import { compilePlan, DEFAULT_PLAN, share } from './plan.ts';
import { createLedger } from '../../ledger/index.ts';
import { pairingJob, stagePairing } from './pairing-job.ts';

/**
 * The pairing job's SQL computes exactly what the reference `pairDay` does, on random members and plans, and the job
 * writes it: what each member carries on, the date, and the bonus.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

class Rollback extends Error {}
/** Volume of a day after the date, on each leg of every member: it must be left for later. */
const later = 5_000_000n;
const usdt = (minor: bigint) => formatAmount(minor, 6);
const DATE = '2030-01-10';

/** A volume as units of the pair plus a part of one (thousandths), so the edges of every rule are hit often. */
const volume = fc.record({ units: fc.oneof(fc.constantFrom(0, 1, 2), fc.nat(12)), part: fc.nat(999) });
type Volume = { units: number; part: number };
const inUnits = (v: Volume, unit: bigint) => BigInt(v.units) * unit + (unit * BigInt(v.part)) / 1000n;
const memberCase = fc.record({
  lb: volume,
  rb: volume,
  addL: volume,
  addR: volume,
  first: fc.boolean(),
  rank: fc.constantFrom(...RANKS),
});
const planCase = fc.record({
  ratio: fc.constantFrom('1:1' as const, '2:1' as const),
  unit: fc.bigInt({ min: 1_000_000n, max: 500_000_000n }),
  pct: fc.integer({ min: 0, max: 10_000 }),
  caps: fc.array(fc.bigInt({ min: 0n, max: 200_000_000n }), { minLength: 5, maxLength: 5 }),
  // (the per-pair bonus is unit x pct: caps of a few pairs are common)
  capExcess: fc.constantFrom('flush' as const, 'carry' as const),
  carryForward: fc.boolean(),
});

describe('pairing job SQL', () => {
  it('agrees with pairDay for every member', async () => {
    await fc.assert(
      fc.asyncProperty(planCase, fc.array(memberCase, { minLength: 1, maxLength: 12 }), async (pc, cases) => {
        const members = cases.map((c) => ({
          ...c,
          lb: c.lb.units < 2 ? 0n : inUnits(c.lb, pc.unit),
          rb: c.rb.units < 2 ? 0n : inUnits(c.rb, pc.unit),
          addL: inUnits(c.addL, pc.unit),
          addR: inUnits(c.addR, pc.unit),
        }));
        const plan = compilePlan({
          ...DEFAULT_PLAN,
          pair_ratio: pc.ratio,
          pair_unit: usdt(pc.unit),
          pairing_percent: formatAmount(BigInt(pc.pct), 2),
          daily_cap: Object.fromEntries(RANKS.map((r, i) => [r, usdt(pc.caps[i] ?? 0n)])) as never,
          cap_excess: pc.capExcess,
          carry_forward: pc.carryForward,
        });
        const inputOf = (m: (typeof members)[number]) => ({
          leftBefore: m.lb,
          rightBefore: m.rb,
          leftAdded: m.addL,
          rightAdded: m.addR,
          firstPairDone: m.first,
          unit: plan.unit,
          perPair: share(plan.unit, plan.pairingBps),
          cap: plan.caps[m.rank],
          ratio: plan.ratio,
          capExcess: plan.capExcess,
          carryForward: plan.carryForward,
        });
        await t.db
          .transaction()
          .execute(async (tx) => {
            const ids: string[] = [];
            for (const m of members) {
              const row = await tx
                .insertInto('members')
                .values({ userid: uniqueUserid('pq'), name: '', rank: m.rank })
                .returning('id')
                .executeTakeFirstOrThrow();
              ids.push(row.id);
              // Volume paired by earlier runs (E), the new days' (two rows, summed), and a later day's (must be
              // left out): member_stats holds the lifetime total of all three, and as open what is not paired yet.
              const E = 7_000_000n;
              await sql`insert into member_stats (member_id, left_volume, right_volume, left_open, right_open,
                  first_pair_done, paired_on)
                values (${row.id}, ${(E + m.addL + later).toString()}, ${(E + m.addR + later).toString()},
                  ${(m.lb + m.addL + later).toString()}, ${(m.rb + m.addR + later).toString()}, ${m.first},
                  '2030-01-08')`.execute(tx);
              const half = (v: bigint) => v / 2n;
              await sql`insert into leg_volume_daily (member_id, day, left_volume, right_volume) values
                (${row.id}, '2030-01-09', ${half(m.addL).toString()}, ${half(m.addR).toString()}),
                (${row.id}, ${DATE}, ${(m.addL - half(m.addL)).toString()}, ${(m.addR - half(m.addR)).toString()}),
                (${row.id}, '2030-01-11', ${later.toString()}, ${later.toString()})`.execute(tx);
            }
            const before = BigInt(ids[0]!) - 1n;
            await stagePairing(tx, plan, DATE, '2030-01-08', before.toString());
            const rows = await sql<{
              member_id: string;
              pairs: string;
              paid: string;
              bonus: string;
              left_after: string;
              right_after: string;
              first_after: boolean;
              paid_l: string;
              paid_r: string;
              lb: string;
              added_l: string;
            }>`select member_id::text, pairs::text, paid::text, bonus::text, left_after::text, right_after::text,
                first_after, paid_l::text, paid_r::text, lb::text, added_l::text from pairing_stage`.execute(
              tx,
            );
            // Staged: members whose pairing changes something.
            const staged = members.filter((m) => {
              const r = pairDay(inputOf(m));
              return r.pairs > 0n || (!plan.carryForward && m.lb + m.addL + m.rb + m.addR > 0n);
            });
            expect(rows.rows).toHaveLength(staged.length);
            for (const r of rows.rows) {
              const m = members[ids.indexOf(r.member_id)]!;
              const want = pairDay(inputOf(m));
              expect({
                pairs: BigInt(r.pairs),
                paidPairs: BigInt(r.paid),
                bonus: BigInt(r.bonus),
                usedLeft: BigInt(r.paid_l),
                usedRight: BigInt(r.paid_r),
                leftAfter: BigInt(r.left_after),
                rightAfter: BigInt(r.right_after),
                firstPairDone: r.first_after,
                leftBefore: BigInt(r.lb),
                leftAdded: BigInt(r.added_l),
              }).toEqual({
                pairs: want.pairs,
                paidPairs: want.paidPairs,
                bonus: want.bonus,
                usedLeft: want.usedLeft,
                usedRight: want.usedRight,
                leftAfter: want.leftAfter,
                rightAfter: want.rightAfter,
                firstPairDone: want.firstPairDone,
                leftBefore: m.lb,
                leftAdded: m.addL,
              });
            }
            // The job settles the same members: each carries on what pairDay leaves plus the later day's volume,
            // is marked paired on the date, and is paid its bonus; the others are untouched.
            await sql`insert into plan_versions (settings, note) values (${JSON.stringify(plan.settings)}, 'test')`.execute(
              tx,
            );
            await pairingJob(t.db, createLedger(t.db).accounts).batch(tx, DATE, before.toString(), {
              index: 0,
              count: 1,
            });
            const after = await sql<{
              member_id: string;
              left_open: string;
              right_open: string;
              paired_on: string | null;
              paid: string | null;
            }>`select s.member_id::text, s.left_open::text, s.right_open::text, s.paired_on::text,
                (select sum(t.amount)::text from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
                  where a.member_id = s.member_id and t.kind = 'bonus_pairing') paid
              from member_stats s where s.member_id = any(${ids}::bigint[])`.execute(tx);
            for (const r of after.rows) {
              const m = members[ids.indexOf(r.member_id)]!;
              const want = pairDay(inputOf(m));
              const settled = staged.includes(m);
              expect({
                leftOpen: BigInt(r.left_open),
                rightOpen: BigInt(r.right_open),
                pairedOn: r.paired_on,
                paid: BigInt(r.paid ?? 0),
              }).toEqual({
                leftOpen: settled ? want.leftAfter + later : m.lb + m.addL + later,
                rightOpen: settled ? want.rightAfter + later : m.rb + m.addR + later,
                pairedOn: settled ? DATE : '2030-01-08',
                paid: settled ? want.bonus : 0n,
              });
            }
            throw new Rollback();
          })
          .catch((err) => {
            if (!(err instanceof Rollback)) throw err;
          });
      }),
      { numRuns: 60 },
    );
  });
});
