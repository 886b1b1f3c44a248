import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** A repository function takes either the database or a transaction, so one operation can span several. */
export type Conn = Db | Tx;

const pools = new WeakMap<Db, pg.Pool>();

/** `onQuery`: told each statement and how long it took (benchmarks' profiles). */
export function createDb(url: string, poolSize = 20, onQuery?: (sql: string, ms: number) => void): Db {
  // Connections stay open while idle: opening one costs a SCRAM exchange (milliseconds of CPU on both sides), and a
  // burst after a quiet spell would pay it for every connection at once.
  // A caller waits at most 5 s for a connection: with PostgreSQL away the answer is a prompt 503, not a hang.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: 5_000,
  });
  // A client losing its connection (PostgreSQL restarting) must not crash the process: idle ones report to the pool,
  // and a checked-out one emits 'error' on itself besides failing its queries (its pool then drops it on release).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: onQuery && ((e) => onQuery(e.query.sql, e.queryDurationMillis)),
  });
  pools.set(db, pool);
  return db;
}

/** The pool behind a database, for the one hot call that uses a named prepared statement (ledger/single.ts). */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('database has no pool');
  return pool;
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Runs `work` in one transaction, retrying (bounded) only on serialization failures and deadlocks. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

export function pgErrorCode(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}

export function pgConstraint(err: unknown): string | undefined {
  return (err as { constraint?: string } | null)?.constraint;
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
