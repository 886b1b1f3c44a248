import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { PeriodicTask } from '../../platform/scheduler.ts';
import { inTransaction } from '../../db/database.ts';
import { type Plan, currentPlan, VOLUME_ASSET } from './plan.ts';
import { recomputeRanks } from './ranks.ts';
import { logger } from '../../lib/log.ts';

/**
 * Adds new members and purchases into the team figures of everyone above them, in batches: leg counts and
 * sponsor-team sizes (members), personal volume, leg volumes and per-day leg volumes for pairing (purchases); then
 * recomputes the ranks of whoever changed. Work is marked pending by the writes themselves (`tree_pending`,
 * `volume_pending`), so nothing is lost if a server stops midway; one propagator runs at a time (an advisory lock).
 *
 * A batch's ancestor walk costs the sum of the depths of its items, so batches are cut at ROWS_PER_BATCH of that:
 * thousands of members of an ordinary tree per batch, a few at the bottom of a 100,000-deep chain.
 */
const ROWS_PER_BATCH = 1_000_000;
const ITEMS_PER_BATCH = 5_000;
const PROPAGATE_TRY_LOCK = sql`pg_try_advisory_xact_lock(hashtext('tree:propagate'))`;
/** Taken by the pairing's batches: they wait for a propagation and it for them, but not for one another. */
export const PROPAGATE_SHARED_LOCK = sql`pg_advisory_xact_lock_shared(hashtext('tree:propagate'))`;

export type Propagated = { members: number; purchases: number };

/**
 * Propagates everything pending; returns how much. Safe to call from any number of places at once: when another
 * call is propagating, this one returns at once and that one takes what is pending.
 */
export async function propagateTree(db: Db): Promise<Propagated> {
  const done: Propagated = { members: 0, purchases: 0 };
  for (;;) {
    // Two partial-index probes: the sweep and the calls after each commit find nothing to do most of the time.
    const pending = await sql<{ any: boolean }>`select exists (select 1 from members where tree_pending)
      or exists (select 1 from purchases where volume_pending) as any`.execute(db);
    if (!pending.rows[0]?.any) return done;
    const step = await inTransaction(db, async (tx) => {
      // Busy: the propagator at work re-checks for pending work after each batch, so it takes this one too (the
      // caller's purchase committed before it looked); a request never queues behind another's propagation.
      const got = await sql<{ ok: boolean }>`select ${PROPAGATE_TRY_LOCK} as ok`.execute(tx);
      if (!got.rows[0]?.ok) return undefined;
      // The ancestor walks must probe members by key at every level: a hash join would read all members per level
      // (the planner cannot know a walk's size, and may guess it big).
      await sql`set local enable_hashjoin = off`.execute(tx);
      await sql`set local enable_mergejoin = off`.execute(tx);
      const plan = await currentPlan(tx);
      const members = await propagateMembers(tx, plan);
      const purchases = members > 0 ? 0 : await propagatePurchases(tx, plan);
      return { members, purchases };
    });
    if (!step || (step.members === 0 && step.purchases === 0)) return done;
    done.members += step.members;
    done.purchases += step.purchases;
  }
}

/** Ids of the first pending items whose ancestor walks fit in one batch (at least one). */
function batchOf(pending: ReturnType<typeof sql>) {
  return sql`select id from (
      select id, sum(cost) over (order by id) - cost as before from (${pending}) p
    ) x where before < ${ROWS_PER_BATCH}`;
}

async function propagateMembers(tx: Tx, plan: Plan): Promise<number> {
  const ids = await sql<{ id: string }>`${batchOf(
    sql`select id, depth + sponsor_depth + 1 as cost from members where tree_pending order by id limit ${ITEMS_PER_BATCH}`,
  )}`.execute(tx);
  if (ids.rows.length === 0) return 0;
  const list = ids.rows.map((r) => r.id);
  await sql`with recursive up(node, side) as (
      select placement_parent_id, side from members where id = any(${list}::bigint[]) and placement_parent_id is not null
      union all
      select m.placement_parent_id, m.side from up join members m on m.id = up.node where m.placement_parent_id is not null
    )
    insert into member_stats as s (member_id, left_count, right_count)
    select node, count(*) filter (where side = 'L'), count(*) filter (where side = 'R') from up group by node
    on conflict (member_id) do update set left_count = s.left_count + excluded.left_count,
      right_count = s.right_count + excluded.right_count`.execute(tx);
  await sql`with recursive up(node) as (
      select sponsor_id from members where id = any(${list}::bigint[]) and sponsor_id is not null
      union all
      select m.sponsor_id from up join members m on m.id = up.node where m.sponsor_id is not null
    )
    insert into member_stats as s (member_id, sponsor_team_count)
    select node, count(*) from up group by node
    on conflict (member_id) do update set sponsor_team_count = s.sponsor_team_count + excluded.sponsor_team_count`.execute(
    tx,
  );
  const sponsors = await sql<{ id: string }>`insert into member_stats as s (member_id, direct_count)
    select sponsor_id, count(*) from members where id = any(${list}::bigint[]) and sponsor_id is not null group by sponsor_id
    on conflict (member_id) do update set direct_count = s.direct_count + excluded.direct_count
    returning member_id::text id`.execute(tx);
  await sql`insert into member_stats (member_id) select unnest(${list}::bigint[]) on conflict do nothing`.execute(
    tx,
  );
  await sql`update members set tree_pending = false where id = any(${list}::bigint[])`.execute(tx);
  await recomputeRanks(
    tx,
    plan,
    sponsors.rows.map((r) => r.id),
    'direct sponsors',
  );
  return list.length;
}

/** The day new volume counts for: its purchase's day, or the day after the last pairing run if that is later. */
const volumeDay = sql`greatest((p.created_at at time zone 'UTC')::date,
  coalesce((select max(run_date) + 1 from job_runs where job = 'pairing'), '-infinity'::date))`;

async function propagatePurchases(tx: Tx, plan: Plan): Promise<number> {
  const ids = await sql<{ id: string }>`${batchOf(
    sql`select p.id, m.depth + 1 as cost from purchases p join members m on m.id = p.member_id
      where p.volume_pending order by p.id limit ${ITEMS_PER_BATCH}`,
  )}`.execute(tx);
  if (ids.rows.length === 0) return 0;
  const list = ids.rows.map((r) => r.id);
  await sql`create temp table network_batch on commit drop as
    select p.member_id, p.volume, ${volumeDay} as day from purchases p
    where p.id = any(${list}::bigint[]) and p.asset = ${VOLUME_ASSET} and p.volume > 0`.execute(tx);
  await sql`insert into member_stats as s (member_id, personal_volume)
    select member_id, sum(volume) from network_batch group by member_id
    on conflict (member_id) do update set personal_volume = s.personal_volume + excluded.personal_volume`.execute(
    tx,
  );
  await sql`create temp table network_legs on commit drop as
    with recursive up(node, side, volume, day) as (
      select m.placement_parent_id, m.side, b.volume, b.day from network_batch b join members m on m.id = b.member_id
      where m.placement_parent_id is not null
      union all
      select m.placement_parent_id, m.side, up.volume, up.day from up join members m on m.id = up.node
      where m.placement_parent_id is not null
    )
    select node as member_id, day, sum(volume) filter (where side = 'L') as l, sum(volume) filter (where side = 'R') as r
    from up group by node, day`.execute(tx);
  // Lifetime leg volume, and the volume open for pairing (see the pairing job).
  await sql`insert into member_stats as s (member_id, left_volume, right_volume, left_open, right_open)
    select member_id, coalesce(sum(l), 0), coalesce(sum(r), 0), coalesce(sum(l), 0), coalesce(sum(r), 0)
    from network_legs group by member_id
    on conflict (member_id) do update set left_volume = s.left_volume + excluded.left_volume,
      right_volume = s.right_volume + excluded.right_volume, left_open = s.left_open + excluded.left_open,
      right_open = s.right_open + excluded.right_open`.execute(tx);
  await sql`insert into leg_volume_daily as v (member_id, day, left_volume, right_volume)
    select member_id, day, coalesce(l, 0), coalesce(r, 0) from network_legs order by member_id, day
    on conflict (member_id, day) do update
      set left_volume = v.left_volume + excluded.left_volume, right_volume = v.right_volume + excluded.right_volume`.execute(
    tx,
  );
  await sql`update purchases set volume_pending = false where id = any(${list}::bigint[])`.execute(tx);
  await recomputeRanks(
    tx,
    plan,
    sql`select member_id from network_batch union select member_id from network_legs`,
    'volume',
  );
  return list.length;
}

/** This process's pass of propagateTree at work, and the one asked for after it. */
type Passes = { current?: Promise<Propagated>; next?: Promise<Propagated> };
const passes = new WeakMap<Db, Passes>();

/**
 * propagateTree, coalesced within this process: a call made while a pass is at work waits for one more pass that
 * starts after it (so it sees what the caller committed), shared by every call made meanwhile. Each call on its own
 * cost four round trips even when another propagator held the lock (the probe, begin, the try-lock, commit): a third
 * of a shop order's in bench:shop.
 */
function propagateCoalesced(db: Db): Promise<Propagated> {
  let p = passes.get(db);
  if (!p) {
    p = {};
    passes.set(db, p);
  }
  const state = p;
  if (!state.current) return startPass(db, state);
  state.next ??= state.current
    .catch(() => undefined)
    .then(() => {
      state.next = undefined;
      return startPass(db, state);
    });
  return state.next;
}

function startPass(db: Db, state: Passes): Promise<Propagated> {
  const pass: Promise<Propagated> = propagateTree(db).finally(() => {
    if (state.current === pass) state.current = undefined;
  });
  state.current = pass;
  return pass;
}

/** How long a sign-up or purchase waits for its propagation before answering (it goes on in the background). */
const AFTER_COMMIT_WAIT_MS = 1_000;

/**
 * Called after a sign-up or purchase has committed, so its answer already shows the new team figures: waits up to a
 * second (an ordinary tree takes milliseconds; the bottom of a 100,000-deep chain seconds, and then the answer does
 * not wait for it). A failure cannot undo what committed: it is logged, and the sweep (propagationTask) retries.
 */
export async function propagateAfterCommit(db: Db, log?: { error: (obj: object, msg: string) => void }) {
  const work = propagateCoalesced(db).catch((err) => {
    log?.error({ err }, 'tree propagation failed; the periodic sweep will retry');
  });
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, AFTER_COMMIT_WAIT_MS);
    timer.unref();
  });
  await Promise.race([work, wait]);
  clearTimeout(timer);
}

/**
 * Propagates every 5 s, for anything a failed or skipped propagation left pending. A step runs to the end (unlike
 * after a commit, nobody waits for its answer), so a stopping server waits for it rather than cutting it off.
 */
export function propagationTask(db: Db): PeriodicTask {
  return {
    name: 'tree propagation',
    every: 5_000,
    step: () => propagateTree(db),
    log: logger('propagation'),
  };
}
