import { execFileSync, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { ChainConfig } from '../config.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** The value of one sample of a Prometheus text answer (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const HOT = '0x00000000000000000000000000000000000000aa' as const;
const CHAIN_ID = 4242;

/** A chain node that knows three things: its head (block 100), the hot wallet's USDT (250.5) and gas (0.02). */
async function fakeNode(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const q = JSON.parse(body) as { id: number; method: string };
      const result =
        q.method === 'eth_blockNumber'
          ? '0x64'
          : q.method === 'eth_getBalance'
            ? `0x${(2n * 10n ** 16n).toString(16)}`
            : q.method === 'eth_call'
              ? `0x${250_500_000n.toString(16).padStart(64, '0')}`
              : null;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: q.id, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

describe('GET /metrics', () => {
  let t: TestApp;
  let node: Server;

  beforeAll(async () => {
    node = await fakeNode();
    const chain: ChainConfig = {
      rpcUrl: `http://127.0.0.1:${(node.address() as AddressInfo).port}`,
      chainId: CHAIN_ID,
      name: 'Fake chain',
      network: 'ERC20',
      explorer: '',
      token: '0x00000000000000000000000000000000000000bb',
      xpub: 'unused',
      confirmations: 6,
      minimum: '1',
      test: false,
      hotWallet: HOT,
    };
    t = await createTestApp({ config: { chain } });
    const now = t.clock.now();
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    // What the business gauges read: a failed and a finished job run, a payout queued 11 minutes ago and one just
    // now, a lockout, market prices 42 s old, the scanner's cursor at block 90.
    await t.db
      .insertInto('job_runs')
      .values([
        { job: 'metrics_test_job', run_date: '2026-01-01', status: 'failed', runs: 2 },
        { job: 'metrics_test_job', run_date: '2026-01-02', status: 'done' },
        // Retention: the latest finished run's rows per kind are the gauge (not the older run's, not a failed one's).
        {
          job: 'retention',
          run_date: '2026-01-01',
          status: 'done',
          amounts: JSON.stringify({ codes: '99' }),
        },
        {
          job: 'retention',
          run_date: '2026-01-02',
          status: 'done',
          amounts: JSON.stringify({ codes: '7', sessions: '3' }),
        },
        {
          job: 'retention',
          run_date: '2026-01-03',
          status: 'failed',
          amounts: JSON.stringify({ codes: '1' }),
        },
      ])
      .execute();
    await sql`update job_runs set finished_at = started_at + interval '3 seconds'
      where job = 'metrics_test_job' and run_date = '2026-01-02'`.execute(t.db);
    await t.db
      .insertInto('chain_sends')
      .values([
        {
          chain_id: CHAIN_ID,
          from_address: HOT,
          kind: 'payout',
          key: 'm1',
          to_address: '0x1',
          amount: '7000000',
          state: 'broadcast',
          created_at: ago(660),
        },
        {
          chain_id: CHAIN_ID,
          from_address: HOT,
          kind: 'payout',
          key: 'm2',
          to_address: '0x2',
          amount: '3000000',
          state: 'queued',
        },
        {
          chain_id: CHAIN_ID,
          from_address: HOT,
          kind: 'payout',
          key: 'm3',
          to_address: '0x3',
          amount: '1000000',
          state: 'confirmed',
          created_at: ago(3600),
        },
      ] as never)
      .execute();
    await t.db
      .insertInto('security_events')
      .values({ kind: 'lockout_tac', at: ago(60) })
      .execute();
    await sql`delete from market_tickers`.execute(t.db);
    await t.db
      .insertInto('market_tickers')
      .values({
        symbol: 'BTC/USDT',
        last: '1',
        open_24h: '1',
        high_24h: '1',
        low_24h: '1',
        simulated: true,
        at: ago(42),
      })
      .execute();
    await t.db.insertInto('chain_cursors').values({ chain_id: CHAIN_ID, next_block: '90' }).execute();
  });
  afterAll(async () => {
    await t?.close();
    node?.close();
  });

  const scrape = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('counts calls per call name with a latency histogram, and reports the business gauges', async () => {
    await t.call('Index/getdata');
    await t.call('Index/getdata');
    await t.call('Nope/nothing');
    const wrong = await t.call('Logon/login', { username: 'nobody_here', password: 'wrong-password' });
    expect(wrong.http).toBe(422);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const route = '/api/Index/getdata';
    expect(
      sample(text, 'mp_http_requests_total', { route, method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'mp_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'mp_http_requests_total', { route: '/api/Logon/login', status: '422' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'mp_http_request_duration_seconds_count', { route, method: 'GET' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'mp_http_request_duration_seconds_bucket', { route, method: 'GET', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    // Never the raw URL: a query string does not make a new series.
    expect(text).not.toContain('getdata?');
    expect(sample(text, 'mp_login_failures_total', { reason: 'wrong_credentials' })).toBeGreaterThanOrEqual(
      1,
    );

    // Process metrics: event-loop lag and the database pool.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mp_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'mp_db_pool_waiting')).toBe(0);

    // Business gauges from the database and the chain's node.
    expect(sample(text, 'mp_business_metrics_up')).toBe(1);
    expect(sample(text, 'mp_ready')).toBe(1);
    expect(sample(text, 'mp_job_failed', { job: 'metrics_test_job' })).toBe(1);
    expect(sample(text, 'mp_job_runs', { job: 'metrics_test_job' })).toBe(3);
    expect(sample(text, 'mp_job_last_duration_seconds', { job: 'metrics_test_job' })).toBe(3);
    expect(sample(text, 'mp_retention_purged_rows', { kind: 'codes' })).toBe(7);
    expect(sample(text, 'mp_retention_purged_rows', { kind: 'sessions' })).toBe(3);
    expect(sample(text, 'mp_payouts_pending')).toBe(2);
    expect(sample(text, 'mp_payouts_stuck')).toBe(1);
    expect(sample(text, 'mp_payouts_pending_usdt')).toBe(10);
    expect(sample(text, 'mp_payouts_failed')).toBe(0);
    expect(sample(text, 'mp_chain_rpc_up')).toBe(1);
    expect(sample(text, 'mp_chain_scanner_lag_blocks')).toBe(11);
    expect(
      sample(text, 'mp_chain_scanner_cursor_age_seconds', { chain_id: String(CHAIN_ID) }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mp_hot_wallet_usdt')).toBe(250.5);
    expect(sample(text, 'mp_hot_wallet_gas')).toBe(0.02);
    expect(sample(text, 'mp_ledger_healthy')).toBe(1);
    expect(sample(text, 'mp_ledger_problems')).toBe(0);
    const feedAge = sample(text, 'mp_market_feed_age_seconds') ?? -1;
    expect(feedAge).toBeGreaterThanOrEqual(42);
    expect(feedAge).toBeLessThan(120);
    expect(sample(text, 'mp_bots_in_error')).toBe(0);
    expect(sample(text, 'mp_security_lockouts_last_hour', { kind: 'lockout_tac' })).toBe(1);
  });

  it('is not a call: no session, no envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('"status"');
  });
});

describe('who may read /metrics', () => {
  it('asks for METRICS_TOKEN as a Bearer when it is set', async () => {
    const t = await createTestApp({ config: { metricsToken: 's3cret-metrics' } });
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.body).not.toContain('mp_http_requests_total');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer s3cret-metrics' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('mp_http_requests_total');
    } finally {
      await t.close();
    }
  });

  it('answers 404 in production without METRICS_TOKEN, so it is never public by accident', async () => {
    const t = await createTestApp({ config: { env: 'production' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mp_');
    } finally {
      await t.close();
    }
  });
});

describe('with HTTP workers', () => {
  it("any worker answers the machine's totals: the main process sums its own and every worker's", () => {
    const script = path.resolve(import.meta.dirname, '../../test/fixtures/metrics-cluster.ts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    const { text } = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { text: string };
    // 100 in the main process, 1 and 20 in the workers.
    expect(sample(text, 'mp_login_failures_total', { reason: 'wrong_credentials' })).toBe(121);
  });
});

describe('ops/prometheus/alerts.yml', () => {
  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.skipIf(!promtool)(
    'passes promtool check rules (skipped only when promtool is missing: apt-get install prometheus)',
    () => {
      const res = spawnSync(
        'promtool',
        ['check', 'rules', path.join(repoRoot, 'ops/prometheus/alerts.yml')],
        {
          encoding: 'utf8',
        },
      );
      expect(res.stdout + res.stderr).toContain('SUCCESS');
      expect(res.status).toBe(0);
      const config = spawnSync(
        'promtool',
        ['check', 'config', '--syntax-only', path.join(repoRoot, 'ops/prometheus/prometheus.yml')],
        { encoding: 'utf8' },
      );
      expect(config.status).toBe(0);
    },
  );
  if (!promtool)
    console.warn(
      'promtool is missing: ops/prometheus/alerts.yml is not checked (apt-get install prometheus)',
    );

  it('alerts on what the issue asks for, with metrics /metrics serves', async () => {
    const { readFileSync } = await import('node:fs');
    const rules = readFileSync(path.join(repoRoot, 'ops/prometheus/alerts.yml'), 'utf8');
    for (const alert of [
      'ChainScannerLag',
      'HotWalletUsdtLow',
      'HotWalletGasLow',
      'PayoutStuck',
      'JobFailed',
      'LedgerUnhealthy',
      'HighErrorRate',
      'NotReady',
    ])
      expect(rules).toContain(`alert: ${alert}`);
  });
});
