import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { checkLedger } from '../src/ledger/index.ts';
import {
  type Answer,
  callApi,
  newDataDir,
  openDb,
  postmasterOf,
  type ServerProcess,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * Crash safety with real processes (issue 16): `npm start`'s server is killed with SIGKILL under a load of
 * transfers and withdrawals and started again on the same data; then PostgreSQL is killed under the running server.
 * Money acknowledged is never lost, retries with the same keys post nothing twice, the invariants hold.
 */
const MEMBERS = ['alice', 'bob', 'carol', 'david', 'erin'];
/** Everyone sends to everyone, so money goes round rather than drains; alice also withdraws, a few times only. */
const SENDERS = MEMBERS;
const MAX_WITHDRAWALS = 12;
const PASSWORD = 'demo1234';
const TX = '123456';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

type Sent = { key: string; call: string; body: Record<string, unknown>; from: string; answer?: Answer };

let dataDir: string;
let server: ServerProcess;
const tokens: Record<string, string> = {};
const sent: Sent[] = [];
let seq = 0;
let withdrawals = 0;

async function logIn(port: number) {
  for (const userid of MEMBERS) {
    const a = await callApi(port, 'Logon/login', { username: userid, password: PASSWORD });
    tokens[userid] = (a.data as { token: string }).token;
  }
}

function nextRequest(client: number): Sent {
  seq += 1;
  const from = SENDERS[seq % SENDERS.length] ?? 'alice';
  const key = `crash-${client}-${seq}-${Date.now()}`;
  if (from === 'alice' && seq % 4 === 0 && withdrawals < MAX_WITHDRAWALS) {
    withdrawals += 1;
    return {
      key,
      call: 'asset/withdrawsave',
      body: { amount: '20', tx_password: TX, idempotency_key: key },
      from,
    };
  }
  const to = MEMBERS.filter((m) => m !== from)[Math.floor(seq / MEMBERS.length) % 4] ?? 'erin';
  return {
    key,
    call: 'asset/transfersave',
    body: { to_userid: to, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: key },
    from,
  };
}

/** Clients send money until `stop()` says so or their server is gone; every request and its answer is kept. */
function load(port: number, clients: number, onAnswer: (a: Answer) => void = () => {}) {
  let stopped = false;
  const done = Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (!stopped) {
        const req = nextRequest(c);
        sent.push(req);
        req.answer = await callApi(port, req.call, req.body, tokens[req.from]);
        onAnswer(req.answer);
        if (req.answer.http === 0) return;
      }
    }),
  );
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
    done,
  };
}

/** Refused by a rule (e.g. not enough money at that moment): nothing was posted, so there is nothing to retry. */
const refused = (s: Sent) => s.answer !== undefined && s.answer.http >= 400 && s.answer.http < 500;

async function operationKeys(db: Db): Promise<Map<string, number>> {
  const rows = await sql<{ idempotency_key: string; transfers: string }>`
    select o.idempotency_key, count(t.id) as transfers from ledger_operations o
    left join ledger_transfers t on t.operation_id = o.id
    where o.idempotency_key like '%:crash-%' group by o.idempotency_key`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.idempotency_key.slice(r.idempotency_key.indexOf(':crash-') + 1),
      Number(r.transfers),
    ]),
  );
}

async function expectHealthy(db: Db) {
  const health = await checkLedger(db);
  expect(health.problems).toEqual([]);
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  dataDir = newDataDir();
  server = await startServer(dataDir);
  await logIn(server.port);
  const bound = await callApi(
    server.port,
    'member/updatecaddress',
    { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
    tokens.alice,
  );
  expect(bound.status).toBe(1);
  const admin = await callApi(server.port, 'Logon/login', {
    username: 'crashadmin',
    password: 'crash-admin-1',
  });
  const adminToken = (admin.data as { token: string }).token;
  for (const userid of ['david', 'erin']) {
    const funded = await callApi(
      server.port,
      'Admin/adjustbalance',
      {
        userid,
        wallet: 'funds',
        asset: 'USDT',
        amount: '500',
        reason: 'crash test',
        idempotency_key: `fund-${userid}`,
      },
      adminToken,
    );
    expect(funded.status).toBe(1);
  }
}, 240_000);

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('keeps every acknowledged posting when the server is killed mid-load, and comes up again by itself', async () => {
    const running = load(server.port, 12);
    await new Promise((r) => setTimeout(r, 1500));
    server.child.kill('SIGKILL');
    await running.stop();
    const acked = sent.filter((s) => s.answer?.status === 1);
    expect(acked.length).toBeGreaterThan(10);
    expect(acked.some((s) => s.call === 'asset/withdrawsave')).toBe(true);

    // The killed server's PostgreSQL may still be running: the new server must deal with it.
    server = await startServer(dataDir);
    const db = openDb(dataDir);
    try {
      const before = await operationKeys(db);
      for (const s of acked) expect(before.get(s.key), s.key).toBeGreaterThan(0);

      // Every client retries everything it sent, answered or not: nothing is posted twice.
      await logIn(server.port);
      const inFlight = sent.filter((s) => s.answer?.status !== 1 && !refused(s));
      for (const s of sent.filter((x) => !refused(x))) {
        const again = await callApi(server.port, s.call, s.body, tokens[s.from]);
        expect(again.status, `${s.key}: ${JSON.stringify(again)}`).toBe(1);
        if (s.answer?.status === 1) expect(again.data).toEqual(s.answer.data);
      }
      const after = await operationKeys(db);
      for (const s of acked) expect(after.get(s.key)).toBe(before.get(s.key));
      for (const s of inFlight) expect(after.get(s.key)).toBeGreaterThan(0);
      await expectHealthy(db);

      // Pending work resumes: today's daily jobs finish and no sign-up's team figures stay pending.
      await until(
        async () => {
          const r = await sql<{ n: string }>`select count(*) as n from job_runs
            where run_date = current_date and job = 'mining_income' and status = 'done'`.execute(db);
          const pending = await sql<{
            n: string;
          }>`select count(*) as n from members where tree_pending`.execute(db);
          return Number(r.rows[0]?.n) === 1 && Number(pending.rows[0]?.n) === 0;
        },
        20_000,
        "today's jobs after the restart",
      );
    } finally {
      await db.destroy();
    }
  }, 240_000);

  it('answers 503 while PostgreSQL is down, never hangs, and posts again once it is back', async () => {
    sent.length = 0;
    const answers: Answer[] = [];
    let backAfterOutage = false;
    let outageAt = 0;
    const running = load(server.port, 8, (a) => {
      answers.push(a);
      const startedAt = Date.now() - a.ms;
      if (a.code === 503 && !outageAt) outageAt = Date.now();
      // Posted by a request sent after the first 503: PostgreSQL is back.
      else if (outageAt && a.status === 1 && startedAt > outageAt) backAfterOutage = true;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const { pid } = postmasterOf(dataDir);
    process.kill(pid, 'SIGKILL');
    const deadline = Date.now() + 45_000;
    while (!backAfterOutage && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await running.stop();

    expect(outageAt).toBeGreaterThan(0);
    expect(backAfterOutage).toBe(true);
    // Every call was answered (no dropped connection, no hang): a 503 envelope or a result.
    expect(answers.filter((a) => a.http === 0)).toEqual([]);
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
    for (const a of answers.filter((x) => x.status !== 1)) expect([503, 500]).toContain(a.code);
    expect(postmasterOf(dataDir).pid).not.toBe(pid);

    const db = openDb(dataDir);
    try {
      const keys = await operationKeys(db);
      for (const s of sent.filter((x) => x.answer?.status === 1))
        expect(keys.get(s.key), s.key).toBeGreaterThan(0);
      for (const s of sent.filter((x) => !refused(x))) {
        const again = await callApi(server.port, s.call, s.body, tokens[s.from]);
        expect(again.status, `${s.key}: ${JSON.stringify(again)}`).toBe(1);
        if (s.answer?.status === 1) expect(again.data).toEqual(s.answer.data);
      }
      const after = await operationKeys(db);
      for (const s of sent.filter((x) => x.answer?.status === 1))
        expect(after.get(s.key)).toBe(keys.get(s.key));
      await expectHealthy(db);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('stops its PostgreSQL when the server is gone, and says why PostgreSQL cannot start', async () => {
    const { pid } = postmasterOf(dataDir);
    server.child.kill('SIGKILL');
    await until(
      async () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      15_000,
      'the orphaned PostgreSQL to stop',
    );
    const { appendFileSync } = await import('node:fs');
    appendFileSync(`${dataDir}/pg/cluster/postgresql.conf`, '\nshared_buffers = plenty\n');
    await expect(startServer(dataDir)).rejects.toThrow(
      /invalid value for parameter "shared_buffers": "plenty"/,
    );
  }, 60_000);
});
