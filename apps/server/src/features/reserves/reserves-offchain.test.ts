import { type ReserveProof, verifyProof } from '@mp/contract';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, fund, newKey } from '../../../test/money.ts';
import { runDailyJob } from '../../jobs/daily.ts';
import { dailyJobs } from '../../jobs/registry.ts';
import { RETENTION_JOB } from '../../jobs/retention.ts';
import { createLedger } from '../../ledger/index.ts';
import { reservesJob, reservesStep } from './task.ts';

/**
 * Proof of reserves on a platform that follows no chain: the snapshot still publishes the liabilities (reserves 0,
 * no signature, no anchor); a withdrawal held is its own column; the daily job takes the day's snapshot and fails
 * its run when the snapshot is refused; /metrics shows the latest snapshot.
 */
let t: TestApp;
let owner: string;
const TX = '654321';

type Listed = {
  id: string;
  chain_id: number;
  block: string;
  total: string;
  anchor_tx: string | null;
  ratio_bp: number | null;
  reserves: { total: string; hot_wallet: { address: string | null; signature: string | null } };
  points: { RP: string; DP: string };
  explorer: unknown;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await adminToken(t);
});
afterAll(async () => {
  await t?.close();
});

const build = () =>
  reservesStep({ db: t.db, anchors: { queue: async () => {}, find: async () => undefined } });

describe('proof of reserves without a chain', () => {
  it('publishes the liabilities with reserves 0 and no anchor; a held withdrawal is in withdrawals_held', async () => {
    const m = await newMember(t);
    await fund(t, owner, m.userid, '100');
    await fund(t, owner, m.userid, '12.5', 'registration_points', 'RP');
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await t.ok(
      'member/updatecaddress',
      { address: to, address_type: 'USDT-ERC20', tx_password: TX },
      { token: m.token },
    );
    await t.ok(
      'asset/withdrawsave',
      { amount: '40', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    await t.ok('Admin/reservesnow', { idempotency_key: newKey() }, { token: owner });
    expect((await build())?.state).toBe('published');
    const [s] = (await t.ok<{ list: Listed[] }>('Reserves/list', {}, { token: m.token })).list;
    expect(s).toMatchObject({
      chain_id: 0,
      block: '0',
      total: '100000000',
      anchor_tx: null,
      ratio_bp: 0,
      reserves: { total: '0', hot_wallet: { address: null, signature: null } },
      points: { RP: '1250', DP: '0' },
      explorer: null,
    });
    const proof = await t.ok<ReserveProof>('Reserves/proof', { snapshot_id: s?.id }, { token: m.token });
    expect(verifyProof(proof).ok).toBe(true);
    // funds 60 available, 40 held for the withdrawal: the member is owed the whole 100 still.
    expect(proof.leaf.amounts).toEqual(['0', '0', '0', '60000000', '40000000', '0']);
    expect(await t.ok('Reserves/chain', {})).toEqual({ chain_id: null, rpc_url: null, hot_wallet: null });
  });

  it("the daily job takes the day's snapshot once, and its run fails when the snapshot is refused", async () => {
    const job = reservesJob({ db: t.db });
    const day = await runDailyJob(t.db, 'reserves', job, '2026-11-20');
    expect(day.status).toBe('done');
    const row = await t.db
      .selectFrom('reserve_snapshots')
      .select(['id', 'state'])
      .where('run_date', '=', '2026-11-20')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('published');
    // Again for the same day: the same snapshot, no second one.
    await runDailyJob(t.db, 'reserves', job, '2026-11-20');
    const count = await sql<{ n: string }>`select count(*)::text n from reserve_snapshots
      where run_date = '2026-11-20'`.execute(t.db);
    expect(count.rows[0]?.n).toBe('1');

    await fund(t, owner, (await newMember(t)).userid, '1');
    const where = sql`platform = 'adjustments' and asset = 'USDT'`;
    await sql`update ledger_accounts set debits_posted = debits_posted + 1 where ${where}`.execute(t.db);
    try {
      await expect(runDailyJob(t.db, 'reserves', job, '2026-11-21')).rejects.toThrow(
        /refused: ledger: USDT posted/,
      );
      const run = await t.db
        .selectFrom('job_runs')
        .select(['status', 'error'])
        .where('job', '=', 'reserves')
        .where('run_date', '=', '2026-11-21')
        .executeTakeFirstOrThrow();
      expect(run.status).toBe('failed');
    } finally {
      await sql`update ledger_accounts set debits_posted = debits_posted - 1 where ${where}`.execute(t.db);
    }
  });

  it('shows the latest snapshot in /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/^mp_reserves_last_published_timestamp_seconds \d+/m);
    expect(res.body).toMatch(/^mp_reserves_last_duration_seconds [\d.e-]+$/m);
    expect(res.body).toMatch(/^mp_reserves_ratio 0$/m);
    expect(res.body).toMatch(/^mp_reserves_last_refused 1$/m);
    expect(res.body).toMatch(/^mp_job_failed\{job="reserves"\} 1$/m);
  });
  it("the retention job deletes an old snapshot's tree and keeps its figures; the newest keeps its tree", async () => {
    const m = await newMember(t);
    await fund(t, owner, m.userid, '5');
    const take = async () => {
      await t.ok('Admin/reservesnow', { idempotency_key: newKey() }, { token: owner });
      const built = await build();
      if (built?.state !== 'published') throw new Error('the snapshot was not published');
      return built.id;
    };
    const old = await take();
    const newest = await take();
    // Both taken long ago: the newest published snapshot keeps its tree whatever its age.
    await t.db
      .updateTable('reserve_snapshots')
      .set({ taken_at: new Date('2020-01-01T00:00:00Z') })
      .where('id', 'in', [old, newest])
      .execute();
    const rows = async (id: string) => {
      const r = await sql<{ n: string }>`select (select count(*) from reserve_nodes where snapshot_id = ${id})
        + (select count(*) from reserve_leaves where snapshot_id = ${id}) n`.execute(t.db);
      return Number(r.rows[0]?.n);
    };
    const before = await rows(old);
    expect(before).toBeGreaterThan(0);

    const retention = dailyJobs(createLedger(t.db))[RETENTION_JOB];
    if (!retention) throw new Error('retention is not registered');
    const run = await runDailyJob(t.db, RETENTION_JOB, retention, new Date().toISOString().slice(0, 10));
    expect(run.amounts.find((a) => a.asset === 'reserve_trees')?.amount).toBe(BigInt(before));
    expect(await rows(old)).toBe(0);
    expect(await rows(newest)).toBeGreaterThan(0);

    const refused = await t.call('Reserves/proof', { snapshot_id: old }, { token: m.token });
    expect(refused.body).toMatchObject({
      code: 404,
      msg: "This snapshot's proofs are no longer kept: choose a newer snapshot",
    });
    const listed = (await t.ok<{ list: Listed[] }>('Reserves/list', {}, { token: m.token })).list;
    expect(listed.find((s) => s.id === old)?.total).toMatch(/^\d+$/);
    const proof = await t.ok<ReserveProof>('Reserves/proof', { snapshot_id: newest }, { token: m.token });
    expect(verifyProof(proof).ok).toBe(true);
  });
});
