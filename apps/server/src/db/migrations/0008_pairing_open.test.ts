import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations.ts';
import type { Db } from '../database.ts';

/** 0008 moves what pairing_state held onto member_stats, for a database that already paired. */
let db: Db;
let apply: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply } = await databaseBefore('0008_pairing_open'));
});
afterAll(() => db.destroy());

describe('migration 0008_pairing_open', () => {
  it('keeps every volume not yet paired, the first pair and the last date; opens reward accounts', async () => {
    const ids = await sql<{ id: string }>`insert into members (userid, name)
      values ('m1', ''), ('m2', ''), ('m3', '') returning id::text`.execute(db);
    const [a, b, c] = ids.rows.map((r) => r.id) as [string, string, string];
    // a paired before: 500 | 300 lifetime, 400 | 300 counted by then, 100 | 0 carried -> 200 | 0 open.
    // b never paired: 700 | 50 lifetime, all open. c has a state row only (paired when it had no stats row).
    await sql`insert into member_stats (member_id, left_volume, right_volume)
      values (${a}, 500, 300), (${b}, 700, 50)`.execute(db);
    await sql`insert into pairing_state (member_id, left_balance, right_balance, left_counted, right_counted,
        first_pair_done, last_date)
      values (${a}, 100, 0, 400, 300, true, '2030-01-05'), (${c}, 0, 0, 0, 0, true, '2030-01-04')`.execute(
      db,
    );

    await apply();

    const rows = await sql<{
      member_id: string;
      left_open: string;
      right_open: string;
      first_pair_done: boolean;
      paired_on: string | null;
    }>`select member_id::text, left_open::text, right_open::text, first_pair_done, paired_on::text
      from member_stats order by member_id`.execute(db);
    expect(rows.rows).toEqual([
      { member_id: a, left_open: '200', right_open: '0', first_pair_done: true, paired_on: '2030-01-05' },
      { member_id: b, left_open: '700', right_open: '50', first_pair_done: false, paired_on: null },
      { member_id: c, left_open: '0', right_open: '0', first_pair_done: true, paired_on: '2030-01-04' },
    ]);
    // Members who were there have their reward account; a new member gets one as they join.
    await sql`insert into members (userid, name) values ('m4', '')`.execute(db);
    const accounts = await sql<{ n: number }>`select count(*)::int n from members m
      join ledger_accounts l on l.member_id = m.id and l.wallet = 'reward' and l.asset = 'USDT'`.execute(db);
    expect(accounts.rows[0]?.n).toBe(4);
  });
});
