import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { smoke } from './smoke.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import {
  type AppServer,
  adminCliWith,
  repoRoot,
  startAppServer,
  startPostgres,
  startRedis,
  tempDir,
} from './stack.ts';

/**
 * The smoke test without docker: a PostgreSQL, a Redis, an SMTP capture and two servers of the production build
 * (apps/server/dist, made by `node scripts/build-server.mjs`), configured as a production deployment would be.
 */

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `npm run migrate` (from the build, as NODE_ENV=production runs it): a deployment's own step before its servers start. */
function migrate(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/entry.mjs'), 'migrate-cli'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run migrate: exit ${code}: ${out}`)),
    );
  });
}

/**
 * Every adjustment needs a second admin here (threshold 0), so that the local run also takes the two-person path an
 * operator takes above the threshold; a deployment keeps its own threshold. The servers hear the change through
 * PostgreSQL (the settings trigger), as from an owner's change.
 */
async function requireSecondAdmin(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into settings (key, value) values ('two_person_threshold_usdt', $1)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [JSON.stringify('0')],
    );
  } finally {
    await client.end();
  }
}

/** Stops the servers; one line per server that did not exit 0, with the end of its output. */
async function stopServers(servers: AppServer[]): Promise<string[]> {
  const codes = await Promise.all(servers.map((s) => s.stop()));
  return codes.flatMap((code, i) =>
    code === 0 ? [] : [`a server exited with ${code} on SIGTERM:\n${servers[i]?.output().slice(-3000)}`],
  );
}

/** Both servers, started together; each that started is added to `running` (to be stopped), even when the other failed. */
async function startServers(
  env: Record<string, string>,
  running: AppServer[],
): Promise<[AppServer, AppServer]> {
  const [a, b] = await Promise.allSettled([startAppServer(env), startAppServer(env)]);
  for (const r of [a, b]) if (r.status === 'fulfilled') running.push(r.value);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export async function runLocal(): Promise<number> {
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    say('apps/server/dist/main.js is missing: run `node scripts/build-server.mjs` first');
    return 1;
  }
  const started = Date.now();
  const dir = tempDir('mp-smoke-');
  // Undone in reverse order, after the servers have stopped.
  const cleanup: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const running: AppServer[] = [];
  try {
    const database = await startPostgres(path.join(dir, 'pg'));
    cleanup.push(database.stop);
    const redis = await startRedis();
    cleanup.push(redis.stop);
    const smtp = await startSmtpCapture();
    cleanup.push(smtp.close);
    const admin = { userid: 'smokeowner', password: randomBytes(12).toString('base64url') };
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      SERVERS: '2',
      WORKERS: '1',
      CHAIN: '0',
      DEMO_DATA: '0',
      DATA_DIR: path.join(dir, 'data'),
      ADMIN_USERID: admin.userid,
      ADMIN_PASSWORD: admin.password,
    };
    await migrate(env);
    const [a, b] = await startServers(env, running);
    await requireSecondAdmin(database.url);
    say(`PostgreSQL, Redis, SMTP capture and two production servers up in ${seconds(started)}`);
    const web = existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
    if (!web) say('apps/web/dist is not built: the web app at / is not checked');
    await smoke({ urls: [a.url, b.url], smtp, admin, adminCli: adminCliWith(env), web }, say);
    const problems = await stopServers(running.splice(0));
    if (problems.length) throw new Error(problems.join('\n'));
    say(`both servers stopped on SIGTERM with exit 0; smoke test passed in ${seconds(started)}`);
    return 0;
  } catch (err) {
    say(`SMOKE TEST FAILED: ${err instanceof Error ? err.message : String(err)}`);
    for (const s of running)
      say(`--- output of the server at ${s.url} (its end) ---\n${s.output().slice(-3000)}`);
    return 1;
  } finally {
    await stopServers(running.splice(0));
    for (const step of cleanup.reverse()) await step().catch(() => {});
  }
}
