/**
 * bench/shop: 200 buyers checking out at once on 50 products over HTTP, against pgbench's tpcb-like on the same
 * PostgreSQL server in the same run.
 *
 *   node --import tsx bench/shop/run.ts [--buyers 200] [--products 50] [--seconds 20] [--tcp] [--workers N]
 *
 * The app runs as `npm start` runs it (apps/server/src/main.ts in its own processes). Each buyer, in a separate
 * load process, puts a product in the cart and buys the cart from the funds wallet (two calls; an order is one
 * ledger operation that locks the product's row, takes the stock, pays, pays the bonuses and records the purchase).
 * Prints orders/s, latency of the two calls, errors, pgbench's TPS at the same clients and at 32, and the ratio
 * against the better. Then checks: no product sold more than it had (stock + sold as at the start, none below zero),
 * the order items match the products' sales, and the ledger's invariants. Target (issue 32): >= 0.15x, 0 oversells.
 * --statements prints the statements per order (round trips to PostgreSQL) and where PostgreSQL's time goes.
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
import { ensureAdmin, ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import {
  checkLedger,
  createLedger,
  memberAccount,
  platformAccount,
} from '../../apps/server/src/ledger/index.ts';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import { apiPost, cpuPerCall, cpuSplit, log, machineBusyMs, startAppServer } from '../common.ts';
import { bestOf, printStatements, runPgbench } from '../pgbench.ts';
import { insertMembers } from '../seed.ts';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '200' },
    products: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    scale: { type: 'string', default: '10' },
    tcp: { type: 'boolean', default: false },
    workers: { type: 'string' },
    profile: { type: 'string' },
    /** Prints the app's statements that took PostgreSQL the most time (pg_stat_statements). */
    statements: { type: 'boolean', default: false },
  },
});
const BUYERS = Number(args.buyers);
const PRODUCTS = Number(args.products);
const SECONDS = Number(args.seconds);
const STOCK = 10_000_000;
const TX = '654321';

type Result = { count: number; errors: number; elapsed: number; p50: number; p99: number; sample: string };

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-shop-'));
  const pg = await startEmbeddedPostgres(dir, {
    settings: args.statements ? ['shared_preload_libraries=pg_stat_statements'] : [],
  });
  let failed = false;
  try {
    log(`PostgreSQL over ${args.tcp ? 'loopback TCP' : 'its Unix socket'}`);
    const pgbench = await runPgbench(pg, {
      tcp: args.tcp,
      scale: args.scale,
      seconds: SECONDS,
      clients: [BUYERS, 32],
    });

    await ensureDatabase(pg.url('postgres'), 'app');
    const appUrl = args.tcp ? pg.url('app') : pg.socketUrl('app');
    const db = createDb(appUrl, 4);
    await migrate(db);
    if (args.statements) await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
    const rootId = await ensureRoot(db, 'company');
    await ensureAdmin(db, 'benchadmin', 'bench-admin-1');
    const pwHash = await hashPassword('secret123');
    const txHash = await hashPassword(TX);
    // Buyers are the company's recruits (their sponsor earns nothing), each with 1,000,000 USDT in funds.
    const ids = await insertMembers(db, {
      prefix: 'buyer',
      count: BUYERS,
      passwordHash: pwHash,
      txPasswordHash: txHash,
    });
    await db.updateTable('members').set({ sponsor_id: rootId }).where('id', 'in', ids).execute();
    await createLedger(db).operation(
      { key: 'bench-shop-fund', kind: 'fund', memberId: null, request: {} },
      async (op) => {
        await op.post(
          ids.map((id) => ({
            debit: platformAccount('adjustments', 'USDT'),
            credit: memberAccount(id, 'funds', 'USDT'),
            amount: 1_000_000_000_000n,
            kind: 'adjustment',
          })),
        );
        return 'ok';
      },
    );

    const port = await freePort();
    log('starting the app (npm start’s server) ...');
    const server = await startAppServer(
      {
        DATABASE_URL: appUrl,
        DATA_DIR: dir,
        DEMO_DATA: '0',
        MARKET_FEED: '0',
        GLOBAL_LIMIT_PER_MINUTE: '100000000',
        LOGIN_LIMIT_PER_MINUTE: '100000000',
        WORKERS: args.workers ?? String(Math.max(1, availableParallelism() - 1)),
      },
      port,
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    );
    try {
      const admin = (
        await apiPost<{ token: string }>(port, 'Logon/login', {
          username: 'benchadmin',
          password: 'bench-admin-1',
        })
      ).token;
      const products: string[] = [];
      for (let i = 0; i < PRODUCTS; i++) {
        const p = await apiPost<{ id: string }>(
          port,
          'Admin/productsave',
          {
            name: `Product ${i}`,
            category: `c${i % 5}`,
            price: String(5 + (i % 20)),
            asset: 'USDT',
            stock: STOCK,
            active: true,
          },
          admin,
        );
        products.push(p.id);
      }
      const tokens: string[] = [];
      for (let c = 0; c < BUYERS; c++)
        tokens.push(
          (
            await apiPost<{ token: string }>(port, 'Logon/login', {
              username: `buyer${c}`,
              password: 'secret123',
            })
          ).token,
        );

      const run = (seconds: number) =>
        new Promise<Result>((resolve, reject) =>
          execFile(
            process.execPath,
            [
              '--import',
              'tsx',
              path.join(import.meta.dirname, 'buyers.ts'),
              JSON.stringify({ port, tokens, products, seconds, txPassword: TX }),
            ],
            { maxBuffer: 1 << 20 },
            (err, stdout) =>
              err ? reject(err) : resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Result),
          ),
        );
      log(
        `${BUYERS} buyers on ${PRODUCTS} products, ${SECONDS} s (cart + checkout per order, buyers in a separate process) ...`,
      );
      // A short warm-up (each session's first transaction-password check is the slow argon2id one), then the run.
      const warm = await run(3);
      // Counted from here: the statements of the measured orders only (round trips, each a top-level statement).
      if (args.statements) await sql`SELECT pg_stat_statements_reset()`.execute(db);
      const cpuBefore = cpuSplit(server.child.pid ?? 0, pg.pid());
      const busyBefore = machineBusyMs();
      const load = await run(SECONDS);
      const cpuAfter = cpuSplit(server.child.pid ?? 0, pg.pid());
      const machineMs = machineBusyMs() - busyBefore;
      const ops = load.count / load.elapsed;
      const best = bestOf(pgbench);
      log('');
      log(
        `orders:        ${load.count} in ${load.elapsed.toFixed(1)} s, errors ${load.errors + warm.errors}`,
      );
      if (load.sample || warm.sample) log(`a refusal:     ${load.sample || warm.sample}`);
      log(`orders/s:      ${ops.toFixed(0)}`);
      log(
        `latency p50:   ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms (cart and checkout together)`,
      );
      for (const p of pgbench) log(`pgbench tps:   ${p.tps.toFixed(0)} at ${p.clients} clients`);
      log(
        `ratio:         ${(ops / best.tps).toFixed(2)}x pgbench at ${best.clients} clients (target >= 0.15x)`,
      );
      log(cpuPerCall(cpuBefore, cpuAfter, load.count));
      log(`whole machine ${((machineMs / load.count) * 1000).toFixed(0)} µs per order`);

      const stock = await sql<{ bad: string; items: string; sold: string; orders: string }>`
        SELECT (SELECT count(*) FROM shop_products WHERE stock < 0 OR stock + sold <> ${STOCK})::text AS bad,
          (SELECT coalesce(sum(quantity), 0) FROM shop_order_items)::text AS items,
          (SELECT coalesce(sum(sold), 0) FROM shop_products)::text AS sold,
          (SELECT count(*) FROM shop_orders)::text AS orders`.execute(db);
      const s = stock.rows[0]!;
      const health = await checkLedger(db);
      const ok =
        s.bad === '0' &&
        s.items === s.sold &&
        health.healthy &&
        load.errors + warm.errors === 0 &&
        Number(s.orders) >= load.count;
      log(
        `check:         ${s.orders} orders, ${s.sold} items sold = ${s.items} in orders, ${s.bad} products off their stock; ` +
          `ledger ${health.healthy ? 'healthy' : `BROKEN: ${health.problems.join('; ')}`}: ${ok ? 'good' : 'BROKEN'}`,
      );
      failed = !ok;
      if (args.statements) await printStatements(db, 45, load.count);
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

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
