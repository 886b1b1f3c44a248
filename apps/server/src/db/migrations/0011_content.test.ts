import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type Db } from '../database.ts';
import { ensureDatabase } from '../embedded.ts';
import { MIGRATIONS } from './index.ts';

/** 0011 turns the foundation's announcements into CMS items, each language's text its own row. */
let db: Db;
beforeAll(async () => {
  const name = `mp_migrate_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(inject('pgAdminUrl'), name);
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  db = createDb(url.toString(), 2);
  for (const m of MIGRATIONS.slice(
    0,
    MIGRATIONS.findIndex((m) => m.id === '0011_content'),
  ))
    await sql.raw(m.up).execute(db);
});
afterAll(() => db.destroy());

describe('migration 0011_content', () => {
  it('keeps every announcement with its texts, state and date; bodies become escaped HTML', async () => {
    await sql`insert into announcements (title, content, published, created_at) values
      (${JSON.stringify({ 'en-US': 'Welcome', 'zh-CN': '欢迎' })}, ${JSON.stringify({ 'en-US': 'Hi <all> & you' })}, true, '2026-01-02T00:00:00Z'),
      (${JSON.stringify({ 'en-US': 'Hidden' })}, ${JSON.stringify({ 'en-US': 'x' })}, false, '2026-01-03T00:00:00Z')`.execute(
      db,
    );
    await sql.raw(MIGRATIONS.find((m) => m.id === '0011_content')?.up ?? '').execute(db);
    const rows = await sql<{
      kind: string;
      published: boolean;
      at: string;
      lang: string;
      title: string;
      body_html: string;
    }>`
      select i.kind, i.published, to_char(i.publish_at at time zone 'UTC', 'YYYY-MM-DD') as at, t.lang, t.title, t.body_html
      from content_items i join content_texts t on t.item_id = i.id order by i.id, t.lang`.execute(db);
    expect(rows.rows).toEqual([
      {
        kind: 'announcement',
        published: true,
        at: '2026-01-02',
        lang: 'en-US',
        title: 'Welcome',
        body_html: '<p>Hi &lt;all&gt; &amp; you</p>',
      },
      {
        kind: 'announcement',
        published: true,
        at: '2026-01-02',
        lang: 'zh-CN',
        title: '欢迎',
        body_html: '',
      },
      {
        kind: 'announcement',
        published: false,
        at: '2026-01-03',
        lang: 'en-US',
        title: 'Hidden',
        body_html: '<p>x</p>',
      },
    ]);
  });
});
