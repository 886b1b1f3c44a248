/**
 * bench/mining: the daily mining income job for N active orders against a baseline measured in the same run on
 * the same server: one INSERT ... SELECT of N rows into a scratch table.
 *
 *   node --import tsx bench/mining/run.ts [--orders 1000000] [--per-member 1] [--batch 100000] [--check] [--profile]
 *     [--explain]
 *
 * `--profile` also times the job's statements by what they write (the stage, the income rows, the balances and
 * transfers, the account locks) and, in the same run, each against a plain statement writing as many rows of the same
 * width into a scratch copy of the same table (same columns, defaults, checks and indexes).
 * `--per-member K` spreads the orders over N / K members (K consecutive orders each), as members who bought several
 * packages: the job pays a member's orders with one transfer, so K > 1 writes fewer transfers and balance updates.
 * Prints both times and the ratio (target: within 5x), then re-runs the job (it must pay nothing) and, with
 * --check, verifies the ledger invariants (slow at this size).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, poolOf } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { ensureRoot } from '../../apps/server/src/features/system/bootstrap.ts';
import { runDailyJob } from '../../apps/server/src/jobs/daily.ts';
import {
  MINING_INCOME_BATCH,
  MINING_INCOME_JOB,
  miningIncomeJob,
} from '../../apps/server/src/features/mining/income-job.ts';
import { checkLedger, createLedger } from '../../apps/server/src/ledger/index.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    'per-member': { type: 'string', default: '1' },
    batch: { type: 'string', default: String(MINING_INCOME_BATCH) },
    check: { type: 'boolean', default: false },
    // Print each statement of the timed run that took 50 ms or more, and the time per kind of write beside baselines.
    profile: { type: 'boolean', default: false },
    // Print the plan (EXPLAIN ANALYZE, by PostgreSQL's auto_explain) of each statement of the timed run taking 100
    // ms or more. Instrumenting every statement slows the run: its times are for reading plans, not for the ratio.
    explain: { type: 'boolean', default: false },
  },
});
const N = Number(args.orders);
const PER_MEMBER = Number(args['per-member']);
const MEMBERS = Math.ceil(N / PER_MEMBER);
const log = (msg: string) => process.stdout.write(`${msg}\n`);
/** On during the timed run with --profile. */
let profiling = false;
/** Seconds the timed run spent per kind of statement (--profile). */
const spent = new Map<string, number>();

/** What a statement of the job writes, from its text. */
function kindOf(q: string): string {
  if (/create temp table/i.test(q)) return 'stage';
  if (/insert into mining_income/i.test(q)) return 'income rows';
  if (/insert into ledger_transfers/i.test(q)) return 'balances + transfers';
  if (/for update/i.test(q)) return 'account locks';
  if (/insert into ledger_accounts|update .*credit_id/i.test(q)) return 'accounts made';
  return 'other';
}
const DATE = '2030-01-15';

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, (performance.now() - start) / 1000];
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-bench-mining-'));
  const pg = await startEmbeddedPostgres(dir);
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const db = createDb(pg.socketUrl('app'), 8, (q, ms) => {
      if (!profiling) return;
      spent.set(kindOf(q), (spent.get(kindOf(q)) ?? 0) + ms / 1000);
      if (ms >= 50) log(`    ${ms.toFixed(0).padStart(6)} ms  ${q.replace(/\s+/g, ' ').slice(0, 110)}`);
    });
    if (args.explain) {
      poolOf(db).on('connect', (client) => {
        void client.query(`load 'auto_explain'; set auto_explain.log_min_duration = '100ms';
          set auto_explain.log_analyze = on; set auto_explain.log_level = notice`);
        client.on('notice', (notice) => {
          if (profiling && notice.message?.startsWith('duration')) log(notice.message);
        });
      });
    }
    await migrate(db);
    await ensureRoot(db, 'company');
    log(`setting up ${MEMBERS} members with ${N} active orders (${PER_MEMBER} each) ...`);
    await sql`insert into members (userid, name) select 'bm' || g, '' from generate_series(1, ${MEMBERS}) g`.execute(
      db,
    );
    // The accounts a purchase would have made (payment and settlement in the funds wallet).
    await sql`insert into ledger_accounts (member_id, wallet, asset, no_overdraft)
      select id, 'funds', 'USDT', true from members where userid like 'bm%'`.execute(db);
    await sql`insert into mining_packages (name, coin, capacity_unit, unit_price, term_days, daily_profit, daily_fee,
      settle_asset, settle_wallet, min_quantity, stock, start_date)
      values ('bench', 'BTC', 'TH/s', 100000000, 30, 1250000, 50000, 'USDT', 'funds', 1, 0, '2030-01-01')`.execute(
      db,
    );
    // The orders' payments are not what is measured: one stand-in operation and transfer is referenced by all.
    await sql`insert into ledger_accounts (platform, wallet, asset, no_overdraft)
      values ('shop_revenue', 'shop_revenue', 'USDT', false), ('adjustments', 'adjustments', 'USDT', false)`.execute(
      db,
    );
    await sql`insert into ledger_operations (idempotency_key, kind, request_hash) values ('bench-seed', 'bench', '\\x00')`.execute(
      db,
    );
    await sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
        debit_balance_after, credit_balance_after)
      select o.id, a.id, s.id, 1, 'USDT', 'bench', -1, 1 from ledger_operations o, ledger_accounts a, ledger_accounts s
      where o.idempotency_key = 'bench-seed' and a.platform = 'adjustments' and s.platform = 'shop_revenue'`.execute(
      db,
    );
    await sql`update ledger_accounts set debits_posted = 1 where platform = 'adjustments'`.execute(db);
    await sql`update ledger_accounts set credits_posted = 1 where platform = 'shop_revenue'`.execute(db);
    await sql`insert into mining_orders (order_no, member_id, package_id, operation_id, payment_transfer_id, quantity,
        unit_price, price, discount, paid, price_asset, pay_wallet, daily_income, settle_asset, settle_wallet, term_days,
        start_date, end_date)
      select 'B' || lpad(g::text, 12, '0'), m.id, p.id, t.operation_id, t.id, 1, 100000000, 100000000, 0, 100000000,
        'USDT', 'funds', 1200000, 'USDT', 'funds', 30, date '2030-01-10', date '2030-02-08'
      from generate_series(1, ${N}) g
      join (select id, row_number() over (order by id) n from members where userid like 'bm%') m
        on m.n = (g - 1) / ${PER_MEMBER} + 1
      cross join mining_packages p cross join ledger_transfers t order by g`.execute(db);
    await sql`vacuum analyze`.execute(db);

    // Each timed write starts right after a checkpoint: the first change to a page after one writes the whole page
    // to the WAL, so a write that happened to follow a checkpoint would pay for pages another did not.
    await sql`checkpoint`.execute(db);
    const [, baseline] = await timed(async () => {
      await sql`create table scratch (order_id bigint, member_id bigint, amount bigint, created_at timestamptz default now())`.execute(
        db,
      );
      await sql`insert into scratch (order_id, member_id, amount) select id, member_id, daily_income from mining_orders`.execute(
        db,
      );
    });
    log(`baseline: INSERT ... SELECT of ${N} rows into a scratch table: ${baseline.toFixed(2)} s`);

    const ledger = createLedger(db);
    const job = miningIncomeJob(ledger.accounts, Number(args.batch));
    profiling = args.profile || args.explain;
    await sql`checkpoint`.execute(db);
    const [run, elapsed] = await timed(() => runDailyJob(db, MINING_INCOME_JOB, job, DATE));
    profiling = false;
    log(`mining_income for ${DATE}: ${run.items_now} orders paid in ${elapsed.toFixed(2)} s`);
    log(`ratio: ${(elapsed / baseline).toFixed(2)}x the baseline (target <= 5x)`);
    const [again, rerun] = await timed(() => runDailyJob(db, MINING_INCOME_JOB, job, DATE));
    log(`re-run: ${again.items_now} orders paid (must be 0) in ${rerun.toFixed(2)} s`);
    if (args.profile) await compareWrites(db, run.items_now);
    if (args.check) {
      const health = await checkLedger(db);
      log(`invariants: ${health.healthy ? 'hold' : `BROKEN: ${health.problems.join('; ')}`}`);
      if (!health.healthy) process.exitCode = 1;
    }
    if (run.items_now !== N || again.items_now !== 0) process.exitCode = 1;
    await db.destroy();
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each kind of write of the timed run beside a plain statement writing as many rows of the same width into a scratch
 * copy of its table (LIKE ... INCLUDING ALL: columns, defaults, checks, indexes; foreign keys are not copied, so the
 * baselines are if anything cheaper).
 */
async function compareWrites(db: ReturnType<typeof createDb>, orders: number) {
  const transfers = Number(
    (
      await sql<{ n: string }>`select count(*) n from ledger_transfers where kind = 'mining_income'`.execute(
        db,
      )
    ).rows[0]?.n,
  );
  const time = async (work: () => Promise<unknown>) => {
    await sql`checkpoint`.execute(db);
    return (await timed(work))[1];
  };
  const stage = await time(() =>
    sql`create table scratch_stage as select nextval('ledger_transfers_id_seq'::regclass) tid, o.id source_id,
      o.member_id, o.settle_wallet wallet, o.daily_income amount, 'mining:member-' || o.member_id || ':x' reference,
      '{}'::jsonb details, a.id credit_id from mining_orders o
      left join ledger_accounts a on a.member_id = o.member_id and a.wallet = 'funds' and a.asset = 'USDT'`.execute(
      db,
    ),
  );
  await sql`create table scratch_income (like mining_income including all)`.execute(db);
  const income = await time(() =>
    sql`insert into scratch_income (order_id, income_date, amount, transfer_id)
      select source_id, date '2030-01-16', amount, tid from scratch_stage`.execute(db),
  );
  await sql`create table scratch_accounts (like ledger_accounts including all) with (fillfactor = 45)`.execute(
    db,
  );
  await sql`insert into scratch_accounts select * from ledger_accounts`.execute(db);
  await sql`vacuum analyze scratch_accounts`.execute(db);
  const paid = sql`array(select credit_account_id from ledger_transfers where kind = 'mining_income')`;
  const locks = await time(() =>
    db
      .transaction()
      .execute((tx) =>
        sql`select id from scratch_accounts where id = any(${paid}) order by id for update`.execute(tx),
      ),
  );
  const balances = await time(() =>
    sql`update scratch_accounts set credits_posted = credits_posted + 1, version = version + 1
      where id = any(${paid})`.execute(db),
  );
  await sql`create table scratch_transfers (like ledger_transfers including all)`.execute(db);
  const transferRows = await time(() =>
    sql`insert into scratch_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags,
        debit_balance_after, credit_balance_after, reference, details)
      select operation_id, debit_account_id, credit_account_id, amount, asset, kind, flags, debit_balance_after,
        credit_balance_after, reference, details from ledger_transfers where kind = 'mining_income'`.execute(
      db,
    ),
  );
  const rows: [string, number, number, string][] = [
    ['stage', spent.get('stage') ?? 0, stage, `${orders} rows`],
    ['income rows', spent.get('income rows') ?? 0, income, `${orders} rows`],
    ['account locks', spent.get('account locks') ?? 0, locks, `${transfers} accounts`],
    [
      'balances + transfers',
      spent.get('balances + transfers') ?? 0,
      balances + transferRows,
      `${transfers} each`,
    ],
  ];
  log('\nper kind of write (job vs the same rows written plainly, same run):');
  for (const [kind, job, base, what] of rows)
    log(
      `  ${kind.padEnd(22)} ${job.toFixed(2).padStart(6)} s  vs ${base.toFixed(2).padStart(6)} s  ${(job / base).toFixed(2).padStart(5)}x  (${what})`,
    );
  const other = [...spent].filter(([k]) => !rows.some((r) => r[0] === k)).reduce((a, [, v]) => a + v, 0);
  log(`  ${'everything else'.padEnd(22)} ${other.toFixed(2).padStart(6)} s`);
  log(`  (balances ${balances.toFixed(2)} s + transfers ${transferRows.toFixed(2)} s written plainly)`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
