/**
 * Where the app's PostgreSQL backends spend a bench run: pg_stat_activity sampled every few milliseconds (the wait
 * event of each active backend, or CPU when it waits on nothing) and pg_locks (which locks are waited for). The
 * counts say what a transfer waits on when several touch the same member: a row lock held by another transfer
 * (Lock:transactionid / Lock:tuple), the WAL flush of a commit (IO:WALSync, LWLock:WALWrite), or nothing (CPU).
 */
import { createDb, poolOf } from '../../apps/server/src/db/database.ts';

const EVERY_MS = 20;

/** WAL fsyncs of the whole server (pgbench's database is idle meanwhile): what a commit waits for. */
const FLUSHES_SQL = `select coalesce(sum(fsyncs), 0)::text as n from pg_stat_io where object = 'wal'`;

/** Each costs its transaction deadlock_timeout (1 s) of waiting before PostgreSQL picks a victim. */
const DEADLOCKS_SQL = 'select deadlocks::text as n from pg_stat_database where datname = $1';

/** The app's statements by calls (pg_stat_statements, reset when sampling starts). */
const STATEMENTS_SQL = `select calls::int as n, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as w
  from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 order by calls desc limit 8`;

const ACTIVITY_SQL = `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*)::int as n
  from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid() group by 1`;
const LOCKS_SQL = `select l.locktype as w, count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
  or l.database is null where not l.granted and (d.datname = $1 or l.locktype = 'transactionid') group by 1`;

type Counts = Map<string, number>;

function add(into: Counts, rows: { w: string; n: number }[]) {
  for (const r of rows) into.set(r.w, (into.get(r.w) ?? 0) + r.n);
}

function table(title: string, counts: Counts, samples: number): string {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const lines = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(
      ([w, n]) =>
        `  ${w.padEnd(28)} ${((100 * n) / Math.max(1, total)).toFixed(1).padStart(5)}%  (${(n / Math.max(1, samples)).toFixed(2)} backends on average)`,
    );
  return [`${title} (${samples} samples every ${EVERY_MS} ms):`, ...lines].join('\n');
}

/** Starts sampling the backends of `database`; `stop` ends it and returns the printed summary. */
export function sampleWaits(url: string, database: string) {
  const db = createDb(url, 1);
  const pool = poolOf(db);
  const activity: Counts = new Map();
  const locks: Counts = new Map();
  let samples = 0;
  let running = true;
  const deadlocks = async () =>
    Number((await pool.query<{ n: string }>(DEADLOCKS_SQL, [database])).rows[0]?.n ?? 0);
  const flushes = async () => Number((await pool.query<{ n: string }>(FLUSHES_SQL)).rows[0]?.n ?? 0);
  const loop = (async () => {
    await pool.query('select pg_stat_statements_reset()');
    const first = await flushes();
    const firstDeadlocks = await deadlocks();
    while (running) {
      const [a, l] = await Promise.all([
        pool.query<{ w: string; n: number }>(ACTIVITY_SQL, [database]),
        pool.query<{ w: string; n: number }>(LOCKS_SQL, [database]),
      ]);
      add(activity, a.rows);
      add(locks, l.rows);
      samples++;
      await new Promise((r) => setTimeout(r, EVERY_MS));
    }
    // Backends report their I/O counts when idle, at most once a second.
    await new Promise((r) => setTimeout(r, 1500));
    const statements = await pool.query<{ w: string; n: number }>(STATEMENTS_SQL, [database]);
    return {
      flushed: (await flushes()) - first,
      deadlocks: (await deadlocks()) - firstDeadlocks,
      statements: statements.rows,
    };
  })();
  return {
    /** `transfers`: how many the phase made, to say how many WAL flushes each one cost. */
    async stop(transfers: number): Promise<string> {
      running = false;
      const { flushed, deadlocks: deadlocked, statements } = await loop;
      const calls = statements.map(
        (r) => `  ${(r.n / transfers).toFixed(2).padStart(6)} per transfer  ${r.w}`,
      );
      await db.destroy();
      return [
        `WAL flushes:   ${flushed}, ${(flushed / transfers).toFixed(2)} per transfer (pg_stat_io)`,
        `deadlocks:     ${deadlocked}`,
        table('active backends by wait event', activity, samples),
        table('locks waited for', locks, samples),
        "the app's statements (pg_stat_statements):",
        ...calls,
      ].join('\n');
    },
  };
}
