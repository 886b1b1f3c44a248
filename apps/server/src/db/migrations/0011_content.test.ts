import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations.ts';
import type { Db } from '../database.ts';

/** 0011 turns the foundation's announcements into CMS items, each language's text its own row. */
let db: Db;
let apply: () => Promise<void>;
beforeAll(async () => {
  ({ db, apply } = await databaseBefore('0011_content'));
});
afterAll(() => db.destroy());

describe('migration 0011_content', () => {
  it('keeps every announcement with its texts, state and date; bodies become escaped HTML', async () => {
    await sql`insert into announcements (title, content, published, created_at) values
      (${JSON.stringify({ 'en-US': 'Welcome', 'zh-CN': '欢迎' })}, ${JSON.stringify({ 'en-US': 'Hi <all> & you' })}, true, '2026-01-02T00:00:00Z'),
      (${JSON.stringify({ 'en-US': 'Hidden' })}, ${JSON.stringify({ 'en-US': 'x' })}, false, '2026-01-03T00:00:00Z')`.execute(
      db,
    );
    await apply();
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
