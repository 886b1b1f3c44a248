/**
 * bench/reads: authenticated and public GET calls of `npm start`'s own server against a bare Node HTTP server,
 * measured in the same run with the same load generator (wrk, 64 connections).
 *
 *   node --import tsx bench/reads/run.ts [--connections 64] [--seconds 10] [--members 50] [--tcp]
 *
 * The app runs as `npm start` runs it (apps/server/src/main.ts, its own process, production mode) on a PostgreSQL
 * started here, reached through its Unix socket, or over TCP with --tcp. Target (issue 16): each call >= 0.25x the
 * bare server with p99 <= 20 ms.
 *
 * With --content (bench/content, issue 13): 20 published news items in three languages and 3 sliders, and the
 * calls Home/getAllNews and Main/sliderImgs anonymous (`:anon`) and logged in. Target: >= 0.3x bare, p99 <= 20 ms.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { createLedger, memberAccount, platformAccount } from '../../apps/server/src/ledger/index.ts';
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
import { insertMembers } from '../seed.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '64' },
    seconds: { type: 'string', default: '10' },
    members: { type: 'string', default: '50' },
    tcp: { type: 'boolean', default: false },
    /** Writes a CPU profile of the app server to this folder (open it in Chrome's DevTools). */
    profile: { type: 'string' },
    /** HTTP worker processes (default: npm start's with its embedded PostgreSQL, a core left to the database). */
    workers: { type: 'string' },
    calls: { type: 'string' },
    content: { type: 'boolean', default: false },
  },
});
const CONTENT_CALLS = 'Home/getAllNews:anon,Home/getAllNews,Main/sliderImgs:anon,Main/sliderImgs';
const READ_CALLS = 'Member/getinfoc,asset/getwalletbalance,Index/getdata';
const TARGET_RATIO = args.content ? 0.3 : 0.25;
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const MEMBERS = Number(args.members);
const SCRIPT = path.join(import.meta.dirname, 'reads.lua');
/** The spec makes these reads POST calls (only four of its calls are GET). */
const POST_CALLS = new Set([
  'asset/getwalletbalance',
  'asset/walletoverview',
  'member/getprofile',
  'home/getallnews',
  'main/sliderimgs',
]);

async function seedMembers(url: string): Promise<void> {
  const db = createDb(url, 4);
  await migrate(db);
  await ensureRoot(db, 'company');
  const pwHash = await hashPassword('secret123');
  const ids = await insertMembers(db, {
    prefix: 'reader',
    count: MEMBERS,
    passwordHash: pwHash,
    txPasswordHash: pwHash,
    named: true,
  });
  await createLedger(db).operation(
    { key: 'bench-reads-fund', kind: 'fund', memberId: null, request: {} },
    async (op) => {
      await op.post(
        ids.flatMap((id) => [
          {
            debit: platformAccount('adjustments', 'USDT'),
            credit: memberAccount(id, 'funds', 'USDT'),
            amount: 1_000_000_000n,
            kind: 'adjustment',
          },
          {
            debit: platformAccount('adjustments', 'USDT'),
            credit: memberAccount(id, 'deposit', 'USDT'),
            amount: 25_000_000n,
            kind: 'adjustment',
          },
        ]),
      );
      return 'ok';
    },
  );
  if (args.content) await seedContent(db);
  await db.destroy();
}

/** Published news in three languages with pictures, and sliders, as the CMS makes them (bench --content). */
async function seedContent(db: ReturnType<typeof createDb>): Promise<void> {
  const picture = await db
    .insertInto('uploads')
    .values({ file_name: 'bench.png', kind: 'image', content_type: 'image/png', bytes: 100 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 23; i++) {
    const kind = i < 20 ? 'news' : 'slider';
    const item = await db
      .insertInto('content_items')
      .values({
        kind,
        published: true,
        publish_at: new Date(Date.now() - i * 3_600_000),
        image_id: picture.id,
        sort_order: i,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('content_texts')
      .values(
        (['en-US', 'zh-CN', 'bm-MY'] as const).map((lang) => ({
          item_id: item.id,
          lang,
          title: `${kind} ${i} ${lang}`,
          summary: 'A summary of the article, as the list shows it under the title.',
          body_html: `<p>${'Body text. '.repeat(40)}</p>`,
        })),
      )
      .execute();
  }
}

async function startBare(port: number) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare.mjs'), String(port), '220'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

const fmt = (r: LoadResult) =>
  `${(r.count / r.elapsed).toFixed(0).padStart(7)}/s  p50 ${r.p50.toFixed(1).padStart(5)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms${r.errors || r.socket_errors ? `  ERRORS ${r.errors + (r.socket_errors ?? 0)}` : ''}`;

async function main() {
  if (!hasWrk()) throw new Error('bench/reads needs wrk (apt-get install wrk)');
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-reads-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user when we are root
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'));
  let failed = false;
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const url = args.tcp ? pg.url('app') : pg.socketUrl('app');
    log(`PostgreSQL over ${args.tcp ? 'TCP (127.0.0.1)' : 'its Unix socket'}; ${MEMBERS} members`);
    await seedMembers(url);

    const appPort = await freePort();
    const app = await startAppServer(
      {
        DATABASE_URL: url,
        DATA_DIR: dir,
        DEMO_DATA: '0',
        GLOBAL_LIMIT_PER_MINUTE: '1000000000',
        LOGIN_LIMIT_PER_MINUTE: '1000000000',
        WORKERS: args.workers ?? String(Math.max(1, availableParallelism() - 1)),
      },
      appPort,
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    );
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const login = await apiPost<{ token: string }>(appPort, 'Logon/login', {
        username: `reader${i}`,
        password: 'secret123',
      });
      tokens.push(login.token);
    }
    const barePort = await freePort();
    const bare = await startBare(barePort);

    const load = (port: number, call: string, seconds: number, auth: boolean) =>
      runWrk({
        url: `http://127.0.0.1:${port}/`,
        script: SCRIPT,
        connections: CONNECTIONS,
        seconds,
        env: {
          BENCH_PATH: `/api/${callName(call)}`,
          BENCH_METHOD: POST_CALLS.has(callName(call).toLowerCase()) ? 'POST' : 'GET',
          BENCH_TOKENS: auth ? tokens.join(',') : '',
        },
      });
    const calls = (args.calls ?? (args.content ? CONTENT_CALLS : READ_CALLS)).split(',');
    const publicCall = (c: string) => c.toLowerCase().startsWith('index/') || c.endsWith(':anon');
    const callName = (c: string) => c.replace(/:anon$/, '');
    log(`wrk, ${CONNECTIONS} connections, ${SECONDS} s per call (after a 3 s warm-up)\n`);
    // Warm-up: JIT, the session cache, the pool's connections.
    for (const c of calls) await load(appPort, c, 3, !publicCall(c));
    await load(barePort, 'bare', 3, false);

    const busy0 = machineBusyMs();
    const bareResult = await load(barePort, 'bare', SECONDS, false);
    const bareMs = machineBusyMs() - busy0;
    const bareRate = bareResult.count / bareResult.elapsed;
    log(
      `bare Node server          ${fmt(bareResult)}  (machine ${((bareMs / bareResult.count) * 1000).toFixed(0)} µs/call)`,
    );
    for (const call of calls) {
      const busy = machineBusyMs();
      const split = cpuSplit(app.child.pid ?? 0);
      const r = await load(appPort, call, SECONDS, !publicCall(call));
      const ms = machineBusyMs() - busy;
      const perCall = cpuPerCall(split, cpuSplit(app.child.pid ?? 0), r.count);
      const ratio = r.count / r.elapsed / bareRate;
      const ok = ratio >= TARGET_RATIO && r.p99 <= 20 && !r.errors && !r.socket_errors;
      if (!ok) failed = true;
      log(
        `${call.padEnd(26)}${fmt(r)}  ${ratio.toFixed(2)}x bare  (machine ${((ms / r.count) * 1000).toFixed(0)} µs/call)  ${ok ? 'OK' : `below target (>= ${TARGET_RATIO}x, p99 <= 20 ms)`}`,
      );
      log(`${' '.repeat(26)}${perCall}`);
    }
    bare.kill();
    await app.stop();
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
