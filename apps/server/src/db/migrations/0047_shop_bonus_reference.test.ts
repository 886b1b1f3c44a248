import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations.ts';
import type { Db } from '../database.ts';

/** 0047 indexes the transfers that name a shop purchase, so a cancellation finds the purchase's bonuses at once. */
let db: Db;
let apply: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply } = await databaseBefore('0047_shop_bonus_reference'));
});
afterAll(() => db.destroy());

describe('migration 0047_shop_bonus_reference', () => {
  it("finds a shop purchase's bonuses through the index among many other transfers", async () => {
    // 20,000 transfers of other kinds and references, and the bonuses of two shop orders.
    await sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
        debit_balance_after, credit_balance_after, reference)
      select 1, 1, 2, g, 'USDT', case when g % 2 = 0 then 'bonus_level' else 'transfer' end, 0, 0,
        case when g % 3 = 0 then 'purchase:mining:M' || g else 'T' || g end
      from generate_series(1, 20000) g`.execute(db);
    await sql`insert into ledger_transfers (operation_id, debit_account_id, credit_account_id, amount, asset, kind,
        debit_balance_after, credit_balance_after, reference)
      values (2, 1, 3, 10, 'USDT', 'bonus_sponsor', 0, 0, 'purchase:shop:S1'),
        (2, 1, 4, 5, 'USDT', 'bonus_level', 0, 0, 'purchase:shop:S1'),
        (3, 1, 3, 7, 'USDT', 'bonus_sponsor', 0, 0, 'purchase:shop:S2')`.execute(db);
    await apply();
    await sql`analyze ledger_transfers`.execute(db);

    // The lookup of features/shop/admin-orders.ts (bonusesPaidOn), its tables' joins aside.
    const lookup = sql`select amount from ledger_transfers t where t.reference = ${'purchase:shop:S1'}
      and t.reference like 'purchase:shop:%' and t.kind like 'bonus_%' order by amount`;
    const plan = await sql<{ 'QUERY PLAN': string }>`explain ${lookup}`.execute(db);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('ledger_transfers_shop_purchase');
    const found = await lookup.execute(db);
    expect(found.rows.map((r) => Number((r as { amount: string }).amount))).toEqual([5, 10]);

    // Only the transfers naming a shop purchase are in the index.
    const size = await sql<{ n: number }>`select count(*)::int n from ledger_transfers
      where reference like 'purchase:shop:%'`.execute(db);
    expect(size.rows[0]?.n).toBe(3);
  });
});
