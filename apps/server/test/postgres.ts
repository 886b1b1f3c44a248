import { randomBytes } from 'node:crypto';
import { createDb } from '../src/db/database.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { ensureRoot } from '../src/features/system/bootstrap.ts';

export const ROOT_USERID = 'company';

/** Starts (or reuses, with DATABASE_URL) a server and makes a migrated template database on it. */
export async function startTestPostgres(dir: string) {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const pg = await startEmbeddedPostgres(dir, { fast: true });
    adminUrl = pg.url('postgres');
    stop = pg.stop;
  }
  const template = `mp_template_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, template);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const db = createDb(url.toString(), 1);
  await migrate(db);
  await ensureRoot(db, ROOT_USERID);
  await db.destroy();
  return { adminUrl, template, stop };
}

/** A fresh database copied from the template: each test file gets its own. */
export async function createTestDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, template);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
