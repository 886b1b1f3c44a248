import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { buildApp } from './app.ts';
import type { DailyJob } from './jobs/daily.ts';
import { dailyJobs } from './jobs/registry.ts';
import { createDailyScheduler } from './jobs/scheduler.ts';
import { createLedger } from './ledger/index.ts';
import { outboxNotifier, smtpNotifier } from './features/notify/notifier.ts';
import { ensureAdmin, ensureRoot } from './features/system/bootstrap.ts';
import { loadDemoData } from './features/system/demo.ts';
import { loadDemoBalances } from './features/system/demo-money.ts';
import { systemClock } from './lib/clock.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limit.ts';
import { startPropagationSweep } from './features/network/propagate.ts';

const say = (msg: string) => process.stdout.write(`${msg}\n`);

async function createLimiter(redisUrl: string | undefined): Promise<RateLimiter> {
  if (!redisUrl) return memoryRateLimiter();
  const { Redis } = await import('ioredis');
  return redisRateLimiter(new Redis(redisUrl, { maxRetriesPerRequest: 2 }));
}

async function main() {
  const config = loadConfig();
  const database = await connectDatabase(config, say);
  const { db } = database;
  const rootId = await ensureRoot(db, config.rootUserid);
  if (config.admin) await ensureAdmin(db, config.admin.userid, config.admin.password);
  const demoLogins = config.demoData ? await loadDemoData(db, rootId) : null;
  if (demoLogins) await loadDemoBalances(db);

  const outbox = outboxNotifier(db);
  const notifier = config.smtpUrl ? smtpNotifier(config.smtpUrl, config.mailFrom, outbox) : outbox;
  const limiter = await createLimiter(config.redisUrl);
  const app = await buildApp({ config, db, clock: systemClock, notifier, limiter });
  await app.listen({ port: config.port, host: config.host });
  // Daily jobs (mining income) for the current date; safe on every server (see jobs/scheduler.ts).
  const jobs = Object.fromEntries(
    Object.entries(dailyJobs(createLedger(db))).filter((e): e is [string, DailyJob] => e[1] !== undefined),
  );
  const scheduler = createDailyScheduler({
    db,
    clock: systemClock,
    jobs,
    log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
  });
  scheduler.start();
  // Team figures of anything a request could not propagate at once (see features/network/propagate.ts).
  const stopSweep = startPropagationSweep(db, 5_000, app.log);

  const url = `http://localhost:${config.port}`;
  say(`\nMember platform is running at ${url}  (API docs: ${url}/api/docs)`);
  if (demoLogins)
    say(
      `Demo data loaded. Demo logins: ${demoLogins.map((d) => `${d.userid} / ${d.password}`).join(', ')} (transaction password 123456)`,
    );
  else if (config.demoData)
    say('Demo members: alice, bob, carol, david, erin / demo1234 (if the demo data was loaded earlier)');
  if (config.admin) say(`Admin login: ${config.admin.userid} (password from ADMIN_PASSWORD)`);
  else say('No admin configured: set ADMIN_USERID and ADMIN_PASSWORD to create one.');
  say('Verification codes (TAC) go to the dev outbox: see the server log or Admin/outbox. Ctrl-C stops.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal}: stopping...`);
    scheduler.stop();
    stopSweep();
    await app.close();
    await limiter.close?.();
    await database.close();
    say('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
