import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { connectCommand } from './db/connect.ts';
import { migrate, pendingMigrations } from './db/migrate.ts';
import { importDiskFiles } from './platform/file-import.ts';
import { note, out, runCommand } from './lib/command.ts';

/**
 * `npm run migrate`: applies the pending migrations, a deployment's own step before its servers start (production
 * servers refuse pending migrations unless MIGRATE_ON_START=1). Safe beside running servers and other runs: one
 * advisory lock, each migration in its own transaction. Then uploads an older version left on disk are moved into
 * the database (platform/file-import.ts). `--status` only lists what is pending: exit 0 when none, 3 when some (a
 * deployment script can ask before it migrates). Exit 1 on failure, 2 on wrong usage.
 */
const EXIT_PENDING = 3;

async function main(): Promise<number> {
  let status: boolean;
  try {
    status = parseArgs({ options: { status: { type: 'boolean', default: false } } }).values.status;
  } catch (err) {
    note(`${err instanceof Error ? err.message : String(err)}\n\nUsage: npm run migrate [-- --status]`);
    return 2;
  }
  const config = loadConfig();
  const database = await connectCommand(config, note);
  try {
    if (status) {
      const pending = await pendingMigrations(database.db);
      out(pending.length ? `pending migrations: ${pending.join(', ')}` : 'up to date');
      return pending.length ? EXIT_PENDING : 0;
    }
    const ran = await migrate(database.db);
    out(ran.length ? `applied migrations: ${ran.join(', ')}` : 'up to date');
    await importDiskFiles(database.db, config.dataDir, note);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'migration failed');
