import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { jpegWithExif, multipart, type Part, pngWithText } from '../../../test/images.ts';
import { adminToken, balanceOf, expectLedgerHealthy } from '../../../test/money.ts';
import { simplePdf } from './demo-content.ts';
import { createMarketFeed } from '../trading/feed.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

type Paged<T> = { list: T[]; page: number; pagesize: number; total: number };
type Summary = { id: number; title: string; summary: string; image_url: string; published_at: string };
type Article = Summary & { body_html: string; lang: string };

async function save(fields: Record<string, unknown>, token = admin): Promise<number> {
  const data = await t.ok<{ id: number }>('Admin/newssave', { published: true, ...fields }, { token });
  return data.id;
}

async function upload(kind: string, file: Buffer, filename: string, type: string) {
  const parts: Part[] = [
    { name: 'kind', value: kind },
    { name: 'file', file, filename, type },
  ];
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${'Admin/upload'}`,
    headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
    payload,
  });
  return res.json() as {
    status: number;
    msg: string;
    data: { id: string; url: string; content_type: string };
  };
}

/** A minimal MP4: ftyp, then an empty moov, then `media` bytes of media data. */
function tinyMp4(media = Buffer.alloc(4096, 1)): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('moov', Buffer.alloc(64)),
    box('mdat', media),
  ]);
}

describe('Logon/getAnnouncement (now CMS items of kind announcement)', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) {
      const id = await save({
        kind: 'announcement',
        lang: 'en-US',
        title: `Notice ${i}`,
        body: `Body ${i}`,
        published: i !== 12,
        publish_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
      });
      await save({
        id,
        kind: 'announcement',
        lang: 'zh-CN',
        title: `公告 ${i}`,
        published: i !== 12,
        publish_at: new Date(Date.UTC(2026, 0, i)).toISOString(),
      });
    }
  });

  it('lists published announcements newest first, 10 a page', async () => {
    const page1 = await t.ok<Paged<{ title: string }>>('Logon/getAnnouncement');
    expect(page1.total).toBe(11);
    expect(page1.pagesize).toBe(10);
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]?.title).toBe('Notice 11');
    const page2 = await t.ok<Paged<{ title: string }>>('Logon/getAnnouncement', { page: 2 });
    expect(page2.list.map((a) => a.title)).toEqual(['Notice 1']);
  });

  it('shows the title in the asked language; the text is the translation’s own', async () => {
    const zh = await t.ok<Paged<{ title: string; content: string }>>(
      'Logon/getAnnouncement',
      { pagesize: 1 },
      { lang: 'zh-CN' },
    );
    // The zh-CN text was saved with a title only: its body is its own (empty), not English.
    expect(zh.list[0]).toMatchObject({ title: '公告 11', content: '' });
    const en = await t.ok<Paged<{ title: string; content: string }>>('Logon/getAnnouncement', {
      pagesize: 1,
    });
    expect(en.list[0]).toMatchObject({ title: 'Notice 11', content: 'Body 11' });
  });

  it('refuses a page size over 100', async () => {
    const res = await t.call('Logon/getAnnouncement', { pagesize: 101 });
    expect(res.http).toBe(422);
    expect(res.body.errors?.[0]?.field).toBe('pagesize');
  });

  it('accepts a multipart body', async () => {
    const { payload, contentType } = multipart([{ name: 'pagesize', value: '2' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Logon/getAnnouncement',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.json()).toMatchObject({ status: 1, data: { pagesize: 2 } });
  });
});

describe('news in three languages', () => {
  let newsId: number;
  beforeAll(async () => {
    newsId = await save({ lang: 'en-US', title: 'Hello members', body: '<p>English <b>body</b></p>' });
    await save({ id: newsId, lang: 'zh-CN', title: '会员你好', body: '<p>中文正文</p>' });
  });

  it('gives each language its own text and English where a translation is missing', async () => {
    const en = await t.ok<Article>('Home/showOneNews', { id: newsId });
    expect(en).toMatchObject({
      title: 'Hello members',
      body_html: '<p>English <b>body</b></p>',
      lang: 'en-US',
    });
    const zh = await t.ok<Article>('Home/showOneNews', { id: newsId }, { lang: 'zh-CN' });
    expect(zh).toMatchObject({ title: '会员你好', body_html: '<p>中文正文</p>', lang: 'zh-CN' });
    const bm = await t.ok<Article>('Home/showOneNews', { id: newsId }, { lang: 'bm-MY' });
    expect(bm).toMatchObject({ title: 'Hello members', lang: 'en-US' });
    const list = await t.ok<Paged<Summary>>('Home/getAllNews', {}, { lang: 'zh-CN' });
    expect(list.list.find((n) => n.id === newsId)).toMatchObject({ title: '会员你好', summary: '中文正文' });
    const admin_ = await t.ok<Paged<{ id: number; langs: string[]; missing: string[] }>>(
      'Admin/contentlist',
      { kind: 'news' },
      { token: admin },
    );
    expect(admin_.list.find((r) => r.id === newsId)).toMatchObject({
      langs: ['en-US', 'zh-CN'],
      missing: ['bm-MY'],
    });
  });

  it('shows a new item at once (the cache forgets on publish) and searches titles', async () => {
    const before = await t.ok<Paged<Summary>>('Home/getAllNews');
    const id = await save({ lang: 'en-US', title: 'Fresh off the press', body: 'x' });
    const after = await t.ok<Paged<Summary>>('Home/getAllNews');
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]?.id).toBe(id);
    const found = await t.ok<Paged<{ id: number }>>('Home/getNewsTitle', { q: 'off the' });
    expect(found.list.map((n) => n.id)).toEqual([id]);
    const latest = await t.ok<{ list: { id: number }[] }>('Main/showLatestNews');
    expect(latest.list[0]?.id).toBe(id);
  });

  it('hides drafts and scheduled items until their time, then shows them', async () => {
    const draft = await save({ lang: 'en-US', title: 'Draft item', published: false });
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await save({ lang: 'en-US', title: 'Scheduled item', publish_at: later });
    const visible = async () =>
      (await t.ok<Paged<Summary>>('Home/getAllNews', { pagesize: 100 })).list.map((n) => n.id);
    expect(await visible()).not.toContain(draft);
    expect(await visible()).not.toContain(scheduled);
    for (const id of [draft, scheduled]) {
      const res = await t.call('Home/showOneNews', { id });
      expect(res.http).toBe(404);
      expect(res.body.msg).toBe('This article is not available');
      expect((await t.call('Home/clickCount', { id })).http).toBe(404);
    }
    const states = await t.ok<Paged<{ id: number; state: string }>>(
      'Admin/contentlist',
      { kind: 'news', pagesize: 100 },
      { token: admin },
    );
    expect(states.list.find((r) => r.id === draft)?.state).toBe('draft');
    expect(states.list.find((r) => r.id === scheduled)?.state).toBe('scheduled');
    t.clock.advance(3_600_001);
    expect(await visible()).toContain(scheduled);
    expect(await visible()).not.toContain(draft);
  });

  it('makes script and event handlers inert and keeps safe formatting', async () => {
    const id = await save({
      lang: 'en-US',
      title: 'Tricky',
      body:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
        '<img src="/media/abc.png" onerror="alert(3)"><a href="javascript:alert(4)">bad</a>' +
        '<a href="https://example.com">good</a><iframe src="https://evil"></iframe><style>p{}</style>',
    });
    const a = await t.ok<Article>('Home/showOneNews', { id });
    expect(a.body_html).not.toMatch(/script|onerror|onclick|javascript|iframe|style|alert/i);
    expect(a.body_html).toContain('<p>Hi</p>');
    expect(a.body_html).toContain('<img src="/media/abc.png" />');
    expect(a.body_html).toContain('<span>bad</span>');
    expect(a.body_html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
  });

  it('counts readings', async () => {
    const first = await t.ok<{ click_count: number }>('Home/clickCount', { id: newsId });
    const second = await t.ok<{ click_count: number }>('Home/clickCount', { id: newsId });
    expect(second.click_count).toBe(first.click_count + 1);
    expect((await t.call('Home/clickCount', { id: 'abc' })).http).toBe(404);
  });

  it('is written by admins only', async () => {
    const member = await newMember(t);
    const res = await t.call(
      'Admin/newssave',
      { lang: 'en-US', title: 'x', published: true },
      { token: member.token },
    );
    expect(res.http).toBe(403);
  });

  it('refuses a bad publish time and a bad link, naming the field', async () => {
    const res = await t.call(
      'Admin/newssave',
      { lang: 'en-US', title: 'x', publish_at: 'soon' },
      { token: admin },
    );
    expect(res.body.errors?.[0]?.field).toBe('publish_at');
    const link = await t.call(
      'Admin/newssave',
      { kind: 'slider', lang: 'en-US', title: 'x', link: 'javascript:alert(1)' },
      { token: admin },
    );
    expect(link.body.errors?.[0]?.field).toBe('link');
  });

  it('keeps what an update leaves out: a translation saved later does not move the item', async () => {
    const at = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    const id = await save({
      kind: 'promo',
      lang: 'en-US',
      title: 'Kept',
      publish_at: at,
      sort_order: 5,
      link: '/pages/Game/game',
    });
    await save({ id, lang: 'zh-CN', title: '保留' });
    const detail = await t.ok<{ kind: string; publish_at: string; sort_order: number; link: string }>(
      'Admin/contentdetail',
      { id },
      { token: admin },
    );
    expect(detail).toMatchObject({ kind: 'promo', publish_at: at, sort_order: 5, link: '/pages/Game/game' });
  });

  it('deletes a translation, then the item', async () => {
    const id = await save({ lang: 'en-US', title: 'To delete' });
    await save({ id, lang: 'bm-MY', title: 'Untuk dipadam' });
    await t.ok('Admin/contentdelete', { id, lang: 'bm-MY' }, { token: admin });
    expect((await t.ok<Article>('Home/showOneNews', { id }, { lang: 'bm-MY' })).lang).toBe('en-US');
    await t.ok('Admin/contentdelete', { id }, { token: admin });
    expect((await t.call('Home/showOneNews', { id })).http).toBe(404);
  });
});

describe('uploads', () => {
  it('stores a picture without its metadata and serves it with its type', async () => {
    const res = await upload('image', pngWithText('secret GPS'), 'a.png', 'image/png');
    expect(res.status).toBe(1);
    expect(res.data.content_type).toBe('image/png');
    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(Buffer.from('secret GPS'))).toBe(false);
  });

  it('serves a video with range requests', async () => {
    const res = await upload('video', tinyMp4(), 'clip.mp4', 'video/mp4');
    expect(res.data.content_type).toBe('video/mp4');
    const part = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  });

  it('serves media with a strong ETag, 304 to a cache that has it, HEAD, and byte ranges across chunks', async () => {
    // Over two chunks of the store (256 KiB each), so ranges cross chunk edges.
    const video = tinyMp4(randomBytes(600_000));
    const { data } = await upload('video', video, 'clip.mp4', 'video/mp4');
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      t.app.inject({ method, url: data.url, headers });
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    const etag = `"${createHash('sha256').update(video).digest('hex')}"`;
    expect(whole.headers).toMatchObject({
      etag,
      'content-type': 'video/mp4',
      'content-length': String(video.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });

    const cached = await get({ 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);

    const head = await get({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ etag, 'content-length': String(video.length) });
    expect(head.rawPayload.length).toBe(0);

    const at = 256 * 1024;
    for (const [range, start, end] of [
      [`bytes=${at - 5}-${at + 4}`, at - 5, at + 4],
      [`bytes=${at * 2 - 1}-`, at * 2 - 1, video.length - 1],
      ['bytes=-100', video.length - 100, video.length - 1],
      [`bytes=10-${video.length + 1000}`, 10, video.length - 1],
    ] as const) {
      const part = await get({ range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
      expect(part.headers['content-length']).toBe(String(end - start + 1));
      expect(part.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await get({ range: `bytes=${video.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${video.length}`);
    // Several ranges at once: the whole file (one range is what players ask for).
    expect((await get({ range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
  });

  it('answers 404 for a media name it does not have', async () => {
    for (const url of [`/media/${'ab'.repeat(16)}.png`, '/media/..%2F..%2Fetc%2Fpasswd', '/media/x'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it('accepts a PDF', async () => {
    const res = await upload('pdf', simplePdf(['Hello']), 'doc.pdf', 'application/pdf');
    expect(res.data.content_type).toBe('application/pdf');
  });

  it.each([
    ['pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'fake.pdf', 'application/pdf'],
    ['video', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100)]), 'fake.mp4', 'video/mp4'],
    ['image', simplePdf(['not a picture']), 'fake.png', 'image/png'],
    ['video', jpegWithExif(), 'fake.webm', 'video/webm'],
  ])('refuses a %s that is not what it claims (%s)', async (kind, file, filename, type) => {
    const res = await upload(kind, file, filename, type);
    expect(res.status).toBe(0);
    expect(res.msg).toMatch(/not what it claims/);
  });

  it('lets an item use an upload of the right kind only', async () => {
    const pdf = await upload('pdf', simplePdf(['Doc']), 'doc.pdf', 'application/pdf');
    const bad = await t.call(
      'Admin/newssave',
      { kind: 'file', lang: 'en-US', title: 'x', image_id: pdf.data.id },
      { token: admin },
    );
    expect(bad.body.errors?.[0]?.field).toBe('image_id');
    const id = await save({ kind: 'file', lang: 'en-US', title: 'Handbook', media_id: pdf.data.id });
    const files =
      await t.ok<Paged<{ id: number; media_url: string; media_type: string }>>('Home/getAllFiles');
    expect(files.list.find((f) => f.id === id)).toMatchObject({
      media_url: pdf.data.url,
      media_type: 'application/pdf',
    });
  });
});

describe('important notices', () => {
  it('shows each notice once per member, oldest first', async () => {
    const first = await save({
      kind: 'notice',
      lang: 'en-US',
      title: 'First notice',
      body: 'one',
      publish_at: new Date(t.clock.now().getTime() - 2000).toISOString(),
    });
    const second = await save({
      kind: 'notice',
      lang: 'en-US',
      title: 'Second notice',
      body: 'two',
      publish_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });
    const m = await newMember(t);
    const a = await t.ok<{ notice: { id: number } | null }>('Logon/checkxmlnews', {}, { token: m.token });
    expect(a.notice?.id).toBe(first);
    const b = await t.ok<{ notice: { id: number } | null }>(
      'Logon/checkxmlnews',
      { seen_id: first },
      { token: m.token },
    );
    expect(b.notice?.id).toBe(second);
    const c = await t.ok<{ notice: { id: number } | null }>(
      'Logon/checkxmlnews',
      { seen_id: second },
      { token: m.token },
    );
    expect(c.notice).toBeNull();
    const other = await newMember(t);
    expect(
      (await t.ok<{ notice: { id: number } }>('Logon/checkxmlnews', {}, { token: other.token })).notice.id,
    ).toBe(first);
    // A notice is not an article of the news pages.
    expect((await t.call('Home/showOneNews', { id: first })).http).toBe(404);
  });
});

describe('customer service', () => {
  async function send(token: string, fields: Record<string, string>, pictures: Part[] = []) {
    const { payload, contentType } = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...pictures,
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/${'Member/sendEnquiries'}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload,
    });
    return res.json() as { status: number; msg: string; data: { id: number }; errors?: { field: string }[] };
  }

  it('goes round: member asks with a picture, admin answers, member reads it and is told by mail', async () => {
    const m = await newMember(t, { email: `cs${Date.now()}@example.com` });
    const sent = await send(
      m.token,
      { subject: 'Where is my bonus?', message: 'I expected a pairing bonus.' },
      [{ name: 'picture1', file: jpegWithExif(), filename: 'shot.jpg', type: 'image/jpeg' }],
    );
    expect(sent.status).toBe(1);
    const id = sent.data.id;
    const queue = await t.ok<Paged<{ id: number; userid: string; state: string }>>(
      'Admin/enquirylist',
      { state: 'open', pagesize: 100 },
      { token: admin },
    );
    expect(queue.list.find((e) => e.id === id)).toMatchObject({ userid: m.userid, state: 'open' });
    const picture = await t.ok<{ data_url: string }>(
      'Member/enquiryimage',
      { id, index: 1 },
      { token: admin },
    );
    expect(picture.data_url).toMatch(/^data:image\/jpeg;base64,/);
    await t.ok('Admin/enquiryreply', { id, message: 'It is paid tonight.' }, { token: admin });
    const mine = await t.ok<
      Paged<{ id: number; state: string; pictures: number; replies: { message: string; from: string }[] }>
    >('Member/showEmailHistory', {}, { token: m.token });
    expect(mine.list[0]).toMatchObject({
      id,
      state: 'answered',
      pictures: 1,
      replies: [{ message: 'It is paid tonight.', from: 'support' }],
    });
    const mail = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('destination', '=', m.email!)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(mail?.subject).toBe('Customer service answered your enquiry');
    expect(mail?.body).toContain('Where is my bonus?');
    const followed = await t.ok<{ state: string; replies: unknown[] }>(
      'Member/enquiryfollowup',
      { id, message: 'Thanks!' },
      { token: m.token },
    );
    expect(followed).toMatchObject({ state: 'open' });
    expect(followed.replies).toHaveLength(2);
    await t.ok('Admin/enquiryclose', { id }, { token: admin });
    const closed = await t.call('Member/enquiryfollowup', { id, message: 'again' }, { token: m.token });
    expect(closed.http).toBe(409);
    expect((await t.call('Admin/enquiryreply', { id, message: 'late' }, { token: admin })).http).toBe(409);
  });

  it('keeps one member’s enquiries from another', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const sent = await send(a.token, { subject: 'Private', message: 'Mine' }, [
      { name: 'picture1', file: pngWithText(), filename: 'p.png', type: 'image/png' },
    ]);
    const id = sent.data.id;
    const list = await t.ok<Paged<{ id: number }>>('Member/showEmailHistory', {}, { token: b.token });
    expect(list.list.map((e) => e.id)).not.toContain(id);
    expect((await t.call('Member/enquiryimage', { id, index: 1 }, { token: b.token })).http).toBe(404);
    expect((await t.call('Member/enquiryfollowup', { id, message: 'hi' }, { token: b.token })).http).toBe(
      404,
    );
    expect((await t.call('Admin/enquirylist', {}, { token: b.token })).http).toBe(403);
  });

  it('refuses a missing subject and a picture that is not one, and stores nothing', async () => {
    const m = await newMember(t);
    const missing = await send(m.token, { message: 'no subject' });
    expect(missing.errors?.[0]?.field).toBe('subject');
    const bad = await send(m.token, { subject: 's', message: 'm' }, [
      { name: 'picture2', file: Buffer.from('not an image at all'), filename: 'x.png', type: 'image/png' },
    ]);
    expect(bad.status).toBe(0);
    expect(bad.errors?.[0]?.field).toBe('picture2');
    const list = await t.ok<Paged<unknown>>('Member/showEmailHistory', {}, { token: m.token });
    expect(list.total).toBe(0);
  });
});

describe('the daily check-in game', () => {
  it('pays at most once per member per day, even when tapped many times at once', async () => {
    const m = await newMember(t);
    const before = await balanceOf(t, m.token, 'funds', 'XT').catch(() => ({ balance: '0' }));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.call('Game/checkin', {}, { token: m.token })),
    );
    expect(results.filter((r) => r.body.status === 1).length).toBeGreaterThanOrEqual(1);
    for (const r of results.filter((x) => x.body.status !== 1)) expect(r.http).toBe(409);
    const after = await balanceOf(t, m.token, 'funds', 'XT');
    expect(Number(after.balance) - Number(before.balance)).toBe(1);
    const rows = await t.db
      .selectFrom('game_checkins as g')
      .innerJoin('members as mm', 'mm.id', 'g.member_id')
      .selectAll('g')
      .where('mm.userid', '=', m.userid)
      .execute();
    expect(rows).toHaveLength(1);
    const again = await t.call('Game/checkin', {}, { token: m.token });
    expect(again.http).toBe(409);
    expect(again.body.msg).toBe('You have already checked in today. Come back tomorrow!');
    await expectLedgerHealthy(t);
  });

  it('grows with a streak and starts again after a missed day', async () => {
    const m = await newMember(t);
    const start = t.clock.now();
    try {
      const day = async () =>
        await t.ok<{ today_reward: string; streak: number }>('Game/checkin', {}, { token: m.token });
      expect(await day()).toMatchObject({ streak: 1, today_reward: '1' });
      t.clock.advance(86_400_000);
      expect(await day()).toMatchObject({ streak: 2 });
      t.clock.advance(86_400_000);
      expect(await day()).toMatchObject({ streak: 3, today_reward: '2' });
      t.clock.advance(2 * 86_400_000);
      expect(await day()).toMatchObject({ streak: 1, today_reward: '1' });
      const status = await t.ok<{ checked_in: boolean; total: string }>(
        'Game/status',
        {},
        { token: m.token },
      );
      expect(status).toMatchObject({ checked_in: true, total: '5' });
    } finally {
      t.clock.set(start);
    }
  });

  it('refuses a budget that is not an amount and keeps the settings', async () => {
    const before = await t.ok<{ budget: string; enabled: boolean }>(
      'Admin/gamesettings',
      {},
      { token: admin },
    );
    for (const budget of ['abc', '-5', '0', '1.1234567']) {
      const res = await t.call('Admin/gamesettings', { budget, enabled: 'off' }, { token: admin });
      expect(res.http, budget).toBe(422);
      expect(res.body.errors?.[0]?.field).toBe('budget');
    }
    expect(await t.ok('Admin/gamesettings', {}, { token: admin })).toMatchObject(before);
  });

  it('closes when the admin’s budget is used up or the game is off', async () => {
    const settings = await t.ok<{ paid: string }>('Admin/gamesettings', {}, { token: admin });
    await t.ok('Admin/gamesettings', { budget: settings.paid }, { token: admin });
    const m = await newMember(t);
    const res = await t.call('Game/checkin', {}, { token: m.token });
    expect(res.http).toBe(409);
    expect(res.body.msg).toBe('The daily check-in is closed for now');
    expect((await t.ok<{ open: boolean }>('Game/status', {}, { token: m.token })).open).toBe(false);
    await t.ok('Admin/gamesettings', { budget: '10000', enabled: 'off' }, { token: admin });
    expect((await t.call('Game/checkin', {}, { token: m.token })).http).toBe(409);
    await t.ok('Admin/gamesettings', { enabled: 'on' }, { token: admin });
    expect((await t.call('Game/checkin', {}, { token: m.token })).body.status).toBe(1);
    await expectLedgerHealthy(t);
  });
});

describe('Content/list', () => {
  it('lists a kind in the CMS order and searches its texts', async () => {
    const second = await save({
      kind: 'help',
      lang: 'en-US',
      title: 'How do I reset my password?',
      body: 'Use forgot password.',
      category: 'Account',
      sort_order: 2,
    });
    const first = await save({
      kind: 'help',
      lang: 'en-US',
      title: 'What is a TAC?',
      body: 'A verification code.',
      category: 'Account',
      sort_order: 1,
    });
    const all = await t.ok<Paged<{ id: number; category: string }>>('Content/list', { kind: 'help' });
    expect(all.list.map((h) => h.id)).toEqual([first, second]);
    expect(all.list[0]?.category).toBe('Account');
    const found = await t.ok<Paged<{ id: number }>>('Content/list', { kind: 'help', q: 'forgot' });
    expect(found.list.map((h) => h.id)).toEqual([second]);
    // Past the last page: no rows, and the count is still that of the search.
    expect(await t.ok('Content/list', { kind: 'help', q: 'forgot', page: 5 })).toMatchObject({
      list: [],
      total: 1,
    });
    expect((await t.call('Content/list', { kind: 'notice' })).http).toBe(404);
    expect((await t.call('Content/list', { kind: 'nope' })).http).toBe(422);
  });
});

describe('promotions', () => {
  it('lists published promotions to members only', async () => {
    const id = await save({
      kind: 'promo',
      lang: 'en-US',
      title: 'Year-end offer',
      body: 'Half price',
      link: '/pages/Mining/packages',
    });
    await save({ kind: 'promo', lang: 'en-US', title: 'Not yet', published: false });
    const m = await newMember(t);
    const list = await t.ok<Paged<{ id: number; title: string; link: string }>>(
      'Member/Promo',
      {},
      { token: m.token },
    );
    expect(list.list.map((p) => p.title)).toContain('Year-end offer');
    expect(list.list.map((p) => p.title)).not.toContain('Not yet');
    expect(list.list.find((p) => p.id === id)).toMatchObject({ link: '/pages/Mining/packages' });
    expect((await t.call('Member/Promo')).body.status).toBe(-9);
  });
});

describe('home strips', () => {
  it('labels the coin list as reference prices while the feed has none, then shows the feed’s', async () => {
    const coins = await t.ok<{ source: string; list: { symbol: string }[] }>('Main/homecoin');
    expect(coins.source).toBe('reference');
    expect(coins.list.map((c) => c.symbol)).toContain('BTC');
    await createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 2 }).step();
    await new Promise((r) => setTimeout(r, 300)); // the tickers are read at most every 250 ms
    const live = await t.ok<{ source: string; list: { symbol: string; name: string; price: string }[] }>(
      'Main/homecoin',
    );
    expect(live.source).toBe('simulated');
    expect(live.list.map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']);
    expect(live.list[0]?.name).toBe('Bitcoin');
    const btc = await t.ok<{ ticker: { last: string } }>('Online/marketinfo', { symbol: 'BTC/USDT' });
    expect(live.list[0]?.price).toBe(btc.ticker.last);
  });

  it('lists sliders with a picture in order', async () => {
    const pic = await upload('image', pngWithText(), 's.png', 'image/png');
    const b = await save({
      kind: 'slider',
      lang: 'en-US',
      title: 'Second',
      image_id: pic.data.id,
      sort_order: 2,
    });
    const a = await save({
      kind: 'slider',
      lang: 'en-US',
      title: 'First',
      image_id: pic.data.id,
      sort_order: 1,
      link: '/pages/Game/game',
    });
    await save({ kind: 'slider', lang: 'en-US', title: 'No picture' });
    const s = await t.ok<{ list: { id: number; link: string; image_url: string }[] }>('Main/sliderImgs');
    expect(s.list.map((x) => x.id)).toEqual([a, b]);
    expect(s.list[0]).toMatchObject({ link: '/pages/Game/game', image_url: pic.data.url });
  });
});
