import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { logInAs } from '../../../test/helpers.ts';
import { expectLedgerHealthy } from '../../../test/money.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLedger } from '../../ledger/index.ts';
import { ensureRoot } from './bootstrap.ts';
import { DEMO_ADMIN, loadDemo } from './demo-setup.ts';

/** What a newcomer sees after `npm install && npm start`: the demo loaded into an empty database. */
let t: TestApp;
let lines: string[];
beforeAll(async () => {
  t = await createTestApp({ config: { demoData: true, demoAdmin: true } });
  lines = await loadDemo(
    t.deps.config,
    t.db,
    createLedger(t.db),
    await ensureRoot(t.db, 'company'),
    buildApp,
  );
}, 120_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('prints the members and the demo admin', () => {
    expect(lines.join('\n')).toContain('alice / demo1234');
    expect(lines.join('\n')).toContain(`Demo admin: ${DEMO_ADMIN.userid} / ${DEMO_ADMIN.password}`);
  });

  it('gives the admin withdrawals to approve and identities to review', async () => {
    const admin = await logInAs(t, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    const wd = await t.ok<{ list: { userid: string; status: string }[] }>(
      'Admin/wdlist',
      { status: 'pending' },
      { token: admin },
    );
    expect(wd.list.map((w) => w.userid).sort()).toEqual(['bob', 'carol']);
    // Besides: one paid by hand with its transaction, one approved and waiting to be paid by hand.
    const approved = await t.ok<{ list: { userid: string; payout_state: string; tx_hash: string }[] }>(
      'Admin/wdlist',
      { status: 'approved' },
      { token: admin },
    );
    expect(approved.list.map((w) => [w.userid, w.payout_state]).sort()).toEqual([
      ['bob', 'confirmed'],
      ['carol', 'manual'],
    ]);
    const kyc = await t.ok<{ list: { userid: string }[] }>(
      'Admin/kyclist',
      { status: 'pending' },
      { token: admin },
    );
    expect(kyc.list.map((k) => k.userid).sort()).toEqual(['bob', 'erin']);
    const picture = await t.ok<{ data_url: string }>(
      'Home/kycimage',
      { id: (kyc.list[0] as unknown as { id: string }).id, side: 'front' },
      { token: admin },
    );
    expect(picture.data_url).toMatch(/^data:image\/(png|jpeg|webp);base64,/);
  });

  it('gives alice a week of mining income, bonuses from her team and a tree several levels deep', async () => {
    const alice = await logInAs(t, 'alice', 'demo1234');
    const income = await t.ok<{ series: { date: string }[]; totals: { total: string }[] }>(
      'Mining/incomesummary',
      {},
      { token: alice },
    );
    expect(new Set(income.series.map((s) => s.date)).size).toBeGreaterThanOrEqual(6);
    const bonus = await t.ok<{ list: { type: string; total: string }[] }>(
      'asset/bonussummary',
      {},
      { token: alice },
    );
    expect(Number(bonus.list.find((b) => b.type === 'sponsor')?.total)).toBeGreaterThan(0);
    const tree = await t.ok<{ nodes: { userid: string; left_count: number; right_count: number }[] }>(
      'Tree/gettree',
      {},
      { token: alice },
    );
    const top = tree.nodes.find((n) => n.userid === 'alice');
    expect((top?.left_count ?? 0) + (top?.right_count ?? 0)).toBeGreaterThanOrEqual(15);
    const depth = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.max('depth').as('deepest'))
      .executeTakeFirstOrThrow();
    expect(Number(depth.deepest)).toBeGreaterThanOrEqual(5);
    await expectLedgerHealthy(t);
  });

  it('creates no demo admin in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, { secret: Buffer.alloc(32) }).demoAdmin).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO_ADMIN: '1' }, { secret: Buffer.alloc(32) }).demoAdmin,
    ).toBe(true);
    expect(loadConfig({}, { secret: Buffer.alloc(32) }).demoAdmin).toBe(true);
  });
});
