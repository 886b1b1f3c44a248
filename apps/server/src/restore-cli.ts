import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { passphraseFrom } from './db/backup-archive.ts';
import { connectCommand } from './db/connect.ts';
import { openBackup, restoreBackup } from './db/restore.ts';
import { note, out, runCommand } from './lib/command.ts';

/**
 * `npm run restore -- <file>`: a backup of `npm run backup` into a new, empty database, and its key files into
 * DATA_DIR. Exit 0 restored, 1 refused or failed (nothing loaded), 2 wrong usage.
 */
const USAGE = `Usage: npm run restore -- <backup file> [--passphrase-file <file>]
Restores into DATABASE_URL, else the embedded PostgreSQL under DATA_DIR (started for it when no server runs it).
The database must be empty: create a new one (createdb), or use a new DATA_DIR. The migrations are applied up to the
backup's, every table is loaded in one transaction and checked (rows, checksums), then DATA_DIR's key files are
written (mode 0600; an existing different one is refused). The passphrase: BACKUP_PASSPHRASE or --passphrase-file.`;

function parseOptions(): { file: string; passphrase: string } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'passphrase-file': { type: 'string' } },
  });
  const [file, ...extra] = positionals;
  if (!file) throw new Error('no backup file named');
  if (extra.length) throw new Error(`unexpected: ${extra.join(' ')}`);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  return { file, passphrase: passphraseFrom(values['passphrase-file']) };
}

async function main(): Promise<number> {
  let options: { file: string; passphrase: string };
  try {
    options = parseOptions();
  } catch (err) {
    note(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  // A secret given here keeps loadConfig from making a new DATA_DIR/secret: the backup's is written instead.
  const config = loadConfig(process.env, { secret: Buffer.alloc(0) });
  const backup = await openBackup(options.file, options.passphrase);
  const database = await connectCommand(config, note);
  try {
    const r = await restoreBackup(backup, { db: database.db, url: database.url, dataDir: config.dataDir });
    if (process.env.APP_SECRET && r.files.includes('secret'))
      note('APP_SECRET is set: the server uses it, not the restored DATA_DIR/secret');
    if (r.pending.length)
      note(`${r.pending.length} newer migrations of this version are not applied yet: run npm run migrate`);
    out(
      `restored the snapshot of ${r.header.snapshot_at}: ${r.header.tables.length} tables, ${r.rows} rows; files: ${r.files.join(', ') || 'none'}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'restore failed');
