/**
 * bench/paper: market orders on the paper exchange over HTTP against pgbench's tpcb-like on the same PostgreSQL
 * server, then the ticker stream with thousands of connected clients.
 *
 *   node --import tsx bench/paper/run.ts [--clients 200] [--seconds 20] [--tcp] [--workers N]
 *                                        [--stream-clients 2000] [--stream-seconds 20] [--only orders|stream]
 *
 * The app runs as `npm start` runs it (apps/server/src/main.ts in its own processes, with its market feed) on the
 * same PostgreSQL. Orders: `clients` members, each with a session, place small market buys and sells of BTC and ETH
 * on their demo accounts (Online/SaveOrder) from wrk; prints orders/s, latency, errors, and pgbench's TPS at the
 * same number of clients and at 32 (its better count on this machine); the ratio is taken against the better.
 * Then checks that every order acknowledged exists once and no paper balance went below zero.
 * Stream: `stream-clients` connections to /api/stream/tickers receive the feed's update each second; prints the
 * delivery lag (arrival minus the feed's time for those prices), its p99 and how many updates each client got.
 * Targets (issue 11): orders >= 0.4x pgbench; stream p99 <= 200 ms with every client served.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import {
  apiPost,
  cpuPerCall,
  cpuSplit,
  hasWrk,
  type LoadResult,
  log,
  machineBusyMs,
  runWrk,
  startAppServer,
} from '../common.ts';
import { bestOf, type PgbenchResult, printStatements, runPgbench } from '../pgbench.ts';
import { insertMembers } from '../seed.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    scale: { type: 'string', default: '10' },
    /** PostgreSQL over loopback TCP (pgbench too) instead of its Unix socket. */
    tcp: { type: 'boolean', default: false },
    /** HTTP worker processes of the app (default: npm start's). */
    workers: { type: 'string' },
    'stream-clients': { type: 'string', default: '2000' },
    'stream-seconds': { type: 'string', default: '20' },
    only: { type: 'string' },
    /** Writes CPU profiles of the app's processes to this folder. */
    profile: { type: 'string' },
    /** Prints the app's statements that took PostgreSQL the most time (pg_stat_statements). */
    statements: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const STREAM_CLIENTS = Number(args['stream-clients']);
const STREAM_SECONDS = Number(args['stream-seconds']);
const doOrders = args.only !== 'stream';
const doStream = args.only !== 'orders';

type StreamResult = {
  clients: number;
  failed: number;
  dropped: number;
  connectMs: number;
  elapsed: number;
  updates: number;
  perClientMin: number;
  perClientMedian: number;
  p50: number;
  p99: number;
  max: number;
};

async function main() {
  if (doOrders && !hasWrk()) throw new Error('bench/paper needs wrk: apt-get install -y wrk');
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-paper-'));
  const pg = await startEmbeddedPostgres(dir, {
    settings: args.statements ? ['shared_preload_libraries=pg_stat_statements'] : [],
  });
  let failed = false;
  try {
    log(`PostgreSQL over ${args.tcp ? 'loopback TCP' : 'its Unix socket'}`);
    // 1. Baseline: pgbench at the same clients and at 32.
    const pgbench = doOrders
      ? await runPgbench(pg, { tcp: args.tcp, scale: args.scale, seconds: SECONDS, clients: [CLIENTS, 32] })
      : [];

    // 2. The app on its own database of the same server, with CLIENTS members.
    await ensureDatabase(pg.url('postgres'), 'app');
    const appUrl = args.tcp ? pg.url('app') : pg.socketUrl('app');
    const db = createDb(appUrl, 4);
    await migrate(db);
    await ensureRoot(db, 'company');
    if (args.statements) await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
    const pwHash = await hashPassword('secret123');
    await insertMembers(db, {
      prefix: 'trader',
      count: CLIENTS,
      passwordHash: pwHash,
      txPasswordHash: pwHash,
    });

    const port = await freePort();
    log('starting the app (npm start’s server, with its market feed) ...');
    const server = await startAppServer(
      {
        DATABASE_URL: appUrl,
        DATA_DIR: dir,
        DEMO_DATA: '0',
        GLOBAL_LIMIT_PER_MINUTE: '100000000',
        LOGIN_LIMIT_PER_MINUTE: '100000000',
        STREAM_LIMIT_PER_IP: String(STREAM_CLIENTS + 100),
        // PostgreSQL runs on this machine, as npm start's embedded one does: the same default, a core left to it.
        WORKERS: args.workers ?? String(Math.max(1, availableParallelism() - 1)),
      },
      port,
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    );
    try {
      // The feed's first step makes the price history; orders need its tickers.
      const deadline = Date.now() + 180_000;
      for (;;) {
        const markets = await apiPost<{ list: { last: string }[] }>(port, 'Online/GetcMarket', {});
        if (markets.list.length > 0) break;
        if (Date.now() > deadline) throw new Error('the market feed made no prices');
        await new Promise((r) => setTimeout(r, 500));
      }
      if (doOrders)
        failed =
          (await benchOrders(port, { app: server.child.pid ?? 0, postgres: pg.pid() }, appUrl, pgbench)) ||
          failed;
      if (args.statements) await printStatements(db);
      if (doStream) failed = (await benchStream(port)) || failed;
    } finally {
      await db.destroy();
      await server.stop();
    }
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

/** Returns true when something failed (errors, a duplicate or lost order, a negative balance). */
async function benchOrders(
  port: number,
  pids: { app: number; postgres?: number },
  appUrl: string,
  pgbench: PgbenchResult[],
): Promise<boolean> {
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const login = await apiPost<{ token: string }>(port, 'Logon/login', {
      username: `trader${c}`,
      password: 'secret123',
    });
    tokens.push(login.token);
  }
  // Each member's demo account starts with 10,000 USDT; a first buy of each coin leaves room to sell.
  log(`${CLIENTS} members buy 0.02 BTC and 0.5 ETH on their demo accounts ...`);
  let placed = 0;
  for (let i = 0; i < tokens.length; i += 20) {
    await Promise.all(
      tokens.slice(i, i + 20).flatMap((token, k) =>
        [
          { symbol: 'BTC/USDT', amount: '0.02' },
          { symbol: 'ETH/USDT', amount: '0.5' },
        ].map((o) =>
          apiPost(
            port,
            'Online/SaveOrder',
            {
              account: 'demo',
              ...o,
              side: 'buy',
              type: 'market',
              idempotency_key: `first-${i + k}-${o.symbol}`,
            },
            token,
          ),
        ),
      ),
    );
    placed += Math.min(20, tokens.length - i) * 2;
  }

  const script = path.join(import.meta.dirname, 'orders.lua');
  const run = (seconds: number) =>
    runWrk({
      url: `http://127.0.0.1:${port}/`,
      script,
      connections: CLIENTS,
      seconds,
      threads: 2,
      env: { BENCH_TOKENS: tokens.join(','), BENCH_THREADS: '2' },
    });
  log(
    `Online/SaveOrder (market, demo account) over HTTP, ${CLIENTS} connections, ${SECONDS} s, from wrk ...`,
  );
  const warm = (await run(3)) as LoadResult & { sample?: string };
  const cpuBefore = cpuSplit(pids.app, pids.postgres);
  const busyBefore = machineBusyMs();
  const load = (await run(SECONDS)) as LoadResult & { sample?: string };
  const cpuAfter = cpuSplit(pids.app, pids.postgres);
  const machineMs = machineBusyMs() - busyBefore;
  placed += warm.count - warm.errors + load.count - load.errors;

  const ops = load.count / load.elapsed;
  const best = bestOf(pgbench);
  log('');
  log(
    `orders:        ${load.count} in ${load.elapsed.toFixed(1)} s, errors ${load.errors + warm.errors}, ` +
      `socket errors and timeouts ${load.socket_errors ?? 0}`,
  );
  if (load.sample || warm.sample) log(`a refusal:     ${load.sample || warm.sample}`);
  log(`orders/s:      ${ops.toFixed(0)}`);
  log(`latency p50:   ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`);
  for (const p of pgbench) log(`pgbench tps:   ${p.tps.toFixed(0)} at ${p.clients} clients`);
  log(`ratio:         ${(ops / best.tps).toFixed(2)}x pgbench at ${best.clients} clients (target >= 0.40x)`);
  log(cpuPerCall(cpuBefore, cpuAfter, load.count));
  log(`whole machine ${((machineMs / load.count) * 1000).toFixed(0)} µs per order`);

  // Every acknowledged order is there once, filled; no paper balance below zero.
  const check = createDb(appUrl, 2);
  const orders = await check
    .selectFrom('trade_orders')
    .select([
      sql<string>`count(*)`.as('n'),
      sql<string>`count(*) FILTER (WHERE state <> 'filled')`.as('unfilled'),
    ])
    .executeTakeFirstOrThrow();
  const negative = await check
    .selectFrom('paper_balances')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('free', '<', '0'), eb('used', '<', '0')]))
    .executeTakeFirstOrThrow();
  await check.destroy();
  // wrk stops with up to one request per connection in flight: the server may still place those.
  const inFlight = 2 * CLIENTS;
  const ok =
    Number(orders.n) >= placed &&
    Number(orders.n) <= placed + inFlight &&
    Number(orders.unfilled) === 0 &&
    Number(negative.n) === 0 &&
    load.errors + warm.errors + (load.socket_errors ?? 0) === 0;
  log(
    `check:         ${orders.n} orders stored for ${placed} acknowledged (and up to ${inFlight} in flight), ` +
      `${orders.unfilled} not filled, ` +
      `${negative.n} balances below zero: ${ok ? 'good' : 'BROKEN'}`,
  );
  return !ok;
}

/** Returns true when the stream missed its mark of serving every client. */
async function benchStream(port: number): Promise<boolean> {
  log('');
  log(`ticker stream: ${STREAM_CLIENTS} clients for ${STREAM_SECONDS} s (clients in a separate process) ...`);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'stream-clients.ts'),
        JSON.stringify({ port, clients: STREAM_CLIENTS, seconds: STREAM_SECONDS }),
      ],
      { maxBuffer: 1 << 20 },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    ),
  );
  const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as StreamResult;
  log(
    `connected:     ${r.clients - r.failed} of ${r.clients} in ${(r.connectMs / 1000).toFixed(1)} s, ${r.dropped} dropped`,
  );
  log(
    `updates:       ${r.updates} in ${r.elapsed.toFixed(1)} s (${(r.updates / r.elapsed).toFixed(0)}/s), ` +
      `per client min ${r.perClientMin}, median ${r.perClientMedian}`,
  );
  log(`delivery lag:  p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (target p99 <= 200 ms)`);
  return r.failed > 0 || r.dropped > 0 || r.perClientMin < Math.floor(STREAM_SECONDS * 0.9);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
