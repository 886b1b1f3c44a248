import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PendingMigrationsError, prepareSchema } from '../src/db/connect.ts';
import { createDb } from '../src/db/database.ts';
import { freePort } from '../src/db/embedded.ts';
import { pendingMigrations } from '../src/db/migrate.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';
import { emptyDatabase, runCli } from './cli.ts';

/**
 * `npm run migrate` is a deployment's own step: it applies what is pending and says what; production servers refuse a
 * database with pending migrations unless MIGRATE_ON_START=1, while the demo profile migrates at start.
 */
const ALL = MIGRATIONS.map((m) => m.id);
const LAST = ALL.at(-1) ?? '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-migrate-cli-'));
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freshDatabase() {
  const database = await emptyDatabase();
  cleanups.push(database.drop);
  return database.url;
}

const migrateCli = (url: string, args: string[] = []) =>
  runCli('migrate-cli.ts', args, { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'production' });

describe('npm run migrate', () => {
  it('on a fresh database: --status lists every migration (exit 3), a run applies them all, the next is up to date', async () => {
    const url = await freshDatabase();
    const before = await migrateCli(url, ['--status']);
    expect(before.code, before.stderr).toBe(3);
    expect(before.stdout).toBe(`pending migrations: ${ALL.join(', ')}\n`);

    const first = await migrateCli(url);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`applied migrations: ${ALL.join(', ')}\n`);

    const [again, status] = await Promise.all([migrateCli(url), migrateCli(url, ['--status'])]);
    expect(again).toMatchObject({ code: 0, stdout: 'up to date\n' });
    expect(status).toMatchObject({ code: 0, stdout: 'up to date\n' });
  }, 60_000);

  it('a failing migration: exit 1 naming it; the ones before it stay applied, it and the rest stay pending', async () => {
    const url = await freshDatabase();
    const db = createDb(url, 1);
    try {
      // In the way of the second migration, which creates this table.
      await sql`create table assets (id int)`.execute(db);
      const run = await migrateCli(url);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`migration failed: migration ${ALL[1]}: relation "assets" already exists`);
      expect(await pendingMigrations(db)).toEqual(ALL.slice(1));
    } finally {
      await db.destroy();
    }
  });

  it('moves uploads an older version left on disk into the database, once, and keeps the folder renamed', async () => {
    const url = await freshDatabase();
    const uploadsDir = mkdtempSync(path.join(tmpdir(), 'mp-migrate-uploads-'));
    cleanups.push(async () => rmSync(uploadsDir, { recursive: true, force: true }));
    const run = () =>
      runCli('migrate-cli.ts', [], { DATABASE_URL: url, DATA_DIR: uploadsDir, NODE_ENV: 'production' });
    expect((await run()).code).toBe(0);
    const media = `${'c'.repeat(32)}.pdf`;
    const picture = 'd'.repeat(32);
    const gone = 'e'.repeat(32);
    const db = createDb(url, 1);
    try {
      const member = await db
        .insertInto('members')
        .values({ userid: 'olduploads', name: 'Old' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const enquiry = await db
        .insertInto('enquiries')
        .values({ member_id: member.id, subject: 'Old', message: 'With pictures' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('enquiry_pictures')
        .values([
          { enquiry_id: enquiry.id, position: 1, file_name: picture, content_type: 'image/png', bytes: 3 },
          { enquiry_id: enquiry.id, position: 2, file_name: gone, content_type: 'image/png', bytes: 3 },
        ])
        .execute();
      await db
        .insertInto('uploads')
        .values({ file_name: media, kind: 'pdf', content_type: 'application/pdf', bytes: 3 })
        .execute();
      const put = (area: string, name: string, text: string) => {
        mkdirSync(path.join(uploadsDir, 'uploads', area), { recursive: true });
        writeFileSync(path.join(uploadsDir, 'uploads', area, name), text);
      };
      put('content', media, 'pdf');
      put('enquiries', picture, 'png');
      // A file on disk that no row names stays behind, in the renamed folder.
      put('content', `${'f'.repeat(32)}.png`, 'orphan');

      const first = await run();
      expect(first).toMatchObject({ code: 0, stdout: 'up to date\n' });
      expect(first.stderr).toContain('imported 2 uploaded files');
      expect(first.stderr).toContain('(1 named by the database were not there)');
      expect(existsSync(path.join(uploadsDir, 'uploads'))).toBe(false);
      expect(existsSync(path.join(uploadsDir, 'uploads.imported/content', media))).toBe(true);
      const stored = await db
        .selectFrom('files')
        .select(['name', 'area', 'content_type', 'size'])
        .orderBy('name')
        .execute();
      expect(stored).toEqual([
        { name: media, area: 'content', content_type: 'application/pdf', size: '3' },
        { name: picture, area: 'enquiries', content_type: 'image/png', size: '3' },
      ]);

      // The folder put back (a restored copy, say): nothing is imported twice.
      put('content', media, 'pdf');
      const again = await run();
      expect(again.stderr).toContain('imported 0 uploaded files');
      expect(existsSync(path.join(uploadsDir, 'uploads'))).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('wrong usage: exit 2', async () => {
    const run = await migrateCli('postgres://nowhere.invalid/none', ['--frobnicate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Usage: npm run migrate [-- --status]');
  });
});

describe('the schema at start', () => {
  it('without migrating at start, pending migrations refuse, naming them and npm run migrate; with it, they are applied', async () => {
    const db = createDb(await freshDatabase(), 2);
    try {
      const refused = await prepareSchema(db, { migrateOnStart: false }, () => {}).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(PendingMigrationsError);
      expect((refused as PendingMigrationsError).pending).toEqual(ALL);
      expect((refused as Error).message).toMatch(
        /^the database lacks \d+ migrations this version needs: 0001_foundation, .*Run `npm run migrate` .*or set MIGRATE_ON_START=1/,
      );
      expect(await pendingMigrations(db)).toEqual(ALL);

      const said: string[] = [];
      await prepareSchema(db, { migrateOnStart: true }, (m) => said.push(m));
      expect(said).toEqual([`applied migrations: ${ALL.join(', ')}`]);
      await expect(prepareSchema(db, { migrateOnStart: false }, () => {})).resolves.toBeUndefined();
    } finally {
      await db.destroy();
    }
  });

  it('a production server refuses to serve a database with a pending migration: exit 1, told what to run', async () => {
    const url = await freshDatabase();
    const db = createDb(url, 1);
    try {
      expect((await migrateCli(url)).code).toBe(0);
      // As if this version brought the last migration: the database has not had it.
      await sql`delete from schema_migrations where id = ${LAST}`.execute(db);
    } finally {
      await db.destroy();
    }
    const port = await freePort();
    const main = await runCli('main.ts', [], {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_SECRET: 'a'.repeat(64),
      DEMO_DATA: '0',
      CHAIN: '0',
      SMTP_URL: 'smtp://user:pass@127.0.0.1:1',
      MIGRATE_ON_START: '',
    });
    const { code } = main;
    const out = main.stdout + main.stderr;
    expect(code, out).toBe(1);
    expect(out).toContain(`the database lacks 1 migration this version needs: ${LAST}.`);
    expect(out).toContain('Run `npm run migrate`');
    expect(out).not.toMatch(/ at .*\.ts:\d+/);
    expect(out).not.toContain('is running at');
  }, 60_000);
});
