import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ensureDatabase } from '../src/db/embedded.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * Runs one of the server's commands (`apps/server/src/<script>`) as the operator would, in its own process: `input`
 * is its standard input (a pipe, not a terminal), `env` adds to this process's environment.
 */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<CliResult> {
  return run(['--import', 'tsx', path.join(repoRoot, 'apps/server/src', script), ...args], env, input);
}

/** Runs a command the way `npm run` does: through scripts/entry.mjs (`command` is e.g. 'backup-cli'). */
export function runEntry(command: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return run(['scripts/entry.mjs', command, ...args], env, '');
}

function run(argv: string[], env: Record<string, string>, input: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** An empty database on the test server (no migration applied); `drop` removes it. */
export async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_cli_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
