import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/migrations.ts';
import type { Db } from './database.ts';
import { migrate } from './migrate.ts';
import type { Migration } from './migrations/index.ts';

/** The runner on migrations of its own (a fresh database): one in a transaction, one statement by statement. */
let db: Db;
beforeAll(async () => {
  db = await emptyDatabase();
});
afterAll(() => db.destroy());

const table: Migration = {
  id: 'm1_table',
  up: 'create table things (a int);\ninsert into things values (1), (2);',
};
const index = (last: string): Migration => ({
  id: 'm2_index',
  up: `DROP INDEX CONCURRENTLY IF EXISTS things_a;\nCREATE INDEX CONCURRENTLY things_a ON things (a);\n${last};\n`,
  concurrently: true,
});

describe('migrate', () => {
  it('runs a concurrent migration outside a transaction, and from its start again after a failure', async () => {
    // CREATE INDEX CONCURRENTLY refuses to run in a transaction: it runs here; the statement after it fails.
    await expect(migrate(db, [table, index('select * from no_such_table')])).rejects.toThrow(
      /migration m2_index: .*no_such_table/,
    );
    const recorded = async () =>
      (await sql<{ id: string }>`select id from schema_migrations order by id`.execute(db)).rows.map(
        (r) => r.id,
      );
    expect(await recorded()).toEqual(['m1_table']);
    // Run again (the failing statement fixed): from its first statement, the index made anew, then recorded.
    expect(await migrate(db, [table, index('select 1')])).toEqual(['m2_index']);
    expect(await recorded()).toEqual(['m1_table', 'm2_index']);
    const valid = await sql<{ valid: boolean }>`select i.indisvalid valid from pg_index i
      join pg_class c on c.oid = i.indexrelid where c.relname = 'things_a'`.execute(db);
    expect(valid.rows).toEqual([{ valid: true }]);
    expect(await migrate(db, [table, index('select 1')])).toEqual([]);
  });
});
