/**
 * bench/bots: one bot-engine tick over 10,000 running DCA bots on the paper exchange, beside a plain scan of the
 * bots table in the same run.
 *
 *   node --import tsx bench/bots/run.ts [--bots 10000] [--members 1000] [--tcp]
 *
 * The engine runs as npm start runs it (in the feed's process, after a feed step), on embedded PostgreSQL over its
 * Unix socket (or loopback TCP). The bots belong to `members` members, each bot on its owner's demo account.
 * 1. The opening tick: every bot decides and opens its deal with a market order (every bot acts).
 * 2. Quiet ticks: the price moved one feed step, every bot decides against its open deal and none has to act
 *    (the usual tick); best of three.
 * The baseline is `SELECT * FROM bots WHERE state = 'running'` (best of five). Target (issue 14): a quiet tick of
 * 10,000 bots within 20x the scan. Afterwards: every bot has exactly one open deal and one order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createCcxtFactory } from '../../apps/server/src/adapters/exchange/ccxt.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createBotEngine } from '../../apps/server/src/features/bots/engine.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { createTradingAccounts } from '../../apps/server/src/features/trading/accounts.ts';
import { createMarketFeed } from '../../apps/server/src/features/trading/feed.ts';
import { createMarketData } from '../../apps/server/src/features/trading/market-data.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { log } from '../common.ts';
import { insertMembers } from '../seed.ts';

const { values: args } = parseArgs({
  options: {
    bots: { type: 'string', default: '10000' },
    members: { type: 'string', default: '1000' },
    tcp: { type: 'boolean', default: false },
  },
});
const BOTS = Number(args.bots);
const MEMBERS = Math.min(Number(args.members), BOTS);
const SYMBOLS = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'BNB/USDT', 'XRP/USDT'];

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-bots-'));
  const pg = await startEmbeddedPostgres(dir);
  let failed = false;
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const db = createDb(args.tcp ? pg.url('app') : pg.socketUrl('app'), 10);
    log(`PostgreSQL over ${args.tcp ? 'loopback TCP' : 'its Unix socket'}`);
    await migrate(db);
    await ensureRoot(db, 'company');
    const feed = createMarketFeed({ db, clock: systemClock, backfillDays: 1 / 24, historyDays: 1 });
    await feed.step();
    const deps = {
      db,
      clock: systemClock,
      data: createMarketData(db, systemClock),
      secret: Buffer.alloc(32, 7),
      ccxt: createCcxtFactory(),
    };
    const trading = createTradingAccounts(deps);
    const engine = createBotEngine({ ...deps, trading });

    log(`seeding ${MEMBERS} members with demo accounts and ${BOTS} running bots ...`);
    const members = await insertMembers(db, {
      prefix: 'bot',
      count: MEMBERS,
      passwordHash: 'x',
      txPasswordHash: 'x',
    });
    const accounts: string[] = [];
    for (const m of members) accounts.push((await trading.resolve(m, 'demo')).id);
    for (let i = 0; i < BOTS; i += 1000) {
      await db
        .insertInto('bots')
        .values(
          Array.from({ length: Math.min(1000, BOTS - i) }, (_, k) => {
            const n = i + k;
            return {
              member_id: members[n % MEMBERS]!,
              account_id: accounts[n % MEMBERS]!,
              symbol: SYMBOLS[n % SYMBOLS.length]!,
              market: 'spot' as const,
              direction: 'long' as const,
              base_quote: String(20n * 100_000_000n),
              safety_quote: String(20n * 100_000_000n),
              max_safety: 3,
              // Wide levels: a few seconds of price moves make no bot act in the quiet ticks.
              deviation_bps: 2000,
              step_scale: 1000,
              volume_scale: 1000,
              take_profit_bps: 2000,
              state: 'running' as const,
            };
          }),
        )
        .execute();
    }
    await sql`ANALYZE`.execute(db);

    const scans: number[] = [];
    for (let i = 0; i < 5; i++)
      scans.push(
        (await timed(() => db.selectFrom('bots').selectAll().where('state', '=', 'running').execute())).ms,
      );
    const scan = Math.min(...scans);
    log(`scan of the running bots: ${scan.toFixed(1)} ms (best of 5)`);

    await feed.step();
    const opening = await timed(() => engine.tick());
    log(
      `opening tick: ${opening.value.bots} bots, ${opening.value.acted} orders, ${(opening.ms / 1000).toFixed(2)} s, ` +
        `${Math.round((opening.value.bots / opening.ms) * 1000)} bots/s (every bot acts; ${(opening.ms / scan).toFixed(0)}x the scan)`,
    );

    const quiet: number[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      await feed.step();
      const tick = await timed(() => engine.tick());
      if (tick.value.acted > 0) log(`  (a quiet tick acted ${tick.value.acted} times)`);
      quiet.push(tick.ms);
    }
    const best = Math.min(...quiet);
    const ratio = best / scan;
    log(
      `quiet tick: ${BOTS} bots in ${best.toFixed(1)} ms (best of 3: ${quiet.map((q) => q.toFixed(0)).join(', ')} ms), ` +
        `${Math.round((BOTS / best) * 1000)} bots/s`,
    );
    log(
      `ratio: a quiet tick takes ${ratio.toFixed(1)}x the scan (target <= 20x): ${ratio <= 20 ? 'met' : 'NOT met'}`,
    );

    const check = await sql<{ bots: string; deals: string; orders: string; bad: string }>`
      SELECT (SELECT count(*) FROM bots) AS bots,
             (SELECT count(*) FROM bot_deals WHERE state = 'open') AS deals,
             (SELECT count(*) FROM bot_orders) AS orders,
             (SELECT count(*) FROM bots b WHERE (SELECT count(*) FROM bot_deals d WHERE d.bot_id = b.id AND d.state = 'open') <> 1) AS bad
    `.execute(db);
    const c = check.rows[0]!;
    log(
      `check: ${c.bots} bots, ${c.deals} open deals, ${c.orders} bot orders, ${c.bad} bots without exactly one open deal`,
    );
    if (Number(c.bad) !== 0 || Number(c.deals) !== BOTS) failed = true;
    await feed.stop();
    await db.destroy();
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
