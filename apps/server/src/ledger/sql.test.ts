import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/postgres.ts';
import { type Conn, createDb, type Db } from '../db/database.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import { ledgerFunctionPins } from '../db/migrations/ledger-sql.ts';

/**
 * The ledger's SQL functions are kept as source in ledger/sql/ and installed by migrations (db/migrations/ledger-sql.ts):
 * these tests keep the source, the migrations and the database from drifting apart.
 */
const folder = new URL('./sql/', import.meta.url);
const sources = readdirSync(folder).filter((f) => f.endsWith('.sql'));
const textOf = (file: string) => readFileSync(new URL(file, folder), 'utf8');

let db: Db;
beforeAll(async () => {
  db = createDb(await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate')), 1);
});
afterAll(() => db.destroy());

type Definition = { name: string; args: string; def: string };

/** Every function of a schema with its full definition (as PostgreSQL prints it back), the schema's name left out. */
async function definitions(conn: Conn, schema: string): Promise<Definition[]> {
  const rows =
    await sql<Definition>`select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
      replace(pg_get_functiondef(p.oid), ${`FUNCTION ${schema}.`}, 'FUNCTION ') as def
    from pg_proc p where p.pronamespace = ${schema}::regnamespace order by 1, 2`.execute(conn);
  return rows.rows;
}

describe('the ledger functions source (ledger/sql)', () => {
  it('the newest migration that installs each file names its text as it is now', () => {
    for (const file of sources) {
      const pins = MIGRATIONS.flatMap((m) =>
        ledgerFunctionPins(m.up)
          .filter((p) => p.file === file)
          .map((p) => ({ id: m.id, ...p })),
      );
      const newest = pins.at(-1);
      const now = createHash('sha256').update(textOf(file)).digest('hex');
      expect(
        newest?.sha256,
        `ledger/sql/${file} (sha256 ${now}) is not what ${newest?.id ?? 'any migration'} installed: ` +
          `a changed function needs a new migration that installs it`,
      ).toBe(now);
    }
  });

  it('each function in the database is defined exactly as its source file says', async () => {
    // The sources installed side by side in a schema of their own, then compared as PostgreSQL prints both back, so
    // the arguments, result, language and body must all match; the transaction leaves nothing behind.
    const [installed, source] = await db.transaction().execute(async (tx) => {
      await sql`create schema ledger_source`.execute(tx);
      await sql`set local search_path = ledger_source, public`.execute(tx);
      for (const file of sources) await sql.raw(textOf(file)).execute(tx);
      const fromSource = await definitions(tx, 'ledger_source');
      const names = fromSource.map((d) => d.name);
      const inPublic = (await definitions(tx, 'public')).filter((d) => names.includes(d.name));
      await sql`drop schema ledger_source cascade`.execute(tx);
      return [inPublic, fromSource];
    });
    // One function per file, and the hot path among them.
    expect(source).toHaveLength(sources.length);
    expect(source.map((d) => d.name)).toContain('ledger_post_single');
    expect(installed).toEqual(source);
  });
});
