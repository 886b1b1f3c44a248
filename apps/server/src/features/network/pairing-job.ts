import { RANKS } from '@mp/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { currentPlan, type Plan, share, VOLUME_ASSET } from './plan.ts';
import { PROPAGATE_SHARED_LOCK, propagateTree } from './propagate.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { type AccountDirectory, platformAccount } from '../../ledger/accounts.ts';
import { PAYOUT_STAGE, postPayouts } from '../../ledger/payouts.ts';
import type { BatchOutcome, DailyJob, Lane } from '../../platform/scheduler.ts';

export const PAIRING_JOB = 'pairing';
/**
 * Candidates (in member order) settled per transaction: small enough that the lanes take turns at the payout (one
 * lane stages its next batch while the other pays), large enough that a batch's fixed costs stay small.
 */
export const PAIRING_BATCH = 8_000;
/**
 * Lanes settling a date side by side (members by id modulo 2): a batch's payout locks the bonus-expense account
 * until it commits, so one lane stages and writes its members' figures while the other pays (DECISIONS 59).
 */
export const PAIRING_LANES = 2;
const ONE_LANE: Lane = { index: 0, count: 1 };

/**
 * The members who may pair on a date, after member `after` in member order, at most `limit`: with carry-forward,
 * those with at least a pair unit open on both legs (read in member order from the index
 * `member_stats_pairable_by_member`, from `after` to the batch's size: everyone else keeps their volume for later
 * days, untouched); without it, everyone with volume open (it is flushed). Members already settled for the date are
 * left out; in lanes, only the lane's members. The open volume may include days after the date: a superset, checked exactly
 * by `pairingSelect`.
 */
export function candidatesSelect(
  plan: Plan,
  date: string,
  after: string,
  limit: number,
  lane: Lane = ONE_LANE,
) {
  const u = sql`${plan.unit.toString()}::bigint`;
  const may = plan.carryForward
    ? sql`left_open > 0 and right_open > 0 and least(left_open, right_open) >= ${u}`
    : sql`(left_open > 0 or right_open > 0)`;
  const mine = lane.count === 1 ? sql`` : sql`and member_id % ${lane.count} = ${lane.index}`;
  return sql`select member_id, left_open, right_open, first_pair_done from member_stats
    where ${may} and (paired_on is null or paired_on < ${date}::date) and member_id > ${after}::bigint ${mine}
    order by member_id limit ${limit}`;
}

/**
 * The SQL of `pairDay` (pairing-math.ts) for the candidates in `pairing_ids`, as named steps; pairing.test.ts checks
 * both agree on random inputs. A member's volume for the date is what is open less the volume of days after it;
 * what was added is the volume of the days since the previous run. Only members whose pairing changes something
 * are staged (a pair, or a flush when carry-forward is off).
 */
export function pairingSelect(plan: Plan, date: string, prevRun: string | null) {
  const u = sql`${plan.unit.toString()}::bigint`;
  const perPair = share(plan.unit, plan.pairingBps);
  const pp = sql`${perPair.toString()}::bigint`;
  const caps = sql.join(
    RANKS.map((r) => sql`when ${r} then ${plan.caps[r].toString()}::bigint`),
    sql` `,
  );
  const use = (n: ReturnType<typeof sql>, leftLeg: boolean) =>
    sql`(case when ${n} = 0 then 0 when not f.first then ${n} * ${u}
      when a.strong_left = ${leftLeg} then (${n} + 1) * ${u} else ${n} * ${u} end)`;
  // What each leg carries after the day (see pairDay): the capped excess and the unmatched rest per the plan.
  const after = (leg: 'l' | 'r') => {
    const [total, paid, all] = [sql.ref(`t.${leg}`), sql.ref(`us.paid_${leg}`), sql.ref(`us.all_${leg}`)];
    if (plan.capExcess === 'carry')
      return plan.carryForward ? sql`${total} - ${paid}` : sql`${all} - ${paid}`;
    return plan.carryForward ? sql`${total} - ${all}` : sql`0::bigint`;
  };
  const consumed = plan.capExcess === 'carry' ? sql`q.paid` : sql`p.pairs`;
  const writes = plan.carryForward ? sql`p.pairs > 0` : sql`(p.pairs > 0 or t.l > 0 or t.r > 0)`;
  return sql`with v as (
      select v.member_id,
        coalesce(sum(v.left_volume) filter (where v.day <= ${date}::date), 0)::bigint added_l,
        coalesce(sum(v.right_volume) filter (where v.day <= ${date}::date), 0)::bigint added_r,
        coalesce(sum(v.left_volume) filter (where v.day > ${date}::date), 0)::bigint later_l,
        coalesce(sum(v.right_volume) filter (where v.day > ${date}::date), 0)::bigint later_r
      from pairing_ids i join leg_volume_daily v on v.member_id = i.member_id
        and v.day > coalesce(${prevRun}::date, '-infinity'::date)
      group by v.member_id
    ), c as (
      -- Before = carried from the last pairing plus what earlier runs left unpaired; added = the new days'.
      select i.member_id, i.first_pair_done, coalesce(v.added_l, 0) added_l, coalesce(v.added_r, 0) added_r,
        coalesce(v.later_l, 0) later_l, coalesce(v.later_r, 0) later_r,
        i.left_open - coalesce(v.later_l, 0) total_l, i.right_open - coalesce(v.later_r, 0) total_r
      from pairing_ids i left join v using (member_id)
    ), paired as (
      select c.*, c.total_l - c.added_l lb, c.total_r - c.added_r rb, t.l, t.r, a.strong_left, f.first, p.pairs
      from c
      cross join lateral (select c.total_l l, c.total_r r) t
      cross join lateral (select t.l >= t.r strong_left, ${plan.ratio === '2:1'} and not c.first_pair_done first_due) a
      cross join lateral (select a.first_due and (case when a.strong_left then t.l >= 2 * ${u} and t.r >= ${u}
        else t.r >= 2 * ${u} and t.l >= ${u} end) first) f
      cross join lateral (select (case when f.first then 1 + least(
          (t.l - (case when a.strong_left then 2 else 1 end) * ${u}) / ${u},
          (t.r - (case when a.strong_left then 1 else 2 end) * ${u}) / ${u})
        when a.first_due then 0 else least(t.l / ${u}, t.r / ${u}) end) pairs) p
      where ${writes}
    )
    select p.member_id, p.lb, p.rb, p.added_l, p.added_r, p.later_l, p.later_r, p.pairs, p.l, p.r,
      (case m.rank ${caps} end) cap, q.paid, q.paid * ${pp} bonus, us.paid_l, us.paid_r,
      ${after('l')} left_after, ${after('r')} right_after, p.first_pair_done or (f.first and ${consumed} > 0) first_after
    from paired p join members m on m.id = p.member_id
    cross join lateral (select p.l, p.r) t
    cross join lateral (select p.strong_left) a
    cross join lateral (select p.first) f
    cross join lateral (select (case when ${pp} = 0 then p.pairs
      else least(p.pairs, (case m.rank ${caps} end) / ${pp}) end) paid) q
    cross join lateral (select ${use(sql`q.paid`, true)} paid_l, ${use(sql`q.paid`, false)} paid_r,
      ${use(sql`p.pairs`, true)} all_l, ${use(sql`p.pairs`, false)} all_r) us`;
}

/**
 * Reads the next candidates after member `after` into `pairing_ids` and stages their pairing for a date in
 * `pairing_stage` (for tests: compare with pairDay). Returns the last candidate read, or null when none is left.
 */
export async function stagePairing(
  tx: Tx,
  plan: Plan,
  date: string,
  prevRun: string | null,
  after: string,
  limit = PAIRING_BATCH,
  lane: Lane = ONE_LANE,
): Promise<string | null> {
  await sql`drop table if exists pairing_ids, pairing_stage`.execute(tx);
  await sql`create temp table pairing_ids on commit drop as ${candidatesSelect(plan, date, after, limit, lane)}`.execute(
    tx,
  );
  await sql`analyze pairing_ids`.execute(tx);
  await sql`create temp table pairing_stage on commit drop as ${pairingSelect(plan, date, prevRun)}`.execute(
    tx,
  );
  const last = await sql<{ last: string | null }>`select max(member_id)::text last from pairing_ids`.execute(
    tx,
  );
  return last.rows[0]?.last ?? null;
}

/** The last pairing date before `date` that a run started for (its volume up to then is "carried"). */
async function previousRun(tx: Tx, date: string): Promise<string | null> {
  const r = await sql<{ d: string | null }>`select max(run_date)::text d from job_runs
    where job = ${PAIRING_JOB} and run_date < ${date}::date`.execute(tx);
  return r.rows[0]?.d ?? null;
}

/** Refuses a date when a later one already ran: carried balances are only right when dates settle in order. */
async function checkOrder(db: Db, date: string) {
  const later = await sql<{ d: string }>`select max(run_date)::text d from job_runs
    where job = ${PAIRING_JOB} and run_date > ${date}::date`.execute(db);
  const d = later.rows[0]?.d;
  if (d) throw fieldRefusal(409, 'date', 'pairing_later_date_settled', { date: d });
}

/**
 * The daily pairing for a date: every member who may pair (see `candidatesSelect`) is paired per the plan in force,
 * their balances carried, and the bonus paid as a ledger transfer of kind `bonus_pairing` from bonus expense,
 * referencing the date (`pairing:<date>`); pairing_results keeps the volumes before, added and after and the cap.
 * Once per member and date: the member's `paired_on` moves to the date in the same transaction as the payout and
 * the (member, date) key of pairing_results. Volume propagated after a run of the date counts for the next day.
 */
export function pairingJob(db: Db, accounts: AccountDirectory): DailyJob {
  return {
    lanes: PAIRING_LANES,
    async before(date: string) {
      await checkOrder(db, date);
      await propagateTree(db);
    },
    async batch(tx: Tx, date: string, cursor: string, lane: Lane) {
      // Propagation adds to the open volume: it waits while a batch settles (and the reverse); the lanes' batches
      // share the lock.
      await sql`select ${PROPAGATE_SHARED_LOCK}`.execute(tx);
      // A batch's candidates are hashed and sorted in memory, not in temporary files (this transaction only).
      await sql`set local work_mem = '128MB'`.execute(tx);
      // The members and figures it reads are in memory: a key probe per settled member, not a scan of them all.
      await sql`set local random_page_cost = 1.1`.execute(tx);
      const plan = await currentPlan(tx);
      const prevRun = await previousRun(tx, date);
      // Candidates that cannot pair after all (volume of later days, a 2:1 first pair not reached) are skipped
      // without a transaction each.
      for (let after = cursor; ; ) {
        const last = await stagePairing(tx, plan, date, prevRun, after, PAIRING_BATCH, lane);
        if (last === null) return { outcome: null, cursor: after };
        const n = await sql<{ n: number }>`select count(*)::int n from pairing_stage`.execute(tx);
        if ((n.rows[0]?.n ?? 0) > 0)
          return { outcome: await settleStage(tx, accounts, plan, date), cursor: last };
        after = last;
      }
    },
  };
}

async function settleStage(
  tx: Tx,
  accounts: AccountDirectory,
  plan: Plan,
  date: string,
): Promise<BatchOutcome> {
  // What each member carries on (plus volume of later days), and the date, which keeps a re-run from pairing again.
  await sql`update member_stats s set left_open = p.left_after + p.later_l, right_open = p.right_after + p.later_r,
      first_pair_done = p.first_after, paired_on = ${date}::date
    from pairing_stage p where s.member_id = p.member_id`.execute(tx);
  // The transfer names the date; the volumes behind it are in pairing_results (read with the bonus record), written
  // with the transfers' ids once they are staged, before the bonus-expense account is locked until commit.
  let results: bigint | undefined;
  const record = async () => {
    const r =
      await sql`insert into pairing_results (member_id, pair_date, plan_version, left_before, right_before,
      left_added, right_added, pairs, paid_pairs, bonus, cap, flushed_left, flushed_right, left_after, right_after,
      transfer_id)
    select p.member_id, ${date}::date, ${plan.version}, p.lb, p.rb, p.added_l, p.added_r, p.pairs, p.paid, p.bonus,
      p.cap, p.l - p.paid_l - p.left_after, p.r - p.paid_r - p.right_after, p.left_after, p.right_after, s.tid
    from pairing_stage p left join ${sql.table(PAYOUT_STAGE)} s on s.source_id = p.member_id`.execute(tx);
    results = r.numAffectedRows;
  };
  const paid = await postPayouts(tx, accounts, {
    key: (first, last) => `job:${PAIRING_JOB}:${date}:${first}-${last}`,
    kind: 'bonus_pairing',
    from: platformAccount('bonus_expense', VOLUME_ASSET),
    rows: sql`select member_id source_id, member_id, ${plan.wallets.pairing} wallet, bonus amount,
        'pairing:' || ${date} reference, '{}'::jsonb details
      from pairing_stage where bonus > 0`,
    staged: record,
  });
  const items = Number(results ?? 0);
  return { items, amounts: paid ? { [VOLUME_ASSET]: paid.total } : {} };
}
