import { sql } from 'kysely';
import type { Db } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';

/** Stable advisory-lock key so that two servers starting together migrate once. */
const MIGRATION_LOCK = 727_001;

export async function migrate(db: Db): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
        conn,
      );
      const done = await sql<{ id: string }>`select id from schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((r) => r.id));
      const ran: string[] = [];
      for (const m of MIGRATIONS) {
        if (applied.has(m.id)) continue;
        await conn.transaction().execute(async (tx) => {
          await sql.raw(m.up).execute(tx);
          await sql`insert into schema_migrations (id) values (${m.id})`.execute(tx);
        });
        ran.push(m.id);
      }
      return ran;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
