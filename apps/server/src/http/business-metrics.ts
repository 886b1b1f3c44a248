import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../platform/deps.ts';
import { checkLedger } from '../ledger/invariants.ts';
import type { ReadinessChecks } from './health.ts';

/**
 * The business gauges of /metrics (metrics.ts), read from the database (and the chain's node) by the answering process
 * at scrape time and cached 15 s: the same figures whichever process answers, so they are never summed. The ledger's
 * invariant check is heavy: it runs at most once a minute, in the background after the first.
 */
const BUSINESS_CACHE_MS = 15_000;
const LEDGER_CHECK_EVERY_MS = 60_000;
/** How long the first scrape waits for the first ledger check (a large ledger takes longer: the next scrape has it). */
const LEDGER_FIRST_WAIT_MS = 5_000;
/** A payout not confirmed this long after it was queued is stuck. */
const PAYOUT_STUCK_MS = 10 * 60_000;

type Snapshot = {
  jobs: {
    job: string;
    runs: number;
    failed: number;
    running: number;
    lastDuration: number;
    lastFinished: number;
  }[];
  payoutsPending: number;
  payoutsStuck: number;
  payoutsPendingUsdt: number;
  payoutsFailed: number;
  marketFeedAge: number | undefined;
  botsInError: number;
  campaignsRunning: number;
  lockouts: { kind: string; n: number }[];
  cursors: { chainId: number; next: number; age: number }[];
  chain?: { head?: number; usdt?: number; gas?: number; rpcUp: boolean };
  purged: { kind: string; n: number }[];
  reserves: { published?: number; duration?: number; ratio?: number; refused: number };
};

const num = (v: unknown) => Number(v ?? 0);
const seconds = (ms: number) => Math.max(0, ms / 1000);

async function readSnapshot(db: Db, now: Date, chain: () => Promise<Snapshot['chain']>): Promise<Snapshot> {
  const stuckBefore = new Date(now.getTime() - PAYOUT_STUCK_MS);
  const hourAgo = new Date(now.getTime() - 3600_000);
  const [jobs, payouts, failedPayouts, tickers, bots, campaigns, lockouts, cursors, purged, chainState] =
    await Promise.all([
      sql<{
        job: string;
        runs: string;
        failed: string;
        running: string;
        last_duration: string | null;
        last_finished: string | null;
      }>`select job, sum(runs)::text runs,
         count(*) filter (where status = 'failed')::text failed,
         count(*) filter (where status = 'running')::text running,
         (array_agg(extract(epoch from finished_at - started_at) order by finished_at desc nulls last))[1]::text last_duration,
         extract(epoch from max(finished_at))::text last_finished
       from job_runs group by job`.execute(db),
      sql<{ pending: string; stuck: string; usdt: string }>`select count(*)::text pending,
         count(*) filter (where created_at < ${stuckBefore})::text stuck,
         coalesce(sum(amount), 0)::text usdt
       from chain_sends where kind = 'payout' and state in ('queued', 'signed', 'broadcast')`.execute(db),
      sql<{ n: string }>`select count(*)::text n from withdrawals where payout_state = 'failed'`.execute(db),
      sql<{ at: Date | null }>`select max(at) at from market_tickers`.execute(db),
      sql<{ n: string }>`select count(*)::text n from bots where state = 'error'`.execute(db),
      sql<{ n: string }>`select count(*)::text n from airdrop_campaigns where status = 'running'`.execute(db),
      sql<{ kind: string; n: string }>`select kind, count(*)::text n from security_events
       where kind like 'lockout\\_%' and at > ${hourAgo} group by kind`.execute(db),
      sql<{
        chain_id: number;
        next_block: string;
        updated_at: Date;
      }>`select chain_id, next_block::text, updated_at
       from chain_cursors`.execute(db),
      // What the latest finished retention run purged, per kind (jobs/retention.ts records it as the run's amounts).
      sql<{ kind: string; n: string }>`select key kind, value n from job_runs, jsonb_each_text(amounts)
       where job = 'retention' and run_date = (select max(run_date) from job_runs where job = 'retention' and status = 'done')`.execute(
        db,
      ),
      chain(),
    ]);
  const at = tickers.rows[0]?.at;
  return {
    jobs: jobs.rows.map((r) => ({
      job: r.job,
      runs: num(r.runs),
      failed: num(r.failed),
      running: num(r.running),
      lastDuration: num(r.last_duration),
      lastFinished: num(r.last_finished),
    })),
    payoutsPending: num(payouts.rows[0]?.pending),
    payoutsStuck: num(payouts.rows[0]?.stuck),
    payoutsPendingUsdt: num(payouts.rows[0]?.usdt) / 1e6,
    payoutsFailed: num(failedPayouts.rows[0]?.n),
    marketFeedAge: at ? seconds(now.getTime() - new Date(at).getTime()) : undefined,
    botsInError: num(bots.rows[0]?.n),
    campaignsRunning: num(campaigns.rows[0]?.n),
    lockouts: lockouts.rows.map((r) => ({ kind: r.kind, n: num(r.n) })),
    cursors: cursors.rows.map((r) => ({
      chainId: r.chain_id,
      next: num(r.next_block),
      age: seconds(now.getTime() - new Date(r.updated_at).getTime()),
    })),
    purged: purged.rows.map((r) => ({ kind: r.kind, n: num(r.n) })),
    chain: chainState,
    reserves: await reservesFigures(db),
  };
}

/**
 * The proof-of-reserves snapshots (issue 31): the latest published one's time, build time and ratio (reserves over
 * liabilities), and whether the latest finished one was refused.
 */
async function reservesFigures(db: Db): Promise<Snapshot['reserves']> {
  const [published, last] = await Promise.all([
    sql<{ at: string; ms: number | null; total: string | null; reserves: string | null }>`
      select extract(epoch from finished_at)::text at, duration_ms ms, total::text, reserves_total::text reserves
      from reserve_snapshots where state = 'published' order by id desc limit 1`.execute(db),
    sql<{ state: string }>`select state from reserve_snapshots where state <> 'building'
      order by id desc limit 1`.execute(db),
  ]);
  const p = published.rows[0];
  const owed = num(p?.total);
  return {
    published: p ? num(p.at) : undefined,
    duration: p?.ms == null ? undefined : p.ms / 1000,
    ratio: p && owed > 0 ? num(p.reserves) / owed : undefined,
    refused: last.rows[0]?.state === 'refused' ? 1 : 0,
  };
}

/** The chain's head and the hot wallet's balances, from the node (three small RPC calls per refresh). */
function chainReader(c: ChainConfig | undefined) {
  let client: PublicClient | undefined;
  return async (): Promise<Snapshot['chain']> => {
    if (!c) return undefined;
    client ??= createPublicClient({
      transport: http(c.rpcUrl, { timeout: 3_000, retryCount: 0 }),
    }) as PublicClient;
    const rpc = client;
    const hot = c.hotWallet as Address | undefined;
    const [head, usdt, gas] = await Promise.all([
      rpc.getBlockNumber({ cacheTime: 0 }).catch(() => undefined),
      hot
        ? rpc
            .readContract({ address: c.token, abi: erc20Abi, functionName: 'balanceOf', args: [hot] })
            .catch(() => undefined)
        : undefined,
      hot ? rpc.getBalance({ address: hot }).catch(() => undefined) : undefined,
    ]);
    return {
      rpcUp: head !== undefined,
      head: head === undefined ? undefined : Number(head),
      usdt: usdt === undefined ? undefined : Number(usdt) / 1e6,
      gas: gas === undefined ? undefined : Number(gas) / 1e18,
    };
  };
}

/** The proof-of-reserves gauges (issue 31): the latest snapshot's health. */
function reserveGauges(gauge: (name: string, help: string) => Gauge) {
  return {
    reservesPublished: gauge(
      'mp_reserves_last_published_timestamp_seconds',
      'When the latest proof-of-reserves snapshot was published',
    ),
    reservesDuration: gauge(
      'mp_reserves_last_duration_seconds',
      'How long the latest published snapshot took',
    ),
    reservesRatio: gauge(
      'mp_reserves_ratio',
      'Reserves on chain over liabilities at the latest published snapshot (1 = fully backed)',
    ),
    reservesRefused: gauge('mp_reserves_last_refused', '1 when the latest finished snapshot was refused'),
  };
}

type ReserveGauges = ReturnType<typeof reserveGauges>;

function setReserves(g: ReserveGauges, r: Snapshot['reserves']) {
  g.reservesRefused.set(r.refused);
  if (r.published !== undefined) g.reservesPublished.set(r.published);
  if (r.duration !== undefined) g.reservesDuration.set(r.duration);
  if (r.ratio !== undefined) g.reservesRatio.set(r.ratio);
}

type LedgerState = { healthy: boolean; problems: number; checkedAt: number };

/** One app's business registry: gauges filled from a snapshot read at most every 15 s (one read at a time). */
export function businessRegistry(deps: Pick<Deps, 'db' | 'clock' | 'config'>, readiness: ReadinessChecks) {
  const registry = new Registry();
  const chain = chainReader(deps.config.chain);
  let snapshot: { at: number; value: Snapshot } | undefined;
  let reading: Promise<Snapshot> | undefined;
  let ledger: LedgerState | undefined;
  let ledgerRun: Promise<void> | undefined;
  let ledgerTriedAt = 0;

  async function current(): Promise<Snapshot | undefined> {
    if (snapshot && Date.now() - snapshot.at < BUSINESS_CACHE_MS) return snapshot.value;
    reading ??= readSnapshot(deps.db, deps.clock.now(), chain).finally(() => {
      reading = undefined;
    });
    try {
      const value = await reading;
      snapshot = { at: Date.now(), value };
      return value;
    } catch {
      return undefined;
    }
  }

  /** The invariant check, one at a time; a check that could not run (the database away) keeps the last result. */
  function ledgerCheck(): Promise<void> {
    ledgerTriedAt = Date.now();
    ledgerRun ??= checkLedger(deps.db)
      .then(
        (h) => {
          ledger = { healthy: h.healthy, problems: h.problems.length, checkedAt: Date.now() };
        },
        () => {},
      )
      .finally(() => {
        ledgerRun = undefined;
      });
    return ledgerRun;
  }

  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });

  const g = {
    up: gauge(
      'mp_business_metrics_up',
      '1 when the database figures below were read at this scrape (or 15 s before)',
    ),
    ready: gauge('mp_ready', '1 when /readyz answers 200 (database, migrations, Redis when configured)'),
    jobRuns: gauge('mp_job_runs', 'Runs of each daily job (all dates, re-runs included)', ['job']),
    jobFailed: gauge('mp_job_failed', 'Dates whose latest run of the job failed', ['job']),
    jobRunning: gauge('mp_job_running', 'Dates whose run of the job is going on (or died unfinished)', [
      'job',
    ]),
    jobDuration: gauge('mp_job_last_duration_seconds', 'How long the latest finished run of the job took', [
      'job',
    ]),
    jobFinished: gauge('mp_job_last_finished_timestamp_seconds', 'When the latest run of the job finished', [
      'job',
    ]),
    scannerLag: gauge(
      'mp_chain_scanner_lag_blocks',
      "Blocks between the chain's head and the deposit scanner",
    ),
    cursorAge: gauge(
      'mp_chain_scanner_cursor_age_seconds',
      "Time since the deposit scanner's cursor last moved",
      ['chain_id'],
    ),
    rpcUp: gauge('mp_chain_rpc_up', "1 when the chain's node answered"),
    hotUsdt: gauge('mp_hot_wallet_usdt', "The hot wallet's USDT on chain (payouts are paid from it)"),
    hotGas: gauge('mp_hot_wallet_gas', "The hot wallet's native coin for gas (ETH, BNB, ...)"),
    payoutsPending: gauge(
      'mp_payouts_pending',
      'On-chain payouts queued, signed or broadcast, not yet confirmed',
    ),
    payoutsStuck: gauge('mp_payouts_stuck', 'Pending on-chain payouts queued more than 10 minutes ago'),
    payoutsPendingUsdt: gauge('mp_payouts_pending_usdt', 'USDT of the pending on-chain payouts'),
    payoutsFailed: gauge('mp_payouts_failed', 'Withdrawals whose on-chain payout failed (an admin must act)'),
    ledgerHealthy: gauge(
      'mp_ledger_healthy',
      '1 when the ledger invariants hold (checked at most once a minute)',
    ),
    ledgerProblems: gauge('mp_ledger_problems', 'Problems the latest ledger check found'),
    ledgerAge: gauge('mp_ledger_check_age_seconds', 'Time since the latest ledger check that ran'),
    feedAge: gauge('mp_market_feed_age_seconds', 'Age of the newest market ticker'),
    botsError: gauge('mp_bots_in_error', 'Trading bots stopped in error'),
    campaignsRunning: gauge(
      'mp_airdrop_campaigns_running',
      'Airdrop campaigns not finished yet (under way, or waiting for a server to continue them)',
    ),
    lockouts: gauge('mp_security_lockouts_last_hour', 'Lockouts in the last hour, by factor', ['kind']),
    ...reserveGauges(gauge),
    purged: gauge(
      'mp_retention_purged_rows',
      "Rows the latest retention run purged, by kind (its day's total)",
      ['kind'],
    ),
  };

  async function collect() {
    const [snap, ready] = await Promise.all([current(), readiness.check()]);
    g.ready.set(ready.ready ? 1 : 0);
    g.up.set(snap ? 1 : 0);
    // The first scrape waits for the first check a little; later ones start the next check and do not wait for it.
    if (Date.now() - ledgerTriedAt >= LEDGER_CHECK_EVERY_MS) {
      const run = ledgerCheck();
      if (!ledger) await Promise.race([run, new Promise((r) => setTimeout(r, LEDGER_FIRST_WAIT_MS).unref())]);
    }
    if (ledger) {
      g.ledgerHealthy.set(ledger.healthy ? 1 : 0);
      g.ledgerProblems.set(ledger.problems);
      g.ledgerAge.set(seconds(Date.now() - ledger.checkedAt));
    }
    if (!snap) return;
    for (const m of [
      g.jobRuns,
      g.jobFailed,
      g.jobRunning,
      g.jobDuration,
      g.jobFinished,
      g.lockouts,
      g.cursorAge,
      g.purged,
    ])
      m.reset();
    for (const j of snap.jobs) {
      g.jobRuns.set({ job: j.job }, j.runs);
      g.jobFailed.set({ job: j.job }, j.failed);
      g.jobRunning.set({ job: j.job }, j.running);
      g.jobDuration.set({ job: j.job }, j.lastDuration);
      if (j.lastFinished) g.jobFinished.set({ job: j.job }, j.lastFinished);
    }
    g.payoutsPending.set(snap.payoutsPending);
    g.payoutsStuck.set(snap.payoutsStuck);
    g.payoutsPendingUsdt.set(snap.payoutsPendingUsdt);
    g.payoutsFailed.set(snap.payoutsFailed);
    if (snap.marketFeedAge !== undefined) g.feedAge.set(snap.marketFeedAge);
    g.botsError.set(snap.botsInError);
    g.campaignsRunning.set(snap.campaignsRunning);
    for (const l of snap.lockouts) g.lockouts.set({ kind: l.kind }, l.n);
    for (const p of snap.purged) g.purged.set({ kind: p.kind }, p.n);
    for (const c of snap.cursors) g.cursorAge.set({ chain_id: String(c.chainId) }, c.age);
    setReserves(g, snap.reserves);
    const c = deps.config.chain;
    if (c && snap.chain) {
      g.rpcUp.set(snap.chain.rpcUp ? 1 : 0);
      const cursor = snap.cursors.find((x) => x.chainId === c.chainId);
      if (snap.chain.head !== undefined && cursor)
        g.scannerLag.set(Math.max(0, snap.chain.head + 1 - cursor.next));
      if (snap.chain.usdt !== undefined) g.hotUsdt.set(snap.chain.usdt);
      if (snap.chain.gas !== undefined) g.hotGas.set(snap.chain.gas);
    }
  }

  return { registry, collect };
}
