import { type ChildProcess, spawn } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type AppProcess = { child: ChildProcess; url: string };

/**
 * Starts the app server (`apps/server/src/main.ts`, as `npm start` runs it) on `port` with `env` added, and waits
 * until it answers Index/getdata. What it prints is kept for the error when it exits or does not come up in time,
 * and also written to `log` when given.
 */
export async function startAppProcess(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  name: string;
  deadlineMs: number;
  log?: WriteStream;
}): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.log) {
    const log = options.log;
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.once('exit', (code, signal) => log.write(`\nserver exited: code ${code} signal ${signal}\n`));
  }
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + options.deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited early:\n${output}`);
    if ((await fetch(`${url}/api/Index/getdata`).catch(() => undefined))?.ok) return { child, url };
    if (Date.now() > deadline) throw new Error(`${options.name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
