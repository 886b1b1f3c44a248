import { buildApp } from './app.ts';
import { createEngines, type Engines } from './engines.ts';
import {
  type ChainConfig,
  type Config,
  configProblems,
  demoProfileLine,
  loadConfig,
  profileOf,
} from './config.ts';
import { connectDatabase } from './db/connect.ts';
import type { Db } from './db/database.ts';
import type { DailyJob, PeriodicTask } from './platform/scheduler.ts';
import { dailyJobs } from './jobs/registry.ts';
import { importDiskFiles } from './platform/file-import.ts';
import { createTaskRunner } from './jobs/runner.ts';
import { dailyJobsTask } from './jobs/scheduler.ts';
import { ensureAdmin, ensureRoot } from './features/system/bootstrap.ts';
import { loadDemo } from './features/system/demo-setup.ts';
import { systemClock } from './lib/clock.ts';
import { propagationTask } from './features/network/propagate.ts';
import { airdropCampaignTask } from './features/airdrop/index.ts';
import { historyRollUpTask } from './features/wallet/index.ts';
import { isHttpWorker, runHttpWorker, serveHttp } from './serve.ts';
import { loadDemoBots } from './features/bots/demo-bots.ts';
import { loadDemoCopy } from './features/copy/demo-copy.ts';
import { createMarketFeed } from './features/trading/feed.ts';
import { loadDemoTrades } from './features/trading/demo-trades.ts';
import { marketSettings } from './features/trading/settings.ts';
import type { Anvil } from './adapters/chain/anvil.ts';
import { depositScanTask, payoutTask, sendDemoDeposits, startLocalChain } from './features/chain/boot.ts';
import { hotWalletAddress, loadHotWalletKey } from './features/chain/hot-wallet.ts';
import { withdrawalPayouts } from './features/withdraw/index.ts';
import { anchorSend, queueAnchor } from './features/chain/index.ts';
import { type BuildDeps, reservesTask } from './features/reserves/index.ts';
import { configureLogging, consoleLogger, logger } from './lib/log.ts';

/** The main process's own lines: the operator's console in the demo profile, JSON lines in production (lib/log.ts). */
const say = (msg: string) => consoleLogger('main').info(msg);
const warn = (msg: string) => consoleLogger('main').warn(msg);
/** A catch for work that may fail without stopping the server: logged as `<what> failed` with the error. */
const failed =
  (what: string, component = 'main') =>
  (err: unknown) =>
    logger(component).error({ err }, `${what} failed`);

/** How long SIGTERM may take to drain requests and jobs and close everything before the process gives up. */
const SHUTDOWN_BOUND_MS = 25_000;

async function main() {
  // The whole configuration is checked before anything starts (the workers get the main process's, checked).
  if (!isHttpWorker() && refusedConfig()) return;
  const config = loadConfig();
  configureLogging({
    proc: isHttpWorker() ? 'http-worker' : 'main',
    level: config.logLevel,
    format: config.logFormat,
  });
  if (isHttpWorker()) return runHttpWorker(config);
  const profile = profileOf(process.env);
  if (profile === 'demo') say(demoProfileLine(config));
  const database = await connectDatabase(config, say);
  const { db } = database;
  await importDiskFiles(db, config.dataDir, say);
  // The process's engines, built once: the app served from this process, the daily jobs, the market feed's
  // bots and copy trading, the deposit scanner and payouts all use these (one ledger).
  const engines = createEngines({ db, clock: systemClock, config });
  const rootId = await ensureRoot(db, config.rootUserid);
  const bootstrapAdmin = config.admin
    ? await ensureAdmin(db, config.admin.userid, config.admin.password)
    : undefined;
  // The demo week runs on its own app and clock (a week back), so on engines of its own (built by buildApp).
  const demoLines = await loadDemo(config, db, engines.ledger, rootId, buildApp);
  const { chain, anvil, hotWalletKey } = await chainOf(config);
  const http = await serveHttp({ ...config, chain }, database, engines);
  const tasks = await startTasks(config, db, engines, { chain, anvil, hotWalletKey });
  sayRunning(config, profile, demoLines, bootstrapAdmin);
  stopOnSignals(async () => {
    await Promise.all([http.stop(), tasks.stop()]);
    await database.close();
    await anvil?.stop();
  });
}

/** Says what is wrong with the environment's configuration, if anything; true when it refuses to start. */
function refusedConfig(): boolean {
  const problems = configProblems(process.env);
  if (!problems.length) return false;
  const production = profileOf(process.env) === 'production';
  process.stderr.write(
    `Refusing to start${production ? ' with NODE_ENV=production' : ''}: ${problems.length} problem${problems.length > 1 ? 's' : ''} in the configuration\n${problems.map((p) => `  - ${p}\n`).join('')}Nothing was started.${production ? ' (npm start without NODE_ENV=production is the demo profile.)' : ''}\n`,
  );
  process.exitCode = 1;
  return true;
}

type ChainSetup = { chain: ChainConfig | undefined; anvil?: Anvil; hotWalletKey?: `0x${string}` };

/**
 * USDT on a chain: a real network from the environment, else npm start's local test chain (anvil), whose settings
 * the HTTP workers read from the environment it sets. On a real network the hot wallet's key comes from
 * HOT_WALLET_KEY or DATA_DIR/hot-wallet.key and its address (never the key) goes to the HTTP workers; without one,
 * approved withdrawals are paid by hand.
 */
async function chainOf(config: Config): Promise<ChainSetup> {
  if (!config.chain && config.localChain) {
    try {
      const local = await startLocalChain(config);
      say(
        `Local test chain (anvil) at ${local.chain.rpcUrl}: test USDT ${local.chain.token}, a block every 2 s`,
      );
      return local;
    } catch (err) {
      warn(
        `The local test chain did not start (deposits are off): ${err instanceof Error ? err.message : String(err)}`,
      );
      return { chain: undefined };
    }
  }
  if (!config.chain) return { chain: undefined };
  let hotWalletKey: `0x${string}` | undefined;
  try {
    hotWalletKey = loadHotWalletKey(config.dataDir);
  } catch (err) {
    warn(
      `The hot wallet is not used (payouts are by hand): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (!hotWalletKey) {
    warn('No hot wallet (HOT_WALLET_KEY or DATA_DIR/hot-wallet.key): approved withdrawals are paid by hand.');
    return { chain: config.chain };
  }
  const chain = { ...config.chain, hotWallet: hotWalletAddress(hotWalletKey) };
  process.env.HOT_WALLET_ADDRESS = chain.hotWallet;
  return { chain, hotWalletKey };
}

/** Every periodic task of this process on one runner (jobs/runner.ts), started; SIGTERM stops it. */
async function startTasks(
  config: Config,
  db: Db,
  engines: Engines,
  { chain, anvil, hotWalletKey }: ChainSetup,
) {
  const { ledger } = engines;
  const tasks = createTaskRunner(logger('tasks'));
  // Proof-of-reserves snapshots are built here: this process alone holds the hot wallet's key (it signs them).
  const reserves: BuildDeps = { db, chain: chain && { config: chain, hotWalletKey } };
  // Daily jobs (mining income) for the current date; safe on every server (see jobs/scheduler.ts).
  const jobs = Object.fromEntries(
    Object.entries(dailyJobs(ledger, reserves)).filter((e): e is [string, DailyJob] => e[1] !== undefined),
  );
  tasks.add(dailyJobsTask({ db, clock: systemClock, jobs, log: logger('scheduler') }));
  // Team figures of anything a request could not propagate at once (see features/network/propagate.ts).
  tasks.add(propagationTask(db));
  // Admins' airdrop campaigns, continued by any server from where a stopped one left them (features/airdrop).
  tasks.add(airdropCampaignTask({ db, ledger }));
  // Busy members' history rolled up ahead of their reads (features/wallet/history-task.ts).
  tasks.add(historyRollUpTask(db));
  if (config.marketFeed) tasks.add(await marketFeedTask(config, db, engines));
  if (chain?.test && anvil && config.demoData)
    await sendDemoDeposits(db, config, chain).catch(failed('demo deposits'));
  if (chain) tasks.add(depositScanTask(db, ledger, chain));
  if (chain && hotWalletKey) tasks.add(payoutTask(db, ledger, chain, hotWalletKey, withdrawalPayouts));
  // Snapshots admins ask for, and the anchors. The daily jobs' first tick (at start, after the demo data above is
  // in) takes the day's snapshot, so npm start's members' page shows a real one at once.
  tasks.add(reservesTask({ ...reserves, anchors: { queue: queueAnchor, find: anchorSend } }));
  tasks.start();
  return tasks;
}

/** The operator's lines once everything runs: where, the logins, where codes go, how to stop. */
function sayRunning(
  config: Config,
  profile: string,
  demoLines: string[],
  bootstrapAdmin: 'created' | 'exists' | undefined,
) {
  const url = `http://localhost:${config.port}`;
  say(
    `Member platform is running at ${url}  (OpenAPI for admins, with their Bearer token: ${url}/api/docs/json; ${config.workers} HTTP worker${config.workers > 1 ? 's' : ''})`,
  );
  for (const line of demoLines) say(line);
  if (config.admin && bootstrapAdmin === 'created')
    say(
      `Admin ${config.admin.userid} created with the password in ADMIN_PASSWORD (now remove it from the environment)`,
    );
  else if (config.admin)
    say(
      `Admin login: ${config.admin.userid} (it exists: ADMIN_PASSWORD is not applied again; npm run admin -- reset-password ${config.admin.userid})`,
    );
  else if (!demoLines.some((l) => l.startsWith('Demo admin')))
    say(
      'No admin configured: npm run admin -- create <userid> makes one (or set ADMIN_USERID and ADMIN_PASSWORD).',
    );
  if (profile === 'demo' && !(config.smtpUrl && config.sms))
    say('Verification codes (TAC) go to the dev outbox: admins read them with Admin/outbox. Ctrl-C stops.');
  else say('Ctrl-C or SIGTERM stops (requests and jobs under way finish first).');
}

/**
 * SIGTERM or Ctrl-C: no new connections; requests under way are answered, the job steps under way (a payout between
 * its signing and its broadcast, a daily job, a feed step) finish; then the pools and PostgreSQL close (`close`).
 */
function stopOnSignals(close: () => Promise<void>) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping...`);
    const bound = setTimeout(() => {
      logger('main').error(`not stopped within ${SHUTDOWN_BOUND_MS / 1000} s: leaving anyway`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    bound.unref();
    await close();
    clearTimeout(bound);
    say('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The market feed: one writer across servers (an advisory lock), resting demo orders filled after each step. Its
 * first step (a first start makes days of candles) comes before the demo trades, bots and copy trading that read it.
 */
async function marketFeedTask(config: Config, db: Db, engines: Engines): Promise<PeriodicTask> {
  const { ledger, trading, bots, copy } = engines;
  const feed = createMarketFeed({
    db,
    clock: systemClock,
    live: async () => engines.ccxt.publicData((await marketSettings(db)).exchange),
  });
  say('Market feed: preparing price history (the first start makes some days of candles)...');
  await feed.step();
  // Bots decide after the resting orders and liquidations of the same step (one engine: the feed's writer).
  if (config.demoData) {
    await loadDemoTrades(db, trading).catch(failed('demo trades'));
    await loadDemoBots(db, bots, engines.market, trading).catch(failed('demo bots'));
  }
  // Copy trading mirrors the lead traders' fills after the same step, and settles once a day.
  if (config.demoData) await loadDemoCopy(db, copy, trading, ledger).catch(failed('demo copy trading'));
  return feed.task(async (ranges) => {
    await trading.matchResting(ranges);
    await bots.tick();
    await copy.step().catch(failed('copy trading step', 'copy'));
  });
}

// A crash of any process (the main one or an HTTP worker) is a log line too, stack included, not loose text on stderr.
process.on('uncaughtException', (err, origin) => {
  logger('main').fatal({ err, origin }, `crashed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

main().catch((err: unknown) => {
  logger('main').fatal({ err }, `failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
