import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (let i = 1; i <= 12; i++) {
    await t.db
      .insertInto('announcements')
      .values({
        title: { 'en-US': `Notice ${i}`, 'zh-CN': `公告 ${i}` },
        content: { 'en-US': `Body ${i}` },
        published: i !== 12,
        created_at: new Date(Date.UTC(2026, 0, i)),
      })
      .execute();
  }
});
afterAll(() => t.close());

describe('Logon/getAnnouncement', () => {
  it('lists published announcements newest first, 10 a page', async () => {
    const page1 = await t.ok<{ list: { title: string }[]; total: number; page: number; pagesize: number }>(
      'Logon/getAnnouncement',
    );
    expect(page1.total).toBe(11);
    expect(page1.pagesize).toBe(10);
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]?.title).toBe('Notice 11');
    const page2 = await t.ok<{ list: { title: string }[] }>('Logon/getAnnouncement', { page: 2 });
    expect(page2.list.map((a) => a.title)).toEqual(['Notice 1']);
  });

  it('shows the title in the asked language, falling back to English', async () => {
    const zh = await t.ok<{ list: { title: string; content: string }[] }>(
      'Logon/getAnnouncement',
      { pagesize: 1 },
      { lang: 'zh-CN' },
    );
    expect(zh.list[0]).toMatchObject({ title: '公告 11', content: 'Body 11' });
  });

  it('refuses a page size over 100', async () => {
    const res = await t.call('Logon/getAnnouncement', { pagesize: 101 });
    expect(res.http).toBe(422);
    expect(res.body.errors?.[0]?.field).toBe('pagesize');
  });

  it('accepts a multipart body', async () => {
    const boundary = '----testboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="pagesize"',
      '',
      '2',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Logon/getAnnouncement',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.json()).toMatchObject({ status: 1, data: { pagesize: 2 } });
  });
});
