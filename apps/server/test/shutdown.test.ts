import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { checkLedger } from '../src/ledger/index.ts';
import { runCli } from './cli.ts';
import {
  type Answer,
  callApi,
  newDataDir,
  openDb,
  type ServerProcess,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * Operations with real processes: SIGTERM drains `npm start`'s server (its HTTP workers and the main process) under a
 * load of transfers, and NODE_ENV=production refuses an unsafe configuration before anything starts.
 */
const MEMBERS = ['alice', 'bob', 'carol', 'david', 'erin'];
const TX = '123456';

type Sent = {
  key: string;
  body: Record<string, unknown>;
  from: string;
  answer?: Answer;
  answeredAt?: number;
};

const dirs: string[] = [];
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function logIn(port: number): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const userid of MEMBERS) {
    const a = await callApi(port, 'Logon/login', { username: userid, password: 'demo1234' });
    tokens[userid] = (a.data as { token: string }).token;
  }
  return tokens;
}

/** Posted transfers per idempotency key of this test (a key posted twice would count twice). */
async function postedKeys(db: Db): Promise<Map<string, number>> {
  const rows = await sql<{ idempotency_key: string; transfers: string }>`
    select o.idempotency_key, count(t.id) as transfers from ledger_operations o
    left join ledger_transfers t on t.operation_id = o.id
    where o.idempotency_key like '%:term-%' group by o.idempotency_key`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.idempotency_key.slice(r.idempotency_key.indexOf(':term-') + 1),
      Number(r.transfers),
    ]),
  );
}

/** Refused by a rule (e.g. not enough money at that moment): nothing was posted. */
const refused = (s: Sent) => s.answer !== undefined && s.answer.http >= 400 && s.answer.http < 500;
/** Not taken by a stopping server: no connection, or fastify's 503 while closing. */
const notAccepted = (s: Sent) => s.answer?.http === 0 || s.answer?.http === 503;

describe('graceful shutdown', () => {
  it('SIGTERM under a load of transfers: every accepted request is answered, exit 0, nothing posted twice on retry', async () => {
    const dataDir = newDataDir();
    dirs.push(dataDir);
    server = await startServer(dataDir, { WORKERS: '2', CHAIN: '0' });
    const port = server.port;
    let tokens = await logIn(port);
    const admin = await callApi(port, 'Logon/login', { username: 'crashadmin', password: 'crash-admin-1' });
    const adminToken = (admin.data as { token: string }).token;
    for (const userid of MEMBERS) {
      const funded = await callApi(
        port,
        'Admin/adjustbalance',
        {
          userid,
          wallet: 'funds',
          asset: 'USDT',
          amount: '500',
          reason: 'shutdown test',
          idempotency_key: `fund-${userid}`,
        },
        adminToken,
      );
      expect(funded.status, JSON.stringify(funded)).toBe(1);
    }

    const sent: Sent[] = [];
    let seq = 0;
    let stopped = false;
    const clients = Promise.all(
      Array.from({ length: 10 }, async (_, c) => {
        while (!stopped) {
          seq += 1;
          const from = MEMBERS[seq % MEMBERS.length] as string;
          const to = MEMBERS[(seq + 1 + (c % 4)) % MEMBERS.length] as string;
          const key = `term-${c}-${seq}-${Date.now()}`;
          const req: Sent = {
            key,
            from,
            body: { to_userid: to, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: key },
          };
          sent.push(req);
          req.answer = await callApi(port, 'asset/transfersave', req.body, tokens[from]);
          req.answeredAt = Date.now();
          if (req.answer.http === 0) return;
        }
      }),
    );
    // Ticker streams (answers that never end by themselves) open on the workers: stopping ends them.
    const streams = await Promise.all(
      [0, 1, 2].map(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/stream/tickers`);
        expect(res.status).toBe(200);
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        const ended = (async () => {
          try {
            while (!(await reader.read()).done);
          } catch {
            // ended by the server: the same for a client (EventSource connects again)
          }
        })();
        return { ended };
      }),
    );
    // The signal comes once a good number of transfers are through: a count, not a time (a busy machine is slower).
    const loadDeadline = Date.now() + 60_000;
    while (sent.filter((s) => s.answer?.status === 1).length < 30 && Date.now() < loadDeadline)
      await new Promise((r) => setTimeout(r, 50));
    const child = server.child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    const tookMs = Date.now() - signalledAt;
    stopped = true;
    await clients;
    const output = server.output();
    server = undefined;

    expect(code, output.slice(-2000)).toBe(0);
    expect(output).toContain('SIGTERM: stopping...');
    expect(output).toContain('stopped.');
    await Promise.all(streams.map((st) => st.ended));
    // The stop's own bound (25 s) holds. (How long it takes below that depends on the machine's load: with another
    // test suite beside it, the drain was seen to reach its 8 s cut, which the log then says.)
    expect(tookMs).toBeLessThan(25_000);
    const acked = sent.filter((s) => s.answer?.status === 1);
    expect(acked.length).toBeGreaterThan(20);
    // Requests under way when the signal came were answered, not dropped.
    expect(acked.filter((s) => (s.answeredAt ?? 0) > signalledAt).length).toBeGreaterThan(0);
    // No failure other than "not taken" (no connection, 503 while closing) or a rule's refusal.
    const failed = sent.filter((s) => s.answer && s.answer.status !== 1 && !refused(s) && !notAccepted(s));
    expect(failed.map((s) => s.answer)).toEqual([]);

    // On the same data again: a request the old server took was answered; retries post nothing twice.
    server = await startServer(dataDir, { WORKERS: '2', CHAIN: '0' });
    const db = openDb(dataDir);
    try {
      const before = await postedKeys(db);
      for (const s of acked) expect(before.get(s.key), s.key).toBeGreaterThan(0);
      const takenUnanswered = sent.filter((s) => notAccepted(s) && before.has(s.key));
      expect(takenUnanswered.map((s) => s.key)).toEqual([]);

      tokens = await logIn(server.port);
      const retried = sent.filter((s) => !refused(s));
      // Retried as the load came: ten clients at once, each request once.
      const port2 = server.port;
      const queue = [...retried];
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (let s = queue.shift(); s; s = queue.shift()) {
            const again = await callApi(port2, 'asset/transfersave', s.body, tokens[s.from]);
            expect(again.status, `${s.key}: ${JSON.stringify(again)}`).toBe(1);
            if (s.answer?.status === 1) expect(again.data).toEqual(s.answer.data);
          }
        }),
      );
      const after = await postedKeys(db);
      for (const s of acked) expect(after.get(s.key), s.key).toBe(before.get(s.key));
      const perTransfer = after.get(acked[0]?.key ?? '');
      for (const s of retried) expect(after.get(s.key), s.key).toBe(perTransfer);
      expect((await checkLedger(db)).problems).toEqual([]);
    } finally {
      await db.destroy();
    }
    await stopServer(server);
    expect(server.child.exitCode).toBe(0);
    server = undefined;
  }, 360_000);
});

describe('the production profile', () => {
  it('refuses an unsafe configuration: every problem named, exit code 1, nothing started', async () => {
    const dataDir = path.join(newDataDir(), 'never-made');
    dirs.push(path.dirname(dataDir));
    const main = await runCli('main.ts', [], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_SECRET: '',
      SMTP_URL: '',
      REDIS_URL: '',
      CHAIN_RPC_URL: 'https://rpc.example.org',
      DEMO_ADMIN: '1',
      SERVERS: '2',
      ADMIN_USERID: '',
      ADMIN_PASSWORD: '',
    });
    const { code } = main;
    const out = main.stdout + main.stderr;
    expect(code, out).toBe(1);
    const lines = out.split('\n').filter((l) => l.startsWith('  - '));
    expect(lines.map((l) => l.slice(4).split(/[ :=,]/)[0])).toEqual([
      'USDT_CONTRACT',
      'APP_SECRET',
      'DEMO_DATA',
      'DEMO_ADMIN',
      'CHAIN_ID',
      'SMTP_URL',
      'SERVERS',
    ]);
    expect(out).toContain('Refusing to start with NODE_ENV=production: 7 problems in the configuration');
    expect(out).toContain('Nothing was started.');
    expect(out).not.toContain('PostgreSQL');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
