import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from '../../db/embedded.ts';

/**
 * A local EVM chain: Foundry's `anvil`, whose binary ships inside its npm package (nothing is downloaded). With
 * `stateFile` the chain survives a restart; with `blockTime` it mines a block every that many seconds, else only
 * when asked (`evm_mine`) or on each transaction.
 */
export type Anvil = { url: string; port: number; stop: () => Promise<void> };

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const dir = require.resolve(`${pkg}/package.json`).replace(/package\.json$/, '');
  return `${dir}bin/anvil${process.platform === 'win32' ? '.exe' : ''}`;
}

/**
 * A child process that stops anvil when this process is gone, even killed (SIGKILL runs no exit hook): it polls our
 * pid once a second, then stops anvil if that pid is still the anvil on our port. Its own process group: Ctrl-C does
 * not reach it.
 */
function startWatchdog(anvil: number, port: number): ChildProcess {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
if tr '\\0' ' ' < /proc/${anvil}/cmdline 2>/dev/null | grep -q -- "--port ${port}"; then kill -TERM ${anvil}; fi`;
  const child = spawn('sh', ['-c', script, 'anvil-watchdog'], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

async function rpcReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAnvil(
  opts: { blockTime?: number; stateFile?: string; chainId?: number; args?: string[] } = {},
) {
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(opts.chainId ?? 31337)];
  if (opts.blockTime) args.push('--block-time', String(opts.blockTime));
  if (opts.stateFile) args.push('--state', opts.stateFile, '--state-interval', '5');
  if (opts.args) args.push(...opts.args);
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-2000);
  });
  const watchdog = startWatchdog(child.pid ?? 0, port);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!(await rpcReady(url))) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${url}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const anvil: Anvil = {
    url,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        watchdog.kill();
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGTERM lets anvil write its state file.
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
  return anvil;
}
