import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

/**
 * The embedded PostgreSQL's Unix socket lives in a folder only PostgreSQL's user can enter: no other local user may
 * put a socket of their own there and collect the password the server sends.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'mp-sock-'));
let stop = async () => {};
afterAll(async () => {
  await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL socket folder', () => {
  it('is private (0700) to the user PostgreSQL runs as, even when an older version left it open', async () => {
    // An older version made it world-writable.
    mkdirSync(path.join(dir, 'sock'), { recursive: true });
    chmodSync(path.join(dir, 'sock'), 0o777);

    const server = await startEmbeddedPostgres(dir, { fast: true });
    stop = server.stop;
    const folder = statSync(server.socketDir);
    expect((folder.mode & 0o777).toString(8)).toBe('700');
    const owner =
      process.getuid?.() === 0
        ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
        : process.getuid?.();
    expect(folder.uid).toBe(owner);

    // The server still answers through it.
    const client = new pg.Client({ connectionString: server.socketUrl('postgres') });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('select 1 as one');
    await client.end();
    expect(rows[0]?.one).toBe(1);
  }, 60_000);
});
