import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations.ts';
import type { Db } from '../database.ts';

/** 0044 indexes each account's transfers by kind and time in place of (account, id), and adds the roll-up tables. */
let db: Db;
let apply: () => Promise<void>;
let reward: string;
beforeAll(async () => {
  ({ db, apply } = await databaseBefore('0044_ledger_history'));
});
afterAll(() => db.destroy());

describe('migration 0044_ledger_history', () => {
  it("serves a page of one account's transfers of a kind, newest first, from the index alone", async () => {
    await sql`insert into members (id, userid) values (900, 'migr44')`.execute(db);
    // Signing up opens the member's accounts (a trigger); the funds one may not be among them.
    await sql`insert into ledger_accounts (member_id, wallet, asset, no_overdraft) values
      (900, 'reward', 'USDT', true), (900, 'funds', 'USDT', true) on conflict do nothing`.execute(db);
    const ids = await sql<{ wallet: string; id: string }>`select wallet, id::text from ledger_accounts
      where member_id = 900 and asset = 'USDT' and wallet in ('reward', 'funds')`.execute(db);
    reward = ids.rows.find((r) => r.wallet === 'reward')!.id;
    const funds = ids.rows.find((r) => r.wallet === 'funds')!.id;
    await sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
        debit_balance_after, credit_balance_after, created_at)
      select 1, ${funds}, ${reward}, g, 'USDT', case when g % 3 = 0 then 'bonus_level' else 'transfer' end, 0, 0,
        now() - g * interval '1 hour'
      from generate_series(1, 300) g`.execute(db);
    await apply();

    const indexes = await sql<{
      name: string;
      def: string;
    }>`select indexname name, indexdef def from pg_indexes
      where tablename = 'ledger_transfers' order by 1`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual([
      'ledger_transfers_credit_kind',
      'ledger_transfers_debit_kind',
      'ledger_transfers_pending_once',
      'ledger_transfers_pkey',
    ]);
    expect(indexes.rows[0]?.def).toContain(
      '(credit_account_id, kind, created_at DESC, id DESC) INCLUDE (flags)',
    );

    await sql`vacuum analyze ledger_transfers`.execute(db);
    const page = sql`select created_at, id from ledger_transfers where credit_account_id = ${reward} and kind = 'bonus_level'
      and flags in ('posted', 'pending') and created_at >= now() - interval '100 hours'
      order by created_at desc, id desc limit 10`;
    const plan = await db.transaction().execute(async (tx) => {
      // A table this small would be read whole; the plan for a large one is what is checked.
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`set local enable_bitmapscan = off`.execute(tx);
      const r = await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(tx);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('Index Only Scan using ledger_transfers_credit_kind');
    expect(plan).not.toContain('Sort');
    const rows = await page.execute(db);
    expect(rows.rows).toHaveLength(10);
  });

  it('keeps one roll-up row per account, side, kind, day and peer', async () => {
    await sql`insert into ledger_history_rollups (member_id, through) values (900, '2030-01-02')`.execute(db);
    const row = sql`insert into ledger_history_days (account_id, side, kind, day, shown, posted, amount)
      values (${reward}, 'c', 'bonus_level', '2030-01-01', 2, 2, 30)`;
    await row.execute(db);
    await expect(row.execute(db)).rejects.toThrow(/duplicate key/);
    await expect(
      sql`insert into ledger_history_days (account_id, side, kind, day, shown, posted, amount)
        values (${reward}, 'x', 'bonus_level', '2030-01-01', 1, 1, 1)`.execute(db),
    ).rejects.toThrow(/check constraint/);
  });
});
