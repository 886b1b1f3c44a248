/** What the HTTP benchmarks share: the load generator, the machine's CPU clock, and `npm start`'s own server. */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const log = (msg: string) => process.stdout.write(`${msg}\n`);
export const ROOT = path.resolve(import.meta.dirname, '..');

/** A small fast PRNG (mulberry32), seeded: a bench builds and samples the same data on every run. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk prints its version and exits 1.
    return (err as { status?: number }).status === 1;
  }
}

/** CPU time (ms) all cores of this machine spent busy since boot, from /proc/stat. */
export function machineBusyMs(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const all = cpu.reduce((a, b) => a + b, 0);
  return ((all - idle) * 1000) / 100;
}

export type LoadResult = {
  count: number;
  errors: number;
  elapsed: number;
  p50: number;
  p99: number;
  socket_errors?: number;
};

/** Runs wrk with a Lua script (which prints one JSON line in `done`) and returns that line. */
export function runWrk(opts: {
  url: string;
  script: string;
  connections: number;
  seconds: number;
  env: Record<string, string>;
  threads?: number;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'wrk',
      [
        `-t${opts.threads ?? 2}`,
        `-c${opts.connections}`,
        `-d${opts.seconds}s`,
        '--latency',
        '-s',
        opts.script,
        opts.url,
      ],
      { env: { ...process.env, ...opts.env }, maxBuffer: 1 << 20 },
      (err, stdout) => {
        if (err) return reject(err);
        const line = stdout.trim().split('\n').pop() ?? '{}';
        resolve(JSON.parse(line) as LoadResult);
      },
    );
  });
}

export type ServerProcess = { child: ChildProcess; port: number; stop: () => Promise<void> };

/** Starts `npm start`'s server (apps/server/src/main.ts) as its own process and waits until it answers. */
export async function startAppServer(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const main = path.join(ROOT, 'apps/server/src/main.ts');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', main], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A first start with the demo data (bench/reads) takes over a minute on a busy two-core machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/Index/getdata`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function apiPost<T>(port: number, name: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 1) throw new Error(`${name}: ${envelope.msg}`);
  return envelope.data;
}

/** CPU ms used so far by each process of this machine, by command name (`node`, `postgres`, `wrk`, ...). */
export function cpuByCommand(pids?: Set<number>): Map<string, number> {
  const tick = 10; // USER_HZ is 100 on Linux
  const totals = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid || (pids && !pids.has(pid))) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    totals.set(name, (totals.get(name) ?? 0) + ms);
  }
  return totals;
}

/** The pids of a process and all its descendants. */
export function processTree(root: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended meanwhile
    }
  }
  const out = new Set<number>([root]);
  const queue = [root];
  while (queue.length) {
    for (const c of children.get(queue.pop() ?? 0) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      queue.push(c);
    }
  }
  return out;
}

/**
 * CPU ms of the app server's processes, of the bench's PostgreSQL (the postmaster `postgresPid` and its backends;
 * every process named postgres when not given: other PostgreSQL servers on the machine then count too), of wrk, and
 * of the whole machine.
 */
export function cpuSplit(appPid: number, postgresPid?: number) {
  const all = cpuByCommand();
  const treeMs = (pid: number) => [...cpuByCommand(processTree(pid)).values()].reduce((a, b) => a + b, 0);
  const postgres = postgresPid ? treeMs(postgresPid) : (all.get('postgres') ?? 0);
  return { app: treeMs(appPid), postgres, wrk: all.get('wrk') ?? 0, machine: machineBusyMs() };
}

/** "app 120 µs, postgres 80 µs, ..." per call between two `cpuSplit` readings. */
export function cpuPerCall(
  before: ReturnType<typeof cpuSplit>,
  after: ReturnType<typeof cpuSplit>,
  calls: number,
) {
  const us = (ms: number) => `${Math.round((ms / calls) * 1000)} µs`;
  const app = after.app - before.app;
  const pgMs = after.postgres - before.postgres;
  const wrk = after.wrk - before.wrk;
  const machine = after.machine - before.machine;
  return `CPU per call: app ${us(app)}, postgres ${us(pgMs)}, wrk ${us(wrk)}, rest of machine ${us(Math.max(0, machine - app - pgMs - wrk))}`;
}
