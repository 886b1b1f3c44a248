/**
 * bench/reads: the calls the home, wallet, me and market screens make on opening, on `npm start`'s own server,
 * against a bare Node HTTP server measured in the same run with the same load generator (wrk, 64 connections).
 *
 *   node --import tsx bench/reads/run.ts [--connections 64] [--seconds 10] [--members 50] [--tcp] [--calls a,b]
 *
 * The app runs as `npm start` runs it (apps/server/src/main.ts, its own processes, production mode, the demo data)
 * on a PostgreSQL started here, reached through its Unix socket, or over TCP with --tcp. Each call is sent as the
 * built app sends it (method, body or query, the member's token), rotating over the members' sessions. Target
 * (issue 32): each call >= 0.3x the bare server with p99 <= 20 ms; the run prints met / not met per call.
 *
 * With --content (bench/content, issue 13): 20 published news items in three languages and 3 sliders, and the
 * calls Home/getAllNews and Main/sliderImgs anonymous and logged in.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CallDef,
  candles,
  checkVersion,
  checkXmlNews,
  cmsPackages,
  demoBalance,
  getAllNews,
  getAnnouncement,
  getcMarket,
  getData,
  getInfoC,
  getWalletBalance,
  homeCoin,
  marketInfo,
  openOrders,
  showLatestNews,
  sliderImgs,
  tradingAccounts,
  walletOverview,
} from '@mp/contract';
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

/** One call as a screen sends it: its input (the body, or a GET's query), with the member's token (the app sends it
 * on every call once logged in) unless `anon`. */
type Read = { screen: string; call: CallDef; input?: Record<string, string | number>; anon?: boolean };

/**
 * What the home, wallet, me and market screens call on opening (issue 32), recorded from the built app in Debian's
 * chromium as the demo's alice: a fresh load of each screen and a switch to its tab ask the same calls, and every
 * fresh load asks the first two too. Left out: the market's `GET stream/tickers`, a server-sent event stream that
 * stays open (bench/paper measures it with 2,000 clients), not a request and its answer.
 */
const SCREEN_READS: Read[] = [
  { screen: 'app', call: getData },
  { screen: 'app', call: checkVersion, input: { version: '1.0.0', platform: 'web' } },
  { screen: 'home', call: cmsPackages },
  { screen: 'home', call: sliderImgs },
  { screen: 'home', call: showLatestNews },
  { screen: 'home', call: homeCoin },
  { screen: 'home', call: checkXmlNews },
  { screen: 'home', call: getAnnouncement, input: { page: 1, pagesize: 10 } },
  { screen: 'wallet', call: walletOverview },
  { screen: 'wallet', call: getWalletBalance },
  { screen: 'me', call: getInfoC },
  { screen: 'market', call: tradingAccounts },
  { screen: 'market', call: getcMarket },
  { screen: 'market', call: marketInfo, input: { symbol: 'BTC/USDT', account: 'demo' } },
  { screen: 'market', call: candles, input: { symbol: 'BTC/USDT', timeframe: '1m', limit: 300 } },
  { screen: 'market', call: openOrders, input: { account: 'demo' } },
  { screen: 'market', call: demoBalance, input: { account: 'demo' } },
];

/** bench --content: the news list and the sliders, anonymous and logged in. */
const CONTENT_READS: Read[] = [
  { screen: 'content', call: getAllNews, anon: true },
  { screen: 'content', call: getAllNews },
  { screen: 'content', call: sliderImgs, anon: true },
  { screen: 'content', call: sliderImgs },
];

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
    /** Only these calls (names as the contract spells them, comma separated, case-insensitive). */
    calls: { type: 'string' },
    content: { type: 'boolean', default: false },
  },
});
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 20;
const CONNECTIONS = Number(args.connections);
const SECONDS = Number(args.seconds);
const MEMBERS = Number(args.members);
const SCRIPT = path.join(import.meta.dirname, 'reads.lua');

/** The bench's members (`reader<i>`), each with money in two wallets, so balances and cards have rows to read. */
async function seedMembers(db: ReturnType<typeof createDb>): Promise<void> {
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

const label = (r: Read) => `${r.call.name}${r.anon ? ':anon' : ''}`;

/** The reads this run measures: the screens' (or --content's), narrowed by --calls. */
function selectedReads(): Read[] {
  const all = args.content ? CONTENT_READS : SCREEN_READS;
  if (!args.calls) return all;
  const wanted = new Set(args.calls.toLowerCase().split(','));
  return all.filter((r) => wanted.has(label(r).toLowerCase()) || wanted.has(r.call.name.toLowerCase()));
}

/** wrk's request for a read: a GET carries its input as the query (as apps/web/src/lib/api.ts sends it). */
function wrkEnv(r: Read, tokens: string[]): Record<string, string> {
  const input = Object.fromEntries(Object.entries(r.input ?? {}).map(([k, v]) => [k, String(v)]));
  const query = new URLSearchParams(input).toString();
  const get = r.call.method === 'GET';
  return {
    BENCH_PATH: `/api/${r.call.name}${get && query ? `?${query}` : ''}`,
    BENCH_METHOD: r.call.method,
    BENCH_BODY: get ? '' : JSON.stringify(r.input ?? {}),
    BENCH_TOKENS: r.anon ? '' : tokens.join(','),
  };
}

/**
 * The app as `npm start` runs it. The screens need what a member sees (content, packages, a market): the demo data,
 * with the bench's members added once it is loaded; --content seeds its own content before the start instead.
 */
async function startApp(dir: string, url: string) {
  const db = createDb(url, 4);
  if (args.content) {
    await migrate(db);
    await ensureRoot(db, 'company');
    await seedContent(db);
  }
  const port = await freePort();
  const app = await startAppServer(
    {
      DATABASE_URL: url,
      DATA_DIR: dir,
      DEMO_DATA: args.content ? '0' : '1',
      GLOBAL_LIMIT_PER_MINUTE: '1000000000',
      LOGIN_LIMIT_PER_MINUTE: '1000000000',
      WORKERS: args.workers ?? String(Math.max(1, availableParallelism() - 1)),
    },
    port,
    args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  );
  await seedMembers(db);
  await db.destroy();
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const login = await apiPost<{ token: string }>(port, 'Logon/login', {
      username: `reader${i}`,
      password: 'secret123',
    });
    tokens.push(login.token);
  }
  return { app, port, tokens };
}

type Row = { read: Read; result: LoadResult; ratio: number; met: boolean };

function report(rows: Row[]): void {
  log(
    `\n${'screen'.padEnd(8)}${'call'.padEnd(28)}${'req/s'.padStart(8)}  ratio   p50 ms  p99 ms  errors  target`,
  );
  for (const { read, result: r, ratio, met } of rows) {
    log(
      `${read.screen.padEnd(8)}${label(read).padEnd(28)}${(r.count / r.elapsed).toFixed(0).padStart(8)}  ${ratio
        .toFixed(2)
        .padStart(5)}x ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${String(
        r.errors + (r.socket_errors ?? 0),
      ).padStart(7)}  ${met ? 'met' : 'not met'}`,
    );
  }
  const missed = rows.filter((r) => !r.met).length;
  log(
    `\n${rows.length - missed} of ${rows.length} calls met the target (>= ${TARGET_RATIO}x bare, p99 <= ${TARGET_P99_MS} ms, no errors)`,
  );
}

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
    const { app, port: appPort, tokens } = await startApp(dir, url);
    const barePort = await freePort();
    const bare = await startBare(barePort);

    const load = (port: number, env: Record<string, string>, seconds: number) =>
      runWrk({ url: `http://127.0.0.1:${port}/`, script: SCRIPT, connections: CONNECTIONS, seconds, env });
    const bareEnv = { BENCH_PATH: '/', BENCH_METHOD: 'GET', BENCH_BODY: '', BENCH_TOKENS: '' };
    const reads = selectedReads();
    log(`wrk, ${CONNECTIONS} connections, ${SECONDS} s per call (after a 3 s warm-up)\n`);
    // Warm-up: JIT, the session cache, the pool's connections.
    for (const r of reads) await load(appPort, wrkEnv(r, tokens), 3);
    await load(barePort, bareEnv, 3);

    const busy0 = machineBusyMs();
    const bareResult = await load(barePort, bareEnv, SECONDS);
    const bareMs = machineBusyMs() - busy0;
    const bareRate = bareResult.count / bareResult.elapsed;
    log(
      `bare Node server            ${fmt(bareResult)}  (machine ${((bareMs / bareResult.count) * 1000).toFixed(0)} µs/call)`,
    );
    const rows: Row[] = [];
    for (const read of reads) {
      const busy = machineBusyMs();
      const split = cpuSplit(app.child.pid ?? 0, pg.pid());
      const r = await load(appPort, wrkEnv(read, tokens), SECONDS);
      const ms = machineBusyMs() - busy;
      const ratio = r.count / r.elapsed / bareRate;
      const met = ratio >= TARGET_RATIO && r.p99 <= TARGET_P99_MS && !r.errors && !r.socket_errors;
      if (!met) failed = true;
      rows.push({ read, result: r, ratio, met });
      log(
        `${label(read).padEnd(28)}${fmt(r)}  ${ratio.toFixed(2)}x bare  (machine ${((ms / r.count) * 1000).toFixed(0)} µs/call)`,
      );
      log(`${' '.repeat(28)}${cpuPerCall(split, cpuSplit(app.child.pid ?? 0, pg.pid()), r.count)}`);
    }
    report(rows);
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
