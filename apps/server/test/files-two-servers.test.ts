import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { newMember } from './helpers.ts';
import { jpegWithExif, multipart, type Part, pngWithText, webpWithExif } from './images.ts';
import { adminToken } from './money.ts';
import { newDataDir, type ServerProcess, startServer, stopServer } from './server-process.ts';

/**
 * Files every server sees (issue 28). Server 1 runs in this process on DATA_DIR one; server 2 is `npm start`'s own
 * process on DATA_DIR two and the same PostgreSQL. They share no disk: what one stores the other serves. Server 2's
 * DATA_DIR also holds uploads an older version left on disk, named by rows, which its start moves into the database.
 */
let one: TestApp;
let two: ServerProcess;
let dirOne: string;
let dirTwo: string;
let admin: string;

const OLD_KYC = 'a'.repeat(32);
const OLD_MEDIA = `${'b'.repeat(32)}.png`;
const oldPicture = jpegWithExif('old picture');
const oldMedia = pngWithText('old banner');

/** Rows naming files that are only on server 2's disk, as an older version kept them. */
async function leaveOldUploads() {
  mkdirSync(path.join(dirTwo, 'uploads/kyc'), { recursive: true });
  mkdirSync(path.join(dirTwo, 'uploads/content'), { recursive: true });
  writeFileSync(path.join(dirTwo, 'uploads/kyc', OLD_KYC), oldPicture);
  writeFileSync(path.join(dirTwo, 'uploads/content', OLD_MEDIA), oldMedia);
  const m = await newMember(one);
  const member = await one.db
    .selectFrom('members')
    .select('id')
    .where('userid', '=', m.userid)
    .executeTakeFirstOrThrow();
  const k = await one.db
    .insertInto('kyc_submissions')
    .values({
      member_id: member.id,
      country: 'MY',
      id_type: 'IC',
      id_number: 'OLD1',
      id_number_key: 'OLD1',
      name: 'Old Upload',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await one.db
    .insertInto('kyc_images')
    .values({ submission_id: k.id, side: 'front', file_name: OLD_KYC, content_type: 'image/jpeg', bytes: 1 })
    .execute();
  await one.db
    .insertInto('uploads')
    .values({ file_name: OLD_MEDIA, kind: 'image', content_type: 'image/png', bytes: oldMedia.length })
    .execute();
  return k.id;
}

let oldSubmission: string;
beforeAll(async () => {
  dirOne = mkdtempSync(path.join(tmpdir(), 'mp-files-one-'));
  dirTwo = newDataDir();
  one = await createTestApp({ config: { dataDir: dirOne } });
  admin = await adminToken(one);
  oldSubmission = await leaveOldUploads();
  two = await startServer(dirTwo, { DATABASE_URL: one.url, DEMO_DATA: '0' });
}, 200_000);

afterAll(async () => {
  if (two) await stopServer(two);
  await one?.close();
  rmSync(dirOne, { recursive: true, force: true });
  rmSync(dirTwo, { recursive: true, force: true });
});

/** A call to server 2 over HTTP. */
async function callTwo<T>(name: string, body: Record<string, unknown>, token: string) {
  const res = await fetch(`http://127.0.0.1:${two.port}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

const mediaOnTwo = (url: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${two.port}${url}`, { headers });

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

describe('two servers without a shared disk', () => {
  it('a KYC picture uploaded through server 1 is reviewed through server 2', async () => {
    const m = await newMember(one);
    const front = jpegWithExif();
    const parts: Part[] = [
      ...Object.entries({
        country: 'MY',
        id_type: 'IC',
        name: 'Two Servers',
        id_number: `TS${Date.now()}`,
      }).map(([name, value]) => ({ name, value })),
      { name: 'front', file: front, filename: 'front.jpg', type: 'image/jpeg' },
      { name: 'back', file: pngWithText(), filename: 'back.png', type: 'image/png' },
      { name: 'holding', file: webpWithExif(), filename: 'holding.webp', type: 'image/webp' },
    ];
    const { payload, contentType } = multipart(parts);
    const sent = await one.app.inject({
      method: 'POST',
      url: '/api/Home/submitKYC',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': contentType },
      payload,
    });
    expect(sent.json()).toMatchObject({ status: 1 });
    const { id } = await one.ok<{ id: string }>('Home/checkKycStatus', {}, { token: m.token });

    const seenByTwo = await callTwo<{ data_url: string }>('Home/kycimage', { id, side: 'front' }, admin);
    expect(seenByTwo.status).toBe(1);
    const seenByOne = await one.ok<{ data_url: string }>(
      'Home/kycimage',
      { id, side: 'front' },
      { token: admin },
    );
    expect(bytesOf(seenByTwo.data.data_url).equals(bytesOf(seenByOne.data_url))).toBe(true);
    expect(bytesOf(seenByTwo.data.data_url).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const review = await callTwo('Admin/kycreview', { id, action: 'approve' }, admin);
    expect(review).toMatchObject({ status: 1 });
  });

  it('a news image uploaded through server 1 is served by server 2: same bytes, same ETag', async () => {
    const { payload, contentType } = multipart([
      { name: 'kind', value: 'image' },
      { name: 'file', file: pngWithText('news'), filename: 'news.png', type: 'image/png' },
    ]);
    const res = await one.app.inject({
      method: 'POST',
      url: '/api/Admin/upload',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      payload,
    });
    const { url } = (res.json() as { data: { url: string } }).data;
    const fromOne = await one.app.inject({ method: 'GET', url });
    const fromTwo = await mediaOnTwo(url);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(fromOne.rawPayload)).toBe(true);
    expect(fromTwo.headers.get('etag')).toBe(fromOne.headers.etag);
    expect((await mediaOnTwo(url, { 'if-none-match': String(fromOne.headers.etag) })).status).toBe(304);
  });

  it('uploads an older version left on server 2’s disk were moved into the database at its start', async () => {
    expect(existsSync(path.join(dirTwo, 'uploads'))).toBe(false);
    expect(existsSync(path.join(dirTwo, 'uploads.imported/kyc', OLD_KYC))).toBe(true);
    // Served by server 2 and read through server 1, which never had them on its disk.
    const media = await mediaOnTwo(`/media/${OLD_MEDIA}`);
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(oldMedia)).toBe(true);
    expect(
      (await one.app.inject({ method: 'GET', url: `/media/${OLD_MEDIA}` })).rawPayload.equals(oldMedia),
    ).toBe(true);
    const picture = await one.ok<{ data_url: string }>(
      'Home/kycimage',
      { id: oldSubmission, side: 'front' },
      { token: admin },
    );
    expect(bytesOf(picture.data_url).equals(oldPicture)).toBe(true);
  });
});
