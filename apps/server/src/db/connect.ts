import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb, type Db } from './database.ts';
import { ensureDatabase, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { migrate, pendingMigrations } from './migrate.ts';

export type Database = {
  db: Db;
  /** Where the database is, for worker processes that open their own pools. */
  url: string;
  close: () => Promise<void>;
};

/**
 * The start refused because the database lacks migrations this code needs. Its message is an instruction to the
 * operator, not a fault: its stack is the message alone, so `failed to start:` prints no trace after it.
 */
export class PendingMigrationsError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `the database lacks ${pending.length} migration${pending.length > 1 ? 's' : ''} this version needs: ${pending.join(', ')}. Run \`npm run migrate\` (same DATABASE_URL or DATA_DIR) first, or set MIGRATE_ON_START=1 to migrate at start`,
    );
    this.name = 'PendingMigrationsError';
    this.stack = this.message;
  }
}

/** DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR/pg, started here. */
async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    log(`starting embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`);
    const pg = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), { say: log });
    stopEmbedded = pg.stop;
    await ensureDatabase(pg.url('postgres'), 'app');
    // Its Unix socket: cheaper per query than loopback TCP.
    url = pg.socketUrl('app');
  }
  const db: Db = createDb(url, config.dbPoolSize);
  return {
    db,
    url,
    async close() {
      await db.destroy();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

/**
 * The schema at start: the demo profile and MIGRATE_ON_START=1 apply pending migrations (under an advisory lock, so
 * servers starting together migrate once); otherwise pending migrations refuse the start, since code newer than its
 * schema would fail call by call, and a deployment migrates once, as its own step (`npm run migrate`).
 */
export async function prepareSchema(
  db: Db,
  config: Pick<Config, 'migrateOnStart'>,
  log: (msg: string) => void,
): Promise<void> {
  if (config.migrateOnStart) {
    const ran = await migrate(db);
    if (ran.length) log(`applied migrations: ${ran.join(', ')}`);
    return;
  }
  const pending = await pendingMigrations(db);
  if (pending.length) throw new PendingMigrationsError(pending);
}

/** The server's database (DATABASE_URL, else the embedded one under DATA_DIR/pg), its schema prepared. */
export async function connectDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  const database = await openDatabase(config, log);
  try {
    await prepareSchema(database.db, config, log);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * The database for a command run beside the server (`npm run migrate`, `npm run admin`), schema untouched:
 * DATABASE_URL, else the embedded PostgreSQL under DATA_DIR. When a server runs that one, the command uses it
 * through its socket: starting a second on the same data would first stop the server's (embedded.ts).
 */
export async function connectCommand(
  config: Config,
  log: (msg: string) => void,
  poolSize = 2,
): Promise<Database> {
  const dir = path.join(config.dataDir, 'pg');
  const running = config.databaseUrl ? undefined : runningEmbeddedUrl(dir, 'app');
  if (!running) return openDatabase({ ...config, dbPoolSize: poolSize }, log);
  log(`the embedded PostgreSQL in ${dir} is running (a server uses it): using it, not starting another`);
  const db = createDb(running, poolSize);
  return { db, url: running, close: () => db.destroy() };
}
