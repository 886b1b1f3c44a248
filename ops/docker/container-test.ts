import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { smoke, startPostgres, startRedis, startSmtpCapture } from './smoke.ts';

/**
 * The container test's run (ops/docker/test.sh builds the image first): two app containers of the production image
 * against one PostgreSQL and one Redis on this machine (containers on the host network: nothing can be pulled here),
 * migrations applied by the image's own `npm run migrate`, the first admin made by its `npm run admin`, the smoke
 * flow through both, then checks of what an operator relies on: non-root, no dev tools, healthy, JSON logs without
 * secrets, SIGTERM exits 0.
 */
const image = process.argv[2] ?? 'member-platform:test';
const say = (line: string) => process.stdout.write(`${line}\n`);
const names = ['mp-smoke-1', 'mp-smoke-2'];
const volume = `mp-smoke-data-${process.pid}`;

async function docker(
  args: string[],
  stdin?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('docker', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

async function must(args: string[], stdin?: string): Promise<string> {
  const r = await docker(args, stdin);
  if (r.code !== 0) throw new Error(`docker ${args.join(' ')} -> ${r.code}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

async function untilHealthy(name: string, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const state = (await must(['inspect', '-f', '{{.State.Status}} {{.State.Health.Status}}', name])).trim();
    if (state === 'running healthy') return;
    if (!state.startsWith('running') || Date.now() > deadline) {
      const logs = await docker(['logs', '--tail', '40', name]);
      throw new Error(`${name} is "${state}"\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main() {
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const pg = await startPostgres();
    cleanup.push(pg.stop);
    const redis = await startRedis();
    cleanup.push(redis.stop);
    const smtp = await startSmtpCapture();
    cleanup.push(smtp.close);
    const ports = [await freePort(), await freePort()];
    const secrets = {
      APP_SECRET: randomBytes(32).toString('hex'),
      METRICS_TOKEN: randomBytes(16).toString('hex'),
    };
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      SERVERS: '2',
      WORKERS: '1',
      DB_POOL_SIZE: '5',
      CHAIN: '0',
      DEMO_DATA: '0',
      ...secrets,
    };
    const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    cleanup.push(() => docker(['volume', 'rm', '-f', volume]));
    cleanup.push(() => docker(['rm', '-f', ...names]));

    // The image is what it claims: non-root, no dev tooling in it.
    const uid = (await must(['run', '--rm', '--network', 'host', image, 'id', '-u'])).trim();
    if (uid === '0') throw new Error('the image runs as root');
    const devTools = await docker([
      'run',
      '--rm',
      image,
      'sh',
      '-c',
      'ls -d node_modules/tsx node_modules/typescript node_modules/vite node_modules/@foundry-rs 2>/dev/null || true',
    ]);
    if (devTools.stdout.trim()) throw new Error(`dev tools in the image: ${devTools.stdout}`);
    say(
      `image: runs as uid ${uid}, no tsx/typescript/vite/anvil, node ${(await must(['run', '--rm', image, 'node', '--version'])).trim()}`,
    );

    // A server refuses a database with pending migrations; `npm run migrate` is the step that applies them.
    const early = await docker(['run', '--rm', '--network', 'host', ...envArgs, '-e', 'PORT=0', image]);
    if (early.code === 0 || !/npm run migrate/.test(early.stdout + early.stderr))
      throw new Error(
        `a server started on an unmigrated database (exit ${early.code}):\n${early.stdout}${early.stderr}`,
      );
    say('unmigrated database: the server refuses to start and says to run npm run migrate');
    const migrated = await must([
      'run',
      '--rm',
      '--network',
      'host',
      ...envArgs,
      image,
      'npm',
      'run',
      '--silent',
      'migrate',
    ]);
    say(`npm run migrate: ${migrated.trim().split('\n').at(-1)}`);

    const admin = { userid: 'owner', password: `Own-${randomBytes(6).toString('hex')}` };
    const created = await docker(
      [
        'run',
        '--rm',
        '-i',
        '--network',
        'host',
        ...envArgs,
        image,
        'npm',
        'run',
        '--silent',
        'admin',
        '--',
        'create',
        admin.userid,
      ],
      `${admin.password}\n`,
    );
    if (created.code !== 0)
      throw new Error(`npm run admin -- create: ${created.code}\n${created.stdout}${created.stderr}`);
    say(`npm run admin -- create ${admin.userid}: ok`);

    for (const [i, name] of names.entries()) {
      await must([
        'run',
        '-d',
        '--name',
        name,
        '--network',
        'host',
        '-v',
        `${volume}:/data`,
        ...envArgs,
        '-e',
        `PORT=${ports[i]}`,
        image,
      ]);
    }
    await Promise.all(names.map((n) => untilHealthy(n, 120_000)));
    say('both containers healthy (the image HEALTHCHECK)');

    await smoke(
      {
        urls: [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`],
        smtp,
        admin,
        adminCli: async (args, stdin) => {
          const r = await docker(
            ['exec', '-i', names[0] as string, 'npm', 'run', '--silent', 'admin', '--', ...args],
            stdin,
          );
          return { code: r.code, stdout: r.stdout + r.stderr };
        },
      },
      (line) => say(`  ${line}`),
    );

    // SIGTERM (docker stop) drains and exits 0.
    for (const name of names) {
      await must(['stop', '-t', '30', name]);
      const code = (await must(['inspect', '-f', '{{.State.ExitCode}}', name])).trim();
      if (code !== '0') throw new Error(`${name} exited ${code} after docker stop`);
    }
    say('docker stop: both exited 0');

    // Logs: JSON lines, and none of the secrets this run used.
    const logs = (await Promise.all(names.map((n) => docker(['logs', n]))))
      .map((r) => r.stdout + r.stderr)
      .join('');
    const lines = logs.split('\n').filter((l) => l.trim());
    const notJson = lines.filter((l) => {
      try {
        return typeof JSON.parse(l) !== 'object';
      } catch {
        return true;
      }
    });
    if (notJson.length) throw new Error(`log lines that are not JSON:\n${notJson.slice(0, 10).join('\n')}`);
    const leaked = [admin.password, ...Object.values(secrets)].filter((s) => logs.includes(s));
    if (leaked.length) throw new Error(`secrets in the logs: ${leaked.length}`);
    say(`logs: ${lines.length} JSON lines, no secret in them`);
    say('container test: passed');
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  say(`container test failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
