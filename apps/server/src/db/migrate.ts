import { sql } from 'kysely';
import type { Db } from './database.ts';
import { MIGRATIONS, statementsOf } from './migrations/index.ts';

/** Stable advisory-lock key so that two servers starting together migrate once. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies every migration the database has not had, in order, each in its own transaction (or statement by statement
 * when it says `concurrently`); returns their ids.
 * `migrations`: the first ones only (a restore builds the schema its backup was taken on).
 */
export async function migrate(db: Db, migrations = MIGRATIONS): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = await sql<{ id: string }>`select id from schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((r) => r.id));
      const ran: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.id)) continue;
        const run = m.concurrently
          ? async () => {
              // Each statement on its own; recorded once all have run (a failure runs it again from the start).
              for (const statement of statementsOf(m)) await sql.raw(statement).execute(conn);
              await sql`insert into schema_migrations (id) values (${m.id})`.execute(conn);
            }
          : () =>
              conn.transaction().execute(async (tx) => {
                await sql.raw(m.up).execute(tx);
                await sql`insert into schema_migrations (id) values (${m.id})`.execute(tx);
              });
        await run().catch((err: unknown) => {
          // PostgreSQL's message alone does not say which migration it came from; the ones before it stay applied.
          throw new Error(`migration ${m.id}: ${err instanceof Error ? err.message : String(err)}`, {
            cause: err,
          });
        });
        ran.push(m.id);
      }
      return ran;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Migration ids this code has that the database has not applied, in order: all of them on a database never migrated
 * (no schema_migrations table yet). Reads only, so it may run while another server migrates.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const table = await sql<{
    name: string | null;
  }>`select to_regclass('schema_migrations')::text as name`.execute(db);
  if (!table.rows[0]?.name) return MIGRATIONS.map((m) => m.id);
  const applied = await sql<{ id: string }>`select id from schema_migrations`.execute(db);
  const done = new Set(applied.rows.map((r) => r.id));
  return MIGRATIONS.map((m) => m.id).filter((id) => !done.has(id));
}
