import path from 'node:path';
import type { Config } from '../config.ts';
import { createDb, type Db } from './database.ts';
import { ensureDatabase, startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';

/** DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR/pg; migrated either way. */
export async function connectDatabase(config: Config, log: (msg: string) => void) {
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
  const ran = await migrate(db);
  if (ran.length) log(`applied migrations: ${ran.join(', ')}`);
  return {
    db,
    /** Where the database is, for worker processes that open their own pools. */
    url,
    async close() {
      await db.destroy();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}
