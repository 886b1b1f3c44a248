import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../src/db/database.ts';
import { freePort } from '../src/db/embedded.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `npm start`'s own server as a real process (main.ts with its workers and embedded PostgreSQL), for crash tests. */
export type ServerProcess = { child: ChildProcess; port: number; output: () => string };

export function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mp-crash-'));
  // PostgreSQL runs as its own user when we are root: it must be able to enter the folder.
  chmodSync(dir, 0o755);
  return dir;
}

/** How long a started server may take to say it is running. */
export const START_DEADLINE_MS = 150_000;

export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      GLOBAL_LIMIT_PER_MINUTE: '1000000',
      LOGIN_LIMIT_PER_MINUTE: '100000',
      ADMIN_USERID: 'crashadmin',
      ADMIN_PASSWORD: 'crash-admin-1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  // A first start makes the embedded PostgreSQL, migrates and loads a week of demo activity: about 20 s alone, over a
  // minute beside other test files on 2 cores (seen). The deadline only stops a server that never comes up.
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${out}`);
    if (Date.now() > deadline) throw new Error(`server did not come up: ${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/Index/getdata`)).ok && out.includes('is running at'))
        break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, port, output: () => out };
}

export async function stopServer(s: ServerProcess): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

/** The postmaster serving DATA_DIR now: its pid and a connection to the app's database through its socket. */
export function postmasterOf(dataDir: string): { pid: number; url: string } {
  const lines = readFileSync(path.join(dataDir, 'pg/cluster/postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'pg/password'), 'utf8').trim();
  const [pid, , , port, socketDir] = lines;
  return {
    pid: Number(pid),
    url: `postgres://postgres:${password}@/app?host=${encodeURIComponent(socketDir ?? '')}&port=${port}`,
  };
}

export function openDb(dataDir: string): Db {
  return createDb(postmasterOf(dataDir).url, 2);
}

export type Answer = { http: number; status: number; code: number; msg?: string; data?: unknown; ms: number };

/** One call over HTTP; a network failure (server gone) is `http: 0`. Never waits longer than `timeoutMs`. */
export async function callApi(
  port: number,
  name: string,
  body: Record<string, unknown>,
  token?: string,
  timeoutMs = 15_000,
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const envelope = (await res.json()) as { status: number; code: number; msg: string; data?: unknown };
    return {
      http: res.status,
      status: envelope.status,
      code: envelope.code,
      msg: envelope.msg,
      data: envelope.data,
      ms: Date.now() - started,
    };
  } catch {
    return { http: 0, status: 0, code: 0, ms: Date.now() - started };
  }
}
