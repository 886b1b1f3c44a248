/** What the benchmarks against pgbench share: the baseline run and the report of the app's heaviest statements. */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { ensureDatabase, type EmbeddedServer } from '../apps/server/src/db/embedded.ts';
import { log } from './common.ts';

export type PgbenchResult = { clients: number; tps: number };

/**
 * pgbench's tpcb-like on its own database of the benchmark's PostgreSQL, reached as the app reaches it (Unix socket
 * or loopback TCP), once per client count; the better result is the baseline.
 */
export async function runPgbench(
  pg: EmbeddedServer,
  opts: { tcp: boolean; scale: string; seconds: number; clients: number[] },
): Promise<PgbenchResult[]> {
  const url = new URL(pg.url('postgres'));
  const conn = ['-h', opts.tcp ? '127.0.0.1' : pg.socketDir, '-p', String(pg.port), '-U', 'postgres'];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  await ensureDatabase(pg.url('postgres'), 'pgbench');
  execFileSync('pgbench', [...conn, '-i', '-q', '-s', opts.scale, 'pgbench'], { env, stdio: 'ignore' });
  const results: PgbenchResult[] = [];
  for (const clients of [...new Set(opts.clients)]) {
    log(`pgbench -b tpcb-like -c ${clients} -j 2 -T ${opts.seconds} (scale ${opts.scale}) ...`);
    const out = execFileSync(
      'pgbench',
      [...conn, '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(opts.seconds), 'pgbench'],
      { env, encoding: 'utf8' },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
    results.push({ clients, tps });
    log(`pgbench: ${tps.toFixed(0)} tps at ${clients} clients`);
  }
  return results;
}

export const bestOf = (results: PgbenchResult[]) => results.reduce((a, b) => (b.tps > a.tps ? b : a));

/**
 * The app database's statements by PostgreSQL time (pg_stat_statements), with calls and mean time; given `per`, how
 * many operations ran, also the calls per operation (each a round trip: statements inside functions are not counted).
 */
export async function printStatements(db: Db, limit = 15, per?: number) {
  const sum = await sql<{ calls: string; total: number }>`
    SELECT sum(calls)::text AS calls, sum(total_exec_time) AS total FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(db);
  const rows = await sql<{ calls: string; total: number; mean: number; query: string }>`
    SELECT calls::text, total_exec_time AS total, mean_exec_time AS mean, query FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
    ORDER BY total_exec_time DESC LIMIT ${limit}`.execute(db);
  log('');
  log(
    `statements by PostgreSQL time (pg_stat_statements): ${sum.rows[0]?.calls} calls, ${Number(sum.rows[0]?.total ?? 0).toFixed(0)} ms in all` +
      (per ? `, ${(Number(sum.rows[0]?.calls ?? 0) / per).toFixed(1)} per operation` : ''),
  );
  for (const r of rows.rows)
    log(
      `${Number(r.total).toFixed(0).padStart(7)} ms ${r.calls.padStart(7)} calls${per ? ` (${(Number(r.calls) / per).toFixed(2)}/op)` : ''} ${Number(r.mean).toFixed(3)} ms  ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
}
