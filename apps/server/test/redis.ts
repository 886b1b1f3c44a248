import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../src/db/embedded.ts';

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

export function hasRedis(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A real Redis server on loopback (Debian's redis-server; .ci/run installs it), without persistence. */
export async function startRedis(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const proc: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 200 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 25));
  return { port, stop: () => proc.kill() };
}
