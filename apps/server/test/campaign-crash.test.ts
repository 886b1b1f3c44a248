import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { checkLedger } from '../src/ledger/index.ts';
import { airdropPool, campaignCredits, insertMembers } from './airdrop.ts';
import {
  callApi,
  newDataDir,
  openDb,
  type ServerProcess,
  START_DEADLINE_MS,
  startServer,
  stopServer,
} from './server-process.ts';

/**
 * Issue 28 with real processes: `npm start`'s server is killed with SIGKILL in the middle of an airdrop campaign to
 * thousands of members and started again on the same data. The campaign resumes by itself (its queue is in
 * PostgreSQL) and ends with every recipient credited exactly once.
 */
const MEMBERS = 3_000;
const AMOUNT = '1.5';

let dataDir: string;
let server: ServerProcess | undefined;

async function until<T>(read: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const progress = (db: Db, id: string) =>
  db
    .selectFrom('airdrop_campaigns')
    .select(['status', 'done', 'error', 'recipients', 'amount_each', 'claimed_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(() => {
  dataDir = newDataDir();
});

afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('airdrop campaign after a crash', () => {
  it(
    'resumes after SIGKILL mid-campaign and credits every recipient exactly once',
    async () => {
      server = await startServer(dataDir);
      const before = openDb(dataDir);
      let id: string;
      let poolBefore: bigint;
      let killedAt: number;
      try {
        await insertMembers(before, `crashdrop${Date.now().toString(36)}x`, MEMBERS);
        const login = await callApi(server.port, 'Logon/login', {
          username: 'crashadmin',
          password: 'crash-admin-1',
        });
        const admin = (login.data as { token: string }).token;
        poolBefore = await airdropPool(before);
        const started = await callApi(
          server.port,
          'Admin/airdropcampaign',
          { name: 'Crash drop', amount_each: AMOUNT, all_members: true, idempotency_key: 'crash-drop' },
          admin,
        );
        expect(started.status, JSON.stringify(started)).toBe(1);
        const campaign = started.data as { id: string; total: number };
        id = campaign.id;
        expect(campaign.total).toBeGreaterThanOrEqual(MEMBERS);
        // Killed once some credits are made and most are not.
        killedAt = await until(
          async () => {
            const c = await progress(before, id);
            expect(c.status).toBe('running');
            return c.done > 0 && c.done <= campaign.total / 2 ? c.done : undefined;
          },
          60_000,
          'the campaign to start',
        );
        const dead = new Promise((resolve) => server?.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        await dead;
        // The dead holder's lease as it stands 30 s later, instead of waiting for it (queue.test.ts waits for one).
        await before
          .updateTable('airdrop_campaigns')
          .set({ claimed_until: sql`now() - interval '1 s'` })
          .where('id', '=', id)
          .execute();
      } finally {
        await before.destroy().catch(() => {});
      }

      server = await startServer(dataDir);
      const db = openDb(dataDir);
      try {
        // A new server continues it: the dead one's lease has run out.
        const c = await until(
          async () => {
            const row = await progress(db, id);
            expect(row.status, row.error).not.toBe('failed');
            return row.status === 'done' ? row : undefined;
          },
          START_DEADLINE_MS,
          'the campaign to finish after the restart',
        );
        expect(killedAt).toBeLessThan(c.recipients.length);
        expect(c).toMatchObject({ done: c.recipients.length, claimed_by: null, error: '' });
        const credits = await campaignCredits(db, id);
        expect(credits.size).toBe(c.recipients.length);
        for (const member of c.recipients)
          expect(credits.get(member), member).toEqual({ n: 1, amount: BigInt(c.amount_each) });
        expect(await airdropPool(db)).toBe(poolBefore - BigInt(c.amount_each) * BigInt(c.recipients.length));
        const health = await checkLedger(db);
        expect(health.problems).toEqual([]);
        expect(health.healthy).toBe(true);
      } finally {
        await db.destroy();
      }
    },
    3 * START_DEADLINE_MS + 120_000,
  );
});
