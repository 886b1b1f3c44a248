/**
 * bench/history: the ledger's transfer table at 100,000,000 rows (issue 32). Grows one database through stages
 * (1M, 10M, 100M transfers, and --transfers itself), and at each measures what a member's screens read from the
 * ledger, by the server's own functions: balances, the history (first page, page 5, one kind, a date range, one
 * wallet, the movements), the bonus totals and records, for ordinary members and for the ten leaders with ~2.5% of
 * all transfers; each p50/p99/max against the target p99 < 20 ms; the tables' and indexes' sizes; at the end one
 * table of the growth. What the rows look like: fill.ts.
 *
 *   node --import tsx bench/history/run.ts [--transfers 100000000] [--members 1000000] [--samples 300]
 *     [--chunk 5000000] [--keep DIR] [--final N]
 *
 * --keep DIR: the PostgreSQL data directory lives in DIR and is kept: a later run with the same DIR grows what is
 * there (stages below its size are skipped) and measures again, so the big build is paid once (e.g. build with
 * --transfers 10000000, later run with --transfers 100000000 to add the rest; or re-run after a change of the server's
 * reads: new migrations are applied to the kept data first). --members and the time axis are fixed by the first run:
 * created_at spans two years over --final transfers (default --transfers), so a database meant to grow to 100M in
 * later runs is first built with --final 100000000. Without --keep the data lives in a temporary directory, removed
 * at the end.
 *
 * The bench's PostgreSQL runs with fsync off (a crash may lose a kept directory; the reads measured do not write).
 * Disk: ~250 bytes a transfer with its operation and indexes (~25 GB at 100M). Time: see the progress lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { log } from '../common.ts';
import { fillTransfers, makeMembers, readLayout, transferCount } from './fill.ts';
import { type Figure, gb, load, measure, ms, sizes, TARGET_MS } from './measure.ts';

const { values: args } = parseArgs({
  options: {
    transfers: { type: 'string', default: '100000000' },
    members: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '300' },
    chunk: { type: 'string', default: '5000000' },
    keep: { type: 'string' },
    final: { type: 'string' },
  },
});
const TRANSFERS = Number(args.transfers);
const SAMPLES = Number(args.samples);
const CHUNK = Number(args.chunk);
const STAGES = [...new Set([1_000_000, 10_000_000, 100_000_000, TRANSFERS])]
  .filter((n) => n <= TRANSFERS)
  .sort((a, b) => a - b);

type Stage = {
  transfers: number;
  member: Figure[];
  leader: Figure[];
  sizes: { name: string; bytes: number }[];
};

const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : String(n));

async function main() {
  const dir = args.keep ? path.resolve(args.keep) : mkdtempSync(path.join(tmpdir(), 'mp-bench-history-'));
  const pg = await startEmbeddedPostgres(dir, { fast: true });
  const db = createDb(pg.socketUrl('app'), 4);
  const stages: Stage[] = [];
  try {
    await ensureDatabase(pg.url('postgres'), 'app');
    const applied = await migrate(db);
    if (applied.length) log(`migrations applied: ${applied.length} (last ${applied.at(-1)})`);
    let layout = await readLayout(db);
    if (!layout) {
      const started = performance.now();
      layout = await makeMembers(db, Number(args.members), Math.max(TRANSFERS, Number(args.final ?? 0)));
      log(
        `${layout.members} members and ${layout.members * 5} accounts made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } else log(`kept data in ${dir}: ${layout.members} members, ${await transferCount(db)} transfers`);
    for (const target of STAGES) {
      const have = await transferCount(db);
      if (have > target) {
        log(`\nstage ${count(target)}: skipped (the kept database already holds ${have} transfers)`);
        continue;
      }
      if (have < target) {
        log(`\nfilling ledger_transfers from ${have} to ${target} rows (load ${load()}) ...`);
        const started = performance.now();
        let last = have;
        await fillTransfers(db, layout, target, CHUNK, (written, chunkMs) => {
          const rate = Math.round(((written - last) / chunkMs) * 1000);
          last = written;
          log(`  ${written} transfers (${rate} rows/s, load ${load()})`);
        });
        // The bench writes transfers on past days, which the ledger never does (a transfer's time is its
        // transaction's start): the members' roll-ups of those days are forgotten, to be made again on first read.
        await sql`truncate ledger_history_days, ledger_history_rollups`.execute(db);
        const vacuumStart = performance.now();
        await sql`vacuum analyze ledger_transfers, ledger_operations, ledger_accounts, members`.execute(db);
        log(
          `  filled in ${((performance.now() - started) / 1000).toFixed(0)} s (vacuum analyze ${((performance.now() - vacuumStart) / 1000).toFixed(0)} s)`,
        );
      }
      log(`\nstage ${count(target)} transfers: reads (target p99 < ${TARGET_MS} ms)`);
      const figures = await measure(db, layout, target, SAMPLES, log);
      const sz = await sizes(db);
      log(`  sizes: ${sz.map((s) => `${s.name} ${gb(s.bytes)}`).join(', ')}`);
      stages.push({ transfers: target, ...figures, sizes: sz });
    }
    growth(stages);
  } finally {
    await db.destroy();
    await pg.stop();
    if (!args.keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** One table: each read's p99 (and p50) at each stage, then the sizes. */
function growth(stages: Stage[]) {
  if (stages.length === 0) return;
  log(`\ngrowth (p50 / p99 at each stage; target p99 < ${TARGET_MS} ms):`);
  log(`  ${''.padEnd(54)}${stages.map((s) => count(s.transfers).padStart(22)).join('')}`);
  const rows = (who: string, pick: (s: Stage) => Figure[]) => {
    for (const [i, f] of pick(stages[0]!).entries()) {
      const cells = stages.map((s) => {
        const x = pick(s)[i]!;
        return `${ms(x.p50)} / ${ms(x.p99)}${x.p99 < TARGET_MS ? '' : '!'}`.padStart(22);
      });
      log(`  ${`${who} ${f.label.replace(/ from \S+/, '')}`.padEnd(54)}${cells.join('')}`);
    }
  };
  rows('member:', (s) => s.member);
  rows('leader:', (s) => s.leader);
  for (const name of stages.at(-1)!.sizes.map((s) => s.name))
    log(
      `  ${`size ${name}`.padEnd(54)}${stages.map((s) => gb(s.sizes.find((x) => x.name === name)?.bytes ?? 0).padStart(22)).join('')}`,
    );
  log(`  ('!' marks a p99 over ${TARGET_MS} ms)`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
