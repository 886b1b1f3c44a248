/**
 * bench/ledger: asset/transfersave over HTTP against pgbench's tpcb-like on the same PostgreSQL server.
 *
 *   node --import tsx bench/ledger/run.ts [--clients 32] [--seconds 20] [--members 2000] [--tcp] [--workers N]
 *     [--hot] [--waits] [--profile dir]
 *
 * The app runs as `npm start` runs it (apps/server/src/main.ts in its own processes) on the same PostgreSQL.
 * Prints transfers/s, p50/p99 latency, errors, pgbench's TPS and the ratio, then checks the ledger invariants.
 * Each client is one member (bench0, bench1, ...) sending to random members: with --members 50 and 32 clients most
 * members send and receive, so several transfers in flight often lock the same account (issue 32's shape).
 * --hot then runs a second measured phase where every client sends to one member that sends nothing (a shop, a
 * sponsor, the company), and prints its own figures against the same pgbench baseline.
 * --waits samples pg_stat_activity and pg_locks during each phase and prints what the backends waited on.
 * Targets: issue 3, at least 0.5x pgbench's TPS with zero errors and the invariants holding; issue 32, at 32 clients
 * over 50 members over TCP, at least 0.6x and p99 <= 100 ms.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import {
  checkLedger,
  createLedger,
  memberAccount,
  platformAccount,
} from '../../apps/server/src/ledger/index.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import {
  cpuPerCall,
  cpuSplit,
  hasWrk,
  type LoadResult,
  log,
  machineBusyMs,
  startAppServer,
} from '../common.ts';
import { insertMembers } from '../seed.ts';
import { sampleWaits } from './waits.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '20' },
    members: { type: 'string', default: '2000' },
    scale: { type: 'string', default: '10' },
    /** PostgreSQL over loopback TCP (pgbench too) instead of its Unix socket. */
    tcp: { type: 'boolean', default: false },
    /** HTTP worker processes of the app (default: npm start's, one per core). */
    workers: { type: 'string' },
    /** Writes CPU profiles of the app's processes to this folder. */
    profile: { type: 'string' },
    /** A second phase: every client sends to one hot member (the last one, which is not a client). */
    hot: { type: 'boolean', default: false },
    /** Samples the backends' wait events and waited locks during each phase, and counts the app's statements. */
    waits: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const SECONDS = Number(args.seconds);
const MEMBERS = Number(args.members);
if (args.hot && MEMBERS <= CLIENTS)
  throw new Error('--hot needs more members than clients (the hot one sends nothing)');
async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-ledger-'));
  const pg = await startEmbeddedPostgres(dir, {
    settings: args.waits ? ['shared_preload_libraries=pg_stat_statements'] : [],
  });
  try {
    const url = new URL(pg.url('postgres'));

    // 1. Baseline: pgbench tpcb-like on its own database of the same server.
    await ensureDatabase(pg.url('postgres'), 'pgbench');
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
    // Both the app and pgbench reach PostgreSQL the same way: through its Unix socket.
    // pgbench and the app reach PostgreSQL the same way: its Unix socket, or loopback TCP with --tcp.
    const conn = ['-h', args.tcp ? '127.0.0.1' : pg.socketDir, '-p', String(pg.port), '-U', 'postgres'];
    execFileSync('pgbench', [...conn, '-i', '-q', '-s', args.scale, 'pgbench'], { env, stdio: 'ignore' });
    log(`pgbench -b tpcb-like -c ${CLIENTS} -j 2 -T ${SECONDS} (scale ${args.scale}) ...`);
    const pgbenchBusyBefore = machineBusyMs();
    const out = execFileSync(
      'pgbench',
      [...conn, '-b', 'tpcb-like', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), 'pgbench'],
      {
        env,
        encoding: 'utf8',
      },
    );
    const pgbenchTps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
    const pgbenchMachineMs = machineBusyMs() - pgbenchBusyBefore;
    const pgbenchCount = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 1);
    log(`pgbench: ${pgbenchTps.toFixed(0)} tps`);

    // 2. The app on its own database of the same server.
    await ensureDatabase(pg.url('postgres'), 'app');
    const appUrl = args.tcp ? pg.url('app') : pg.socketUrl('app');
    const db = createDb(appUrl, 4);
    await migrate(db);
    if (args.waits) await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
    await ensureRoot(db, 'company');
    const txHash = await hashPassword('654321');
    const pwHash = await hashPassword('secret123');
    log(`creating ${MEMBERS} members with 1,000,000 USDT each ...`);
    const ids = await insertMembers(db, {
      prefix: 'bench',
      count: MEMBERS,
      passwordHash: pwHash,
      txPasswordHash: txHash,
    });
    const ledger = createLedger(db);
    for (let i = 0; i < ids.length; i += 200) {
      await ledger.operation(
        { key: `bench-fund-${i}`, kind: 'fund', memberId: null, request: {} },
        async (op) => {
          await op.post(
            ids.slice(i, i + 200).map((id) => ({
              debit: platformAccount('adjustments', 'USDT'),
              credit: memberAccount(id, 'funds', 'USDT'),
              amount: 1_000_000_000_000n,
              kind: 'adjustment',
            })),
          );
          return 'ok';
        },
      );
    }

    // The app as `npm start` runs it: its own process(es), production mode, on this PostgreSQL.
    await db.destroy();
    const port = await freePort();
    const server = await startAppServer(
      {
        DATABASE_URL: appUrl,
        DATA_DIR: dir,
        DEMO_DATA: '0',
        GLOBAL_LIMIT_PER_MINUTE: '100000000',
        LOGIN_LIMIT_PER_MINUTE: '100000000',
        // PostgreSQL runs on this machine, as npm start's embedded one does: the same default, a core left to it.
        WORKERS: args.workers ?? String(Math.max(1, availableParallelism() - 1)),
      },
      port,
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

    const post = (name: string, body: object, token?: string) =>
      new Promise<{ status: number; body: { status: number; data?: { token?: string } } }>(
        (resolve, reject) => {
          const payload = JSON.stringify(body);
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              path: `/api/${name}`,
              method: 'POST',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
            },
            (res) => {
              let data = '';
              res.on('data', (c) => {
                data += c;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
            },
          );
          req.on('error', reject);
          req.end(payload);
        },
      );

    // Each client acts as one member (its own session), sending to random members.
    const tokens: string[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const login = await post('Logon/login', { username: `bench${c}`, password: 'secret123' });
      tokens.push(login.body.data?.token ?? '');
    }
    // Warm-up: the first transaction-password check of each session is the slow argon2id one.
    await Promise.all(
      tokens.map((token, c) =>
        post(
          'asset/transfersave',
          {
            to_userid: `bench${(c + 1) % MEMBERS}`,
            amount: '0.01',
            wallet: 'funds',
            tx_password: '654321',
            idempotency_key: `warm-${c}`,
          },
          token,
        ),
      ),
    );

    // wrk (Debian's package; C, like pgbench's client) when installed, else the Node load generator.
    const useWrk = hasWrk();
    log(`load generator: ${useWrk ? 'wrk' : 'node (apt-get install wrk for a lighter one)'}`);
    /** `hot`: the index of the member every client sends to; otherwise random members. */
    const runLoad = (seconds: number, hot?: number) =>
      new Promise<string>((resolve, reject) => {
        const done = (err: Error | null, stdout: string) => (err ? reject(err) : resolve(stdout));
        if (useWrk) {
          execFile(
            'wrk',
            [
              '-t2',
              `-c${CLIENTS}`,
              `-d${seconds}s`,
              '-s',
              path.join(import.meta.dirname, 'transfers.lua'),
              `http://127.0.0.1:${port}/`,
            ],
            {
              env: {
                ...process.env,
                BENCH_TOKENS: tokens.join(','),
                BENCH_MEMBERS: String(MEMBERS),
                BENCH_HOT: hot === undefined ? '' : String(hot),
              },
              maxBuffer: 1 << 20,
            },
            done,
          );
        } else {
          const job = JSON.stringify({ port, tokens, seconds, members: MEMBERS, hot });
          execFile(
            process.execPath,
            ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), job],
            { maxBuffer: 1 << 20 },
            done,
          );
        }
      });

    /** One measured phase: a short warm-up (JIT, caches, connections), then the run, then its figures. */
    const phase = async (label: string, hot?: number) => {
      log('');
      log(
        `${label}: asset/transfersave over HTTP, ${CLIENTS} clients, ${SECONDS} s (load from a separate process) ...`,
      );
      await runLoad(3, hot);
      const waits = args.waits ? sampleWaits(appUrl, 'app') : undefined;
      const cpuBefore = cpuSplit(server.child.pid ?? 0, pg.pid());
      const busyBefore = machineBusyMs();
      const loadOut = await runLoad(SECONDS, hot);
      const load = JSON.parse(loadOut.trim().split('\n').pop() ?? '{}') as LoadResult;
      const cpuAfter = cpuSplit(server.child.pid ?? 0, pg.pid());
      const machineMs = machineBusyMs() - busyBefore;
      const tps = load.count / load.elapsed;
      log(`${label} transfers:     ${load.count} in ${load.elapsed.toFixed(1)} s, errors ${load.errors}`);
      log(`${label} transfers/s:   ${tps.toFixed(0)}`);
      log(
        `${label} latency p50:   ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms (target <= 100 ms)`,
      );
      log(`${label} pgbench tps:   ${pgbenchTps.toFixed(0)}`);
      log(`${label} ratio:         ${(tps / pgbenchTps).toFixed(2)}x pgbench (target >= 0.60x)`);
      log(`${cpuPerCall(cpuBefore, cpuAfter, load.count)}`);
      log(
        `whole machine ${((machineMs / load.count) * 1000).toFixed(0)} µs per transfer ` +
          `(pgbench's whole transaction: ${((pgbenchMachineMs / pgbenchCount) * 1000).toFixed(0)} µs)`,
      );
      if (waits) log(await waits.stop(load.count));
      return load.errors + (load.socket_errors ?? 0);
    };

    let errors = await phase('spread');
    // The hot member is the last one, which no client logs in as: it only receives.
    if (args.hot) errors += await phase('hot', MEMBERS - 1);
    const checkDb = createDb(appUrl, 2);
    const health = await checkLedger(checkDb);
    await checkDb.destroy();
    log(
      `invariants:    ${health.healthy ? 'hold' : `BROKEN: ${health.problems.join('; ')}`} (${health.transfers} transfers)`,
    );
    agent.destroy();
    await server.stop();
    if (errors > 0 || !health.healthy) process.exitCode = 1;
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
