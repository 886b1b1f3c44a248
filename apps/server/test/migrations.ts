import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';
import { ensureDatabase } from '../src/db/embedded.ts';
import { MIGRATIONS, type Migration, statementsOf } from '../src/db/migrations/index.ts';

/**
 * A fresh database with every migration before `id` applied, for a test that writes rows as the older schema had
 * them and then runs migration `id` on them (`apply`).
 */
export async function databaseBefore(id: string): Promise<{ db: Db; apply: () => Promise<void> }> {
  const index = MIGRATIONS.findIndex((m) => m.id === id);
  if (index < 0) throw new Error(`no migration ${id}`);
  const db = await emptyDatabase();
  const run = async (m: Migration) => {
    if (!m.concurrently) await sql.raw(m.up).execute(db);
    else for (const statement of statementsOf(m)) await sql.raw(statement).execute(db);
  };
  for (const m of MIGRATIONS.slice(0, index)) await run(m);
  return { db, apply: () => run(MIGRATIONS[index]!) };
}

/** A new database of its own with nothing in it (no migration applied). */
export async function emptyDatabase(): Promise<Db> {
  const name = `mp_migrate_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(inject('pgAdminUrl'), name);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return createDb(url.toString(), 2);
}
