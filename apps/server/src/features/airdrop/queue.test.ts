import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { airdropPool, campaignCredits, insertMembers } from '../../../test/airdrop.ts';
import { expectLedgerHealthy } from '../../../test/money.ts';
import { createDb, type Db } from '../../db/database.ts';
import { createLedger } from '../../ledger/index.ts';
import { parseMoney } from '../../lib/amount.ts';
import { stepCampaigns, type QueueDeps } from './queue.ts';

let t: TestApp;
let server: QueueDeps;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  server = { db: t.db, ledger: createLedger(t.db) };
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

async function newCampaign(recipients: string[], amount: string) {
  seq += 1;
  const row = await t.db
    .insertInto('airdrop_campaigns')
    .values({
      idempotency_key: `queue-test-${seq}-${Date.now()}`,
      name: `Queue ${seq}`,
      asset: 'XT',
      amount_each: parseMoney(amount, 'XT', 'amount_each').toString(),
      recipients,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const campaign = (id: string) =>
  t.db.selectFrom('airdrop_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Steps like a server's task until every campaign given has ended; returns how many steps ran one. */
async function runner(d: QueueDeps, ids: string[]) {
  let worked = 0;
  for (;;) {
    const open = await t.db
      .selectFrom('airdrop_campaigns')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'running')
      .execute();
    if (open.length === 0) return worked;
    if (await stepCampaigns(d)) worked += 1;
    else await new Promise((r) => setTimeout(r, 20));
  }
}

/** Each recipient credited once with the campaign's amount, and nobody else. */
async function expectPaidOnce(id: string, recipients: string[]) {
  const c = await campaign(id);
  const credits = await campaignCredits(t.db, id);
  expect([...credits.keys()].sort()).toEqual([...recipients].sort());
  for (const [, got] of credits) expect(got).toEqual({ n: 1, amount: BigInt(c.amount_each) });
}

describe('airdrop campaigns run from PostgreSQL', () => {
  it('two servers stepping at once run every campaign to the end and credit each recipient once', async () => {
    const members = await insertMembers(t.db, `q${Date.now().toString(36)}x`, 1_200);
    const poolBefore = await airdropPool(t.db);
    const first = await newCampaign(members, '2');
    const second = await newCampaign(members.slice(0, 1_100), '3');
    const otherDb: Db = createDb(t.url, 4);
    try {
      const other = { db: otherDb, ledger: createLedger(otherDb) };
      const steps = await Promise.all([runner(server, [first, second]), runner(other, [first, second])]);
      // Both took part: while one held a campaign, the other claimed the next rather than queue behind it.
      expect(steps[0]).toBeGreaterThan(0);
      expect(steps[1]).toBeGreaterThan(0);
    } finally {
      await otherDb.destroy();
    }
    for (const [id, total] of [
      [first, 1_200],
      [second, 1_100],
    ] as const)
      expect(await campaign(id)).toMatchObject({ status: 'done', done: total, claimed_by: null, error: '' });
    await expectPaidOnce(first, members);
    await expectPaidOnce(second, members.slice(0, 1_100));
    const paid = 1_200n * parseMoney('2', 'XT', 'a') + 1_100n * parseMoney('3', 'XT', 'a');
    expect(await airdropPool(t.db)).toBe(poolBefore - paid);
  }, 180_000);

  it("waits for a crashed holder's lease, then continues from `done` and pays nobody twice", async () => {
    const members = await insertMembers(t.db, `c${Date.now().toString(36)}x`, 250);
    const id = await newCampaign(members, '1');
    expect(await stepCampaigns(server)).toBe(true);
    const operations = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) n from ledger_operations o
            join ledger_transfers tr on tr.operation_id = o.id
            where o.idempotency_key like ${`airdrop-campaign:${id}:%`}`.execute(t.db)
        ).rows[0]?.n,
      );
    expect(await operations()).toBe(250);
    const poolBefore = await airdropPool(t.db);
    // As a server leaves it when it dies after crediting everyone but recording only the first batch.
    await t.db
      .updateTable('airdrop_campaigns')
      .set({
        status: 'running',
        done: 100,
        claimed_by: 'crashed',
        claimed_until: sql`now() + interval '30 s'`,
      })
      .where('id', '=', id)
      .execute();
    expect(await stepCampaigns(server)).toBe(false);
    expect(await campaign(id)).toMatchObject({ status: 'running', claimed_by: 'crashed' });

    await t.db
      .updateTable('airdrop_campaigns')
      .set({ claimed_until: sql`now() - interval '1 s'` })
      .where('id', '=', id)
      .execute();
    expect(await stepCampaigns(server)).toBe(true);
    expect(await campaign(id)).toMatchObject({ status: 'done', done: 250, claimed_by: null });
    expect(await operations()).toBe(250);
    expect(await airdropPool(t.db)).toBe(poolBefore);
    await expectPaidOnce(id, members);
  }, 60_000);

  it('a credit that fails ends the campaign failed with its error, and no step takes it again', async () => {
    const [member] = await insertMembers(t.db, `f${Date.now().toString(36)}x`, 1);
    const id = await newCampaign([member as string, '999999999'], '1');
    expect(await stepCampaigns(server, id)).toBe(true);
    const c = await campaign(id);
    expect(c).toMatchObject({ status: 'failed', done: 0, claimed_by: null });
    expect(c.error).toMatch(/foreign key/);
    expect(await stepCampaigns(server, id)).toBe(false);
  });
});
