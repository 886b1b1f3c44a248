import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { KEY_FILES, passphraseFrom } from './db/backup-archive.ts';
import { type BackupFile, writeBackup } from './db/backup.ts';
import { connectCommand } from './db/connect.ts';
import { note, out, runCommand } from './lib/command.ts';

/**
 * `npm run backup`: one file holding the whole database (a consistent snapshot, taken beside running servers) and
 * DATA_DIR's key files, encrypted with a passphrase. Exit 0 written, 1 failed, 2 wrong usage (no passphrase too).
 * The path is printed on stdout, the rest goes to stderr.
 */
const USAGE = `Usage: npm run backup [-- --out <file or folder>] [--passphrase-file <file>]
Writes backup-<UTC time>.mpbak (default folder: DATA_DIR/../backups) with every table of the database (DATABASE_URL,
else the embedded PostgreSQL under DATA_DIR: the running server's, or started for the backup) exported with COPY in
one snapshot, and DATA_DIR's ${KEY_FILES.join(' and ')}, all compressed and encrypted (scrypt, AES-256-GCM).
The passphrase: BACKUP_PASSPHRASE, or the first line of --passphrase-file; without it nothing is written.
It is a logical backup restored with npm run restore; it does not use pg_dump (the embedded PostgreSQL 18 has none).
For point-in-time recovery of your own PostgreSQL, see docs/BACKUP.md (pgBackRest, WAL-G).`;

/**
 * The release's version, for the backup's header: the repository's package.json, three folders up from both
 * src/backup-cli.ts and the built dist/backup-cli.js (npm_package_version is set only under npm run).
 */
function releaseVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return process.env.npm_package_version ?? 'unknown';
  }
}

/** backup-20250101T120000Z.mpbak: sorts by time, and says the time is UTC. */
const fileName = (at: Date) =>
  `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.mpbak`;

function target(outOption: string | undefined, dataDir: string, at: Date): string {
  const folder = path.resolve(dataDir, '..', 'backups');
  if (outOption === undefined) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return path.join(folder, fileName(at));
  }
  const resolved = path.resolve(outOption);
  if (existsSync(resolved) && statSync(resolved).isDirectory()) return path.join(resolved, fileName(at));
  if (existsSync(resolved)) throw new Error(`${resolved} exists: name a new file or a folder`);
  return resolved;
}

/** The key files config reads from DATA_DIR, those that are there. */
function keyFiles(dataDir: string, env: NodeJS.ProcessEnv): BackupFile[] {
  if (env.APP_SECRET)
    note('APP_SECRET is set: the server uses it, not DATA_DIR/secret; keep it with the backup');
  if (env.HOT_WALLET_KEY) note('HOT_WALLET_KEY is set: it is not in DATA_DIR; keep it with the backup');
  if (env.SEAL_KEYS) note('SEAL_KEYS is set: keep it with the backup (sealed secrets need it)');
  return KEY_FILES.map((name) => path.join(dataDir, name))
    .filter((file) => existsSync(file))
    .map((file) => ({ name: path.basename(file), data: readFileSync(file) }));
}

type Options = { out: string | undefined; passphrase: string };

function parseOptions(): Options {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } },
  });
  return { out: values.out, passphrase: passphraseFrom(values['passphrase-file']) };
}

async function main(): Promise<number> {
  let options: Options;
  try {
    options = parseOptions();
  } catch (err) {
    note(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  // A secret given here keeps loadConfig from making a new DATA_DIR/secret: a backup never changes DATA_DIR.
  const config = loadConfig(process.env, { secret: Buffer.alloc(0) });
  const at = new Date();
  const file = target(options.out, config.dataDir, at);
  const files = keyFiles(config.dataDir, process.env);
  const database = await connectCommand(config, note);
  try {
    const header = await writeBackup({
      url: database.url,
      out: file,
      passphrase: options.passphrase,
      files,
      serverVersion: releaseVersion(),
    });
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    note(
      `snapshot at ${header.snapshot_at}: ${header.tables.length} tables, ${rows} rows, ${header.migrations.length} migrations; files: ${header.files.join(', ') || 'none'}`,
    );
    out(file);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'backup failed');
