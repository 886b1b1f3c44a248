import type { Envelope } from '@mp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { jpegWithExif, multipart, type Part, pngWithText, webpWithExif } from '../../../test/images.ts';
import { adminToken } from '../../../test/money.ts';
import { fileStore } from '../../platform/files.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

/** Identity pictures in the file store (a refused upload must leave none behind). */
const storedFiles = async () =>
  (await t.db.selectFrom('files').select('name').where('area', '=', 'kyc').execute()).length;

let idCounter = 0;
const newIdNumber = () => {
  idCounter += 1;
  return `A${Date.now().toString().slice(-7)}${idCounter}`;
};

type Details = { country?: string; id_type?: string; name?: string; id_number?: string };
type Pictures = Partial<
  Record<'front' | 'back' | 'holding', { file: Buffer; filename: string; type: string }>
>;

const goodPictures = (): Pictures => ({
  front: { file: jpegWithExif(), filename: 'front.jpg', type: 'image/jpeg' },
  back: { file: pngWithText(), filename: 'back.png', type: 'image/png' },
  holding: { file: webpWithExif(), filename: 'holding.webp', type: 'image/webp' },
});

async function submit(
  token: string,
  details: Details = {},
  pictures: Pictures = goodPictures(),
  lang = 'en-US',
) {
  const fields = { country: 'MY', id_type: 'IC', name: 'Siti Aminah', id_number: newIdNumber(), ...details };
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...Object.entries(pictures).map(([name, p]) => ({ name, ...p })),
  ];
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Home/submitKYC',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang },
    payload,
  });
  return { http: res.statusCode, body: res.json() as Envelope<Record<string, string>> };
}

type Status = { state: string; reason: string; id: string; id_number: string };
const status = (token: string) => t.ok<Status>('Home/checkKycStatus', {}, { token });
const kycState = async (userid: string) =>
  (
    await t.db
      .selectFrom('members')
      .select('kyc_state')
      .where('userid', '=', userid)
      .executeTakeFirstOrThrow()
  ).kyc_state;

async function picture(token: string, id: string, side: string) {
  return t.call<{ content_type: string; data_url: string }>('Home/kycimage', { id, side }, { token });
}
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

describe('identity verification states', () => {
  it('goes none -> pending -> rejected (reason shown) -> pending again -> approved, kyc_state in step', async () => {
    const m = await newMember(t);
    expect(await status(m.token)).toMatchObject({ state: 'none', reason: '', id: '' });

    const first = await submit(m.token);
    expect(first.body).toMatchObject({
      status: 1,
      msg: 'Submitted. Waiting for approval.',
      data: { state: 'pending' },
    });
    expect(await kycState(m.userid)).toBe('pending');

    const again = await submit(m.token);
    expect(again.body).toMatchObject({
      code: 409,
      msg: 'Your identity verification is waiting for approval',
    });

    const { id } = await status(m.token);
    const noReason = await t.call('Admin/kycreview', { id, action: 'reject' }, { token: admin });
    expect(noReason.body).toMatchObject({ code: 422, errors: [{ field: 'reason' }] });
    const rejected = await t.call(
      'Admin/kycreview',
      { id, action: 'reject', reason: 'The back picture is blurred' },
      { token: admin },
    );
    expect(rejected.body).toMatchObject({
      status: 1,
      msg: 'Rejected',
      data: { status: 'rejected', userid: m.userid },
    });
    expect(await status(m.token)).toMatchObject({ state: 'rejected', reason: 'The back picture is blurred' });
    expect(await kycState(m.userid)).toBe('rejected');

    // The member re-uploads, with the same document number if they like.
    const old = await status(m.token);
    const retry = await submit(m.token, { id_number: old.id_number });
    expect(retry.body.data).toMatchObject({ state: 'pending', reason: '' });
    const second = await status(m.token);
    expect(second.id).not.toBe(id);

    const approved = await t.ok('Admin/kycreview', { id: second.id, action: 'approve' }, { token: admin });
    expect(approved).toMatchObject({ status: 'approved', reason: '' });
    expect(await status(m.token)).toMatchObject({ state: 'approved', reason: '' });
    expect(await kycState(m.userid)).toBe('approved');
    expect(await t.ok('Member/getprofile', {}, { token: m.token })).toMatchObject({ kyc_state: 'approved' });

    const afterApproval = await submit(m.token, {}, goodPictures(), 'zh-CN');
    expect(afterApproval.body).toMatchObject({ code: 409, msg: '您的实名认证已通过' });

    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', 'in', [`kyc:${id}`, `kyc:${second.id}`])
      .where('action', 'like', 'kyc.%')
      .where('action', '<>', 'kyc.view_picture')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['kyc.reject', 'kyc.approve']);
  });

  it('lists the review queue oldest first and shows a submission in detail', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await submit(a.token);
    await submit(b.token);
    const queue = await t.ok<{ list: { userid: string; status: string }[]; total: number }>(
      'Admin/kyclist',
      { status: 'pending', pagesize: 100 },
      { token: admin },
    );
    const order = queue.list.map((x) => x.userid);
    expect(order.indexOf(a.userid)).toBeLessThan(order.indexOf(b.userid));
    expect(queue.list.every((x) => x.status === 'pending')).toBe(true);
    const own = await t.ok<{ list: { id: string }[]; total: number }>(
      'Admin/kyclist',
      { userid: a.userid },
      { token: admin },
    );
    expect(own.total).toBe(1);
    const detail = await t.ok('Admin/kycdetail', { id: own.list[0]?.id }, { token: admin });
    expect(detail).toMatchObject({
      userid: a.userid,
      status: 'pending',
      earlier: 0,
      sides: ['front', 'back', 'holding'],
    });
    const member = await t.call('Admin/kyclist', {}, { token: a.token });
    expect(member.body.code).toBe(403);
  });
});

describe('as the web app sends it', () => {
  it('accepts a FormData body with File parts (the browser encoding)', async () => {
    const m = await newMember(t);
    const form = new FormData();
    form.append('country', 'SG');
    form.append('id_type', 'License');
    form.append('name', 'Tan Ah Kow');
    form.append('id_number', newIdNumber());
    form.append('front', new Blob([jpegWithExif()], { type: 'image/jpeg' }), 'front.jpg');
    form.append('back', new Blob([pngWithText()], { type: 'image/png' }), 'back.png');
    form.append('holding', new Blob([webpWithExif()], { type: 'image/webp' }), 'holding.webp');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/home/submitkyc',
      headers: {
        authorization: `Bearer ${m.token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.json()).toMatchObject({
      status: 1,
      data: { state: 'pending', country: 'SG', id_type: 'License' },
    });
  });
});

describe('ID uniqueness', () => {
  it('an ID type + number used by another member is refused, however it is spaced', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const number = newIdNumber();
    await submit(a.token, { id_type: 'Passport', id_number: number });
    const spaced = `${number.slice(0, 3)}-${number.slice(3)}`.toLowerCase();
    expect(
      await t.ok('Home/checkIDTypeNo', { id_type: 'Passport', id_number: spaced }, { token: b.token }),
    ).toEqual({
      available: false,
    });
    expect(
      await t.ok('Home/checkIDTypeNo', { id_type: 'IC', id_number: number }, { token: b.token }),
    ).toEqual({
      available: true,
    });
    expect(
      await t.ok('Home/checkIDTypeNo', { id_type: 'Passport', id_number: number }, { token: a.token }),
    ).toEqual({
      available: true,
    });
    const before = await storedFiles();
    const taken = await submit(b.token, { id_type: 'Passport', id_number: spaced });
    expect(taken.body).toMatchObject({
      code: 409,
      errors: [{ field: 'id_number', message: 'This ID type and number are already used by another member' }],
    });
    expect(await storedFiles()).toBe(before);
    expect(await status(b.token)).toMatchObject({ state: 'none' });
  });
});

describe('at the same moment', () => {
  it('one member sending twice at once gets one pending submission; the other attempt leaves no files', async () => {
    const m = await newMember(t);
    const before = await storedFiles();
    const results = await Promise.all([submit(m.token), submit(m.token)]);
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 409]);
    expect(await storedFiles()).toBe(before + 3);
    const rows = await t.db
      .selectFrom('kyc_submissions as k')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .select('k.id')
      .where('m.userid', '=', m.userid)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('two members sending the same ID at once: one gets it, the other is told it is used', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const number = newIdNumber();
    const before = await storedFiles();
    const results = await Promise.all([
      submit(a.token, { id_number: number }),
      submit(b.token, { id_number: number }),
    ]);
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.body.code === 409)?.body.errors?.[0]?.field).toBe('id_number');
    expect(await storedFiles()).toBe(before + 3);
  });
});

describe('bad uploads leave nothing behind', () => {
  async function expectNothingStored(token: string, run: () => Promise<{ http: number; body: Envelope }>) {
    const files = await storedFiles();
    const rows = await t.db.selectFrom('kyc_submissions').select('id').execute();
    const res = await run();
    expect(res.body.status).toBe(0);
    expect(res.http).toBeGreaterThanOrEqual(400);
    expect(res.http).toBeLessThan(500);
    expect(await storedFiles()).toBe(files);
    expect(await t.db.selectFrom('kyc_submissions').select('id').execute()).toHaveLength(rows.length);
    expect(await status(token)).toMatchObject({ state: 'none' });
    return res;
  }

  it('refuses a file that is not a picture even when named .jpg and typed image/jpeg', async () => {
    const m = await newMember(t);
    const fake = Buffer.from('%PDF-1.4\n this is not a picture at all\n');
    const res = await expectNothingStored(m.token, () =>
      submit(
        m.token,
        {},
        { ...goodPictures(), front: { file: fake, filename: 'id.jpg', type: 'image/jpeg' } },
      ),
    );
    expect(res.body).toMatchObject({
      code: 422,
      errors: [{ field: 'front', message: 'Front: only JPEG, PNG or WebP pictures are accepted' }],
    });
  });

  it('refuses a truncated picture (right magic bytes, broken body)', async () => {
    const m = await newMember(t);
    const broken = pngWithText().subarray(0, 30);
    const res = await expectNothingStored(m.token, () =>
      submit(
        m.token,
        {},
        { ...goodPictures(), holding: { file: broken, filename: 'h.png', type: 'image/png' } },
      ),
    );
    expect(res.body).toMatchObject({ code: 422, errors: [{ field: 'holding' }] });
  });

  it('refuses a picture over 5 MB', async () => {
    const m = await newMember(t);
    const big = Buffer.concat([jpegWithExif(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await expectNothingStored(m.token, () =>
      submit(m.token, {}, { ...goodPictures(), back: { file: big, filename: 'b.jpg', type: 'image/jpeg' } }),
    );
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe('A file may be at most 5 MB');
  });

  it('refuses a submission missing a side', async () => {
    const m = await newMember(t);
    const { back: _missing, ...twoSides } = goodPictures();
    const res = await expectNothingStored(m.token, () => submit(m.token, {}, twoSides));
    expect(res.body).toMatchObject({ code: 422, errors: [{ field: 'back', message: 'Back is required' }] });
  });

  it('refuses an unknown country and a bad ID type', async () => {
    const m = await newMember(t);
    const country = await expectNothingStored(m.token, () => submit(m.token, { country: 'XX' }));
    expect(country.body).toMatchObject({ code: 422, errors: [{ field: 'country' }] });
    const type = await expectNothingStored(m.token, () => submit(m.token, { id_type: 'Visa' }));
    expect(type.body).toMatchObject({ code: 422, errors: [{ field: 'id_type' }] });
  });
});

describe('pictures', () => {
  it('are stored without metadata, under random names, and shown to the owner and admins only', async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    await submit(owner.token);
    const { id } = await status(owner.token);

    const front = await picture(owner.token, id, 'front');
    expect(front.body.data?.content_type).toBe('image/jpeg');
    const jpeg = bytesOf(front.body.data?.data_url ?? '');
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(jpeg.includes(Buffer.from('Exif'))).toBe(false);
    expect(jpeg.includes(Buffer.from('Camera serial'))).toBe(false);
    expect(jpeg.includes(Buffer.from('JFIF'))).toBe(true);
    expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));

    const back = bytesOf((await picture(owner.token, id, 'back')).body.data?.data_url ?? '');
    expect(back.includes(Buffer.from('tEXt'))).toBe(false);
    expect(back.includes(Buffer.from('IDAT'))).toBe(true);
    const holding = bytesOf((await picture(admin, id, 'holding')).body.data?.data_url ?? '');
    expect(holding.includes(Buffer.from('EXIF'))).toBe(false);
    expect(holding.readUInt32LE(4)).toBe(holding.length - 8);

    const names = await t.db
      .selectFrom('kyc_images')
      .select('file_name')
      .where('submission_id', '=', id)
      .execute();
    for (const { file_name } of names) {
      expect(file_name).toMatch(/^[0-9a-f]{32}$/);
      expect(await fileStore(t.db).stat(file_name)).toMatchObject({ area: 'kyc' });
      // Stored, but not public: the media URL serves CMS uploads only.
      expect((await t.app.inject({ method: 'GET', url: `/media/${file_name}` })).statusCode).toBe(404);
    }

    const refused = await picture(other.token, id, 'front');
    expect(refused.body).toMatchObject({ status: 0, code: 404, msg: 'Picture not found' });
    const anonymous = await t.call('Home/kycimage', { id, side: 'front' });
    expect(anonymous.body.status).toBe(-9);
    const viewed = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `kyc:${id}`)
      .where('action', '=', 'kyc.view_picture')
      .execute();
    expect(viewed).toHaveLength(1);
  });
});

describe('review', () => {
  it('two admins deciding at once: decided once, the other is told it is decided', async () => {
    const m = await newMember(t);
    const second = await adminToken(t);
    await submit(m.token);
    const { id } = await status(m.token);
    const results = await Promise.all([
      t.call('Admin/kycreview', { id, action: 'approve' }, { token: admin }),
      t.call('Admin/kycreview', { id, action: 'reject', reason: 'Photo unclear' }, { token: second }),
    ]);
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, 409]);
    const loser = results.find((r) => r.body.code === 409);
    expect(loser?.body.msg).toBe('This verification has already been decided');
    const winner = results.find((r) => r.body.code === 200)?.body.data as { status: string };
    expect(await status(m.token)).toMatchObject({ state: winner.status });
    expect(await kycState(m.userid)).toBe(winner.status);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `kyc:${id}`)
      .where('action', 'in', ['kyc.approve', 'kyc.reject'])
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('an unknown submission is 404', async () => {
    const res = await t.call('Admin/kycreview', { id: '999999999', action: 'approve' }, { token: admin });
    expect(res.body).toMatchObject({ code: 404, msg: 'Verification not found' });
    const bad = await t.call('Admin/kycdetail', { id: 'abc' }, { token: admin });
    expect(bad.body.code).toBe(404);
  });

  it('offers the country list in the member’s language', async () => {
    const en = await t.ok<{ list: { code: string; name: string }[] }>('Home/getCountry');
    expect(en.list.find((c) => c.code === 'MY')?.name).toBe('Malaysia');
    const zh = await t.ok<{ list: { code: string; name: string }[] }>(
      'Home/getCountry',
      {},
      { lang: 'zh-CN' },
    );
    expect(zh.list.find((c) => c.code === 'MY')?.name).toBe('马来西亚');
  });
});
