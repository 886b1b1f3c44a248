import { RANKS } from '@mp/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.ts';
import { currentPlan, type Plan, share, VOLUME_ASSET } from '../features/network/plan.ts';
import { PROPAGATE_LOCK, propagateTree } from '../features/network/propagate.ts';
import { fieldRefusal } from '../http/errors.ts';
import { type AccountDirectory, platformAccount } from '../ledger/accounts.ts';
import { PAYOUT_STAGE, postPayouts } from '../ledger/payouts.ts';
import type { BatchOutcome, DailyJob } from './daily.ts';

export const PAIRING_JOB = 'pairing';
/** Members (by id range) settled per transaction. */
export const PAIRING_ID_RANGE = 250_000;

/**
 * The SQL of `pairDay` (pairing-math.ts) for the members of an id range, as named steps; pairing.test.ts checks
 * both agree on random inputs. A member's volume not yet paired is their lifetime leg volume (member_stats) minus
 * what their last pairing counted, minus volume of days after the date. Only members whose pairing changes
 * something are staged (a pair, or a flush when carry-forward is off): the rest keep their volume for later
 * days without a write, so the run reads every member once but writes only what it settles.
 */
export function pairingSelect(
  plan: Plan,
  date: string,
  prevRun: string | null,
  from: number | string,
  to: number | string,
) {
  const u = sql`${plan.unit.toString()}::bigint`;
  const perPair = share(plan.unit, plan.pairingBps);
  const pp = sql`${perPair.toString()}::bigint`;
  const caps = sql.join(
    RANKS.map((r) => sql`when ${r} then ${plan.caps[r].toString()}::bigint`),
    sql` `,
  );
  /** Members of the id range, as a condition on a table's (or alias's) member_id. */
  const inRange = (t: string) =>
    sql`${sql.ref(`${t}.member_id`)} > ${from}::bigint and ${sql.ref(`${t}.member_id`)} <= ${to}::bigint`;
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
  // With carry-forward, only members with new volume, or balances on both legs (capped pairs carried), can pair:
  // a member whose volume did not change since a day they could not pair still cannot. Without it, every member
  // with volume not yet counted is flushed, so all are read.
  // (Both sides in member order, so they merge as they stream.)
  const candidates = plan.carryForward
    ? sql`select coalesce(f.member_id, b.member_id) member_id, coalesce(f.l, 0) l, coalesce(f.r, 0) r
      from fresh f full join (select member_id from pairing_state
        where left_balance > 0 and right_balance > 0 and ${inRange('pairing_state')}) b on b.member_id = f.member_id`
    : sql`select s.member_id, coalesce(f.l, 0) l, coalesce(f.r, 0) r
      from member_stats s left join fresh f using (member_id) where ${inRange('s')}`;
  return sql`with later as (
      select member_id, sum(left_volume)::bigint l, sum(right_volume)::bigint r from leg_volume_daily
      where day > ${date}::date and ${inRange('leg_volume_daily')} group by member_id
    ), fresh as (
      select member_id, sum(left_volume)::bigint l, sum(right_volume)::bigint r from leg_volume_daily
      where day > coalesce(${prevRun}::date, '-infinity'::date) and day <= ${date}::date
        and ${inRange('leg_volume_daily')}
      group by member_id
    ), ids as (${candidates}
    ), o as (
      select s.member_id, coalesce(ps.left_balance, 0) bl, coalesce(ps.right_balance, 0) br,
        s.left_volume - coalesce(ps.left_counted, 0) - coalesce(lt.l, 0) open_l,
        s.right_volume - coalesce(ps.right_counted, 0) - coalesce(lt.r, 0) open_r,
        s.left_volume - coalesce(lt.l, 0) counted_l, s.right_volume - coalesce(lt.r, 0) counted_r,
        ids.l added_l, ids.r added_r, coalesce(ps.first_pair_done, false) first_pair_done
      from ids join member_stats s using (member_id)
      left join pairing_state ps using (member_id)
      left join later lt using (member_id)
      where ${inRange('s')} and (ps.last_date is null or ps.last_date < ${date}::date)
    ), c as (
      -- Before = carried from the last pairing plus what earlier runs left unpaired; added = the new days'.
      select o.*, o.bl + o.open_l - o.added_l lb, o.br + o.open_r - o.added_r rb from o
      where o.open_l > 0 or o.open_r > 0 or (o.bl > 0 and o.br > 0)
    ), paired as (
      select c.*, t.l, t.r, a.strong_left, f.first, p.pairs from c
      cross join lateral (select c.bl + c.open_l l, c.br + c.open_r r) t
      cross join lateral (select t.l >= t.r strong_left, ${plan.ratio === '2:1'} and not c.first_pair_done first_due) a
      cross join lateral (select a.first_due and (case when a.strong_left then t.l >= 2 * ${u} and t.r >= ${u}
        else t.r >= 2 * ${u} and t.l >= ${u} end) first) f
      cross join lateral (select (case when f.first then 1 + least(
          (t.l - (case when a.strong_left then 2 else 1 end) * ${u}) / ${u},
          (t.r - (case when a.strong_left then 1 else 2 end) * ${u}) / ${u})
        when a.first_due then 0 else least(t.l / ${u}, t.r / ${u}) end) pairs) p
      where ${writes}
    )
    select p.member_id, p.lb, p.rb, p.added_l, p.added_r, p.counted_l, p.counted_r, p.pairs, p.l, p.r,
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

/** Pairing of one id range for a date, into the stage table `pairing_stage` (for tests: compare with pairDay). */
export async function stagePairing(
  tx: Tx,
  plan: Plan,
  date: string,
  prevRun: string | null,
  from: number | string,
  to: number | string,
) {
  await sql`drop table if exists pairing_stage`.execute(tx);
  await sql`create temp table pairing_stage on commit drop as ${pairingSelect(plan, date, prevRun, from, to)}`.execute(
    tx,
  );
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
 * The daily pairing for a date: every member with volume on their legs (new since their last pairing, or carried
 * on both) is paired per the plan in force, their balances carried, and the bonus paid as a ledger transfer of kind
 * `bonus_pairing` from bonus expense, referencing the date (`pairing:<date>`), its details the volumes before,
 * added and after and the cap. Once per member and date: the state row moves to the date in the same transaction
 * as the payout and the (member, date) key of pairing_results. Volume propagated after a run of the date counts
 * for the next day.
 */
export function pairingJob(db: Db, accounts: AccountDirectory): DailyJob {
  return {
    async before(date: string) {
      await checkOrder(db, date);
      await propagateTree(db);
    },
    async batch(tx: Tx, date: string, cursor: string) {
      const top = await sql<{ max: string | null }>`select max(id)::text max from members`.execute(tx);
      const max = BigInt(top.rows[0]?.max ?? '0');
      // Skips ranges with nothing to settle without a transaction each.
      for (let from = BigInt(cursor); from < max; from += BigInt(PAIRING_ID_RANGE)) {
        const to = from + BigInt(PAIRING_ID_RANGE);
        // Propagation adds to the open volume rows: it waits while a range settles (and the reverse).
        await sql`select ${PROPAGATE_LOCK}`.execute(tx);
        // A range's candidates are hashed and sorted in memory, not in temporary files (this transaction only).
        await sql`set local work_mem = '128MB'`.execute(tx);
        // Parallel workers would each aggregate the day's volume again (it is not parallel-aware): one process.
        await sql`set local max_parallel_workers_per_gather = 0`.execute(tx);
        const plan = await currentPlan(tx);
        await stagePairing(tx, plan, date, await previousRun(tx, date), from.toString(), to.toString());
        const n = await sql<{ n: number }>`select count(*)::int n from pairing_stage`.execute(tx);
        if ((n.rows[0]?.n ?? 0) === 0) continue;
        const outcome = await settleStage(tx, accounts, plan, date);
        return { outcome, cursor: to.toString() };
      }
      return { outcome: null, cursor };
    },
  };
}

async function settleStage(
  tx: Tx,
  accounts: AccountDirectory,
  plan: Plan,
  date: string,
): Promise<BatchOutcome> {
  await sql`insert into pairing_state as s (member_id, left_balance, right_balance, left_counted, right_counted,
      first_pair_done, last_date)
    select member_id, left_after, right_after, counted_l, counted_r, first_after, ${date}::date from pairing_stage
    on conflict (member_id) do update set left_balance = excluded.left_balance,
      right_balance = excluded.right_balance, left_counted = excluded.left_counted,
      right_counted = excluded.right_counted, first_pair_done = excluded.first_pair_done, last_date = excluded.last_date`.execute(
    tx,
  );
  // The transfer names the date; the volumes behind it are in pairing_results (read with the bonus record).
  const paid = await postPayouts(tx, accounts, {
    key: (first, last) => `job:${PAIRING_JOB}:${date}:${first}-${last}`,
    kind: 'bonus_pairing',
    from: platformAccount('bonus_expense', VOLUME_ASSET),
    rows: sql`select member_id source_id, member_id, ${plan.wallets.pairing} wallet, bonus amount,
        'pairing:' || ${date} reference, '{}'::jsonb details
      from pairing_stage where bonus > 0`,
  });
  // Written once, with the transfer that paid it (the payout stage lives until the transaction ends).
  const results =
    await sql`insert into pairing_results (member_id, pair_date, plan_version, left_before, right_before,
      left_added, right_added, pairs, paid_pairs, bonus, cap, flushed_left, flushed_right, left_after, right_after,
      transfer_id)
    select p.member_id, ${date}::date, ${plan.version}, p.lb, p.rb, p.added_l, p.added_r, p.pairs, p.paid, p.bonus,
      p.cap, p.l - p.paid_l - p.left_after, p.r - p.paid_r - p.right_after, p.left_after, p.right_after, s.tid
    from pairing_stage p left join ${sql.table(PAYOUT_STAGE)} s on s.source_id = p.member_id`.execute(tx);
  const items = Number(results.numAffectedRows ?? 0);
  return { items, amounts: paid ? { [VOLUME_ASSET]: paid.total } : {} };
}
