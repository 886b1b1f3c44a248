import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMockBinance } from '../../server/test/mock-binance.ts';
import { startAppProcess } from './app-process.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webRoot, '../..');
export const ADMIN = { userid: 'e2eadmin', password: 'e2e-admin-pass' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts the app as `npm start` would (built web app, embedded PostgreSQL, demo data), on a free port. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(webRoot, 'dist', 'index.html')) || process.env.E2E_BUILD === '1') {
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: webRoot,
      stdio: 'inherit',
      // The build users get: vitest sets NODE_ENV=test, which would make Vite bundle React's development runtime.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-e2e-'));
  // Run as root, PostgreSQL runs as another user, who must be able to enter DATA_DIR to reach DATA_DIR/pg.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // A local stand-in for Binance's REST API: members connect their "exchange account" to it through ccxt.
  const exchange = await startMockBinance();
  // The server's update check compares the built app's version with these; tests run the current app.
  const { version } = JSON.parse(readFileSync(path.join(webRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  // Everything the server prints goes to test-artifacts/e2e-server.log, so a failure can be traced afterwards.
  mkdirSync(path.join(repoRoot, 'test-artifacts'), { recursive: true });
  const { child: server, url: baseUrl } = await startAppProcess({
    port,
    name: 'server',
    deadlineMs: 90_000,
    log: createWriteStream(path.join(repoRoot, 'test-artifacts', 'e2e-server.log')),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERID: ADMIN.userid,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      GLOBAL_LIMIT_PER_MINUTE: '100000',
      // Every browser and API login of the run comes from 127.0.0.1: the per-IP login limit (10) would refuse them.
      LOGIN_LIMIT_PER_MINUTE: '1000',
      APP_LATEST_VERSION: version,
      APP_MIN_VERSION: version,
      // The mining test runs the daily income job for tomorrow, the first day an order bought today mines.
      ALLOW_FUTURE_JOBS: '1',
      EXCHANGE_API_BASE: exchange.url,
    },
  });
  await quietDemoNotices(baseUrl);
  const artifacts = path.join(repoRoot, 'test-artifacts');
  mkdirSync(artifacts, { recursive: true });
  project.provide('baseUrl', baseUrl);
  project.provide('artifacts', artifacts);
  project.provide('admin', ADMIN);
  // Where the embedded PostgreSQL runs, for a test that starts a second server on the same database.
  project.provide('dataDir', dataDir);
  project.provide('exchange', { apiKey: exchange.apiKey, secret: exchange.secret, url: exchange.url });

  return async () => {
    server.kill('SIGINT');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve();
      }, 15_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
    await exchange.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    artifacts: string;
    admin: { userid: string; password: string };
    /** The run's DATA_DIR (its embedded PostgreSQL is under DATA_DIR/pg). */
    dataDir: string;
    /** The API key the mock exchange accepts. */
    exchange: { apiKey: string; secret: string; url: string };
  }
}

/**
 * The demo's important notice pops up over the home page of every member who has not read it, as it should; the
 * other tests' members are new, so it is unpublished for the run (content.e2e.ts publishes and tests its own).
 */
async function quietDemoNotices(baseUrl: string) {
  const call = async <T>(name: string, body: object, token = ''): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { status: number; msg: string; data: T };
    if (envelope.status !== 1) throw new Error(`${name}: ${envelope.msg}`);
    return envelope.data;
  };
  const { token } = await call<{ token: string }>('Logon/login', {
    username: ADMIN.userid,
    password: ADMIN.password,
  });
  const notices = await call<{ list: { id: number }[] }>(
    'Admin/contentlist',
    { kind: 'notice', pagesize: 100 },
    token,
  );
  for (const n of notices.list) {
    const item = await call<{ texts: { lang: string; title: string; body_html: string }[] }>(
      'Admin/contentdetail',
      { id: n.id },
      token,
    );
    const text = item.texts[0];
    if (text)
      await call(
        'Admin/newssave',
        {
          id: n.id,
          kind: 'notice',
          lang: text.lang,
          title: text.title,
          body: text.body_html,
          published: false,
        },
        token,
      );
  }
}
