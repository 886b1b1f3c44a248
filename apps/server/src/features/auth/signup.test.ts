import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestCode, signUpMember, uniqueUserid } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberCount() {
  const row = await t.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function signupBody(overrides: Record<string, unknown> = {}) {
  const userid = uniqueUserid('new');
  const email = `${userid}@example.com`;
  await t.ok('Logon/getsmsverification', { signup_type: 'email', email });
  return {
    username: userid,
    password: 'secret123',
    confirm_password: 'secret123',
    tx_password: '654321',
    confirm_tx_password: '654321',
    sponsor_id: 'company',
    placement_id: '',
    side: 'L',
    signup_type: 'email',
    email,
    tac: await latestCode(t, email),
    ...overrides,
  };
}

/** Expects a refusal that changes nothing. */
async function expectRefused(body: Record<string, unknown>, code: number, field: string, lang = 'en-US') {
  const before = await memberCount();
  const res = await t.call('Signup/signupsave', body, { lang });
  expect(res.body.status).toBe(0);
  expect(res.http).toBe(code);
  expect(res.body.code).toBe(code);
  expect(res.body.errors?.map((e) => e.field)).toContain(field);
  expect(await memberCount()).toBe(before);
  return res.body;
}

describe('logon checks while signing up', () => {
  it('logon/checkuserid accepts a free, well-formed username', async () => {
    const res = await t.call('logon/checkuserid', { userid: 'freshname1' });
    expect(res.body).toMatchObject({
      status: 1,
      data: { userid: 'freshname1', available: true },
      msg: 'This username is available',
    });
  });

  it('logon/checkuserid refuses a malformed username, naming the field', async () => {
    for (const bad of ['abcd', 'a'.repeat(16), 'bad name', 'naïve12', 'under_score']) {
      const res = await t.call('logon/checkuserid', { userid: bad });
      expect(res.http).toBe(422);
      expect(res.body.errors).toEqual([
        { field: 'userid', message: 'Username must be 5 to 15 letters and numbers' },
      ]);
    }
  });

  it('logon/checkuserid refuses a taken username ignoring case', async () => {
    const m = await signUpMember(t);
    const res = await t.call('logon/checkuserid', { userid: m.userid.toUpperCase() });
    expect(res.http).toBe(409);
    expect(res.body.msg).toBe('This username is already taken');
  });

  it('logon/checksponsorid finds a sponsor and masks the name', async () => {
    const res = await t.ok('logon/checksponsorid', { sponsor_id: 'COMPANY' });
    expect(res).toEqual({ userid: 'company', name: 'Co***ny' });
    const missing = await t.call('logon/checksponsorid', { sponsor_id: 'nobody123' });
    expect(missing.http).toBe(404);
    expect(missing.body.msg).toBe('Sponsor ID does not exist');
  });

  it('Logon/checkplacementid accepts the sponsor or its downline and says which sides are free', async () => {
    const a = await signUpMember(t, { side: 'R' });
    const b = await signUpMember(t, { sponsor: a.userid, placement: a.userid, side: 'L' });
    expect(await t.ok('Logon/checkplacementid', { sponsor_id: a.userid, placement_id: a.userid })).toEqual({
      userid: a.userid,
      left_free: false,
      right_free: true,
    });
    expect(await t.ok('Logon/checkplacementid', { sponsor_id: a.userid, placement_id: b.userid })).toEqual({
      userid: b.userid,
      left_free: true,
      right_free: true,
    });
    // The sponsor's upline is not its downline.
    const up = await t.call('Logon/checkplacementid', { sponsor_id: b.userid, placement_id: a.userid });
    expect(up.http).toBe(422);
    expect(up.body.errors?.[0]?.field).toBe('placement_id');
    const unknown = await t.call('Logon/checkplacementid', {
      sponsor_id: a.userid,
      placement_id: 'ghost1234',
    });
    expect(unknown.http).toBe(404);
  });
});

describe('Logon/getsmsverification', () => {
  it('sends the code by e-mail with the spec text in each language', async () => {
    const en = await t.call('Logon/getsmsverification', {
      signup_type: 'email',
      email: 'tac-en@example.com',
    });
    expect(en.body).toMatchObject({
      status: 1,
      msg: 'The TAC number will send to your email',
      data: { expires_in: 600 },
    });
    const zh = await t.call(
      'Logon/getsmsverification',
      { signup_type: 'email', email: 'tac-zh@example.com' },
      { lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('TAC 验证码将发送到您的邮箱');
    const bm = await t.call(
      'Logon/getsmsverification',
      { signup_type: 'email', email: 'tac-bm@example.com' },
      { lang: 'ms-MY' },
    );
    expect(bm.body.msg).toBe('Nombor TAC akan dihantar ke e-mel anda');
    expect(await latestCode(t, 'tac-en@example.com')).toMatch(/^\d{6}$/);
  });

  it('sends the code to a mobile number with its prefix', async () => {
    const res = await t.call('Logon/getsmsverification', {
      signup_type: 'mobile',
      mobile: '012-3456789',
      tel_prefix: '+60',
    });
    expect(res.body).toMatchObject({ status: 1, msg: 'The TAC number will send to your mobile number' });
    expect(await latestCode(t, '+60123456789')).toMatch(/^\d{6}$/);
  });

  it('refuses bad destinations, naming the field', async () => {
    const email = await t.call('Logon/getsmsverification', { signup_type: 'email', email: 'not-an-email' });
    expect(email.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid e-mail address' }]);
    const prefix = await t.call('Logon/getsmsverification', {
      signup_type: 'mobile',
      mobile: '123456789',
      tel_prefix: '+999',
    });
    expect(prefix.body.errors?.[0]?.field).toBe('tel_prefix');
    const type = await t.call('Logon/getsmsverification', { signup_type: 'fax' });
    expect(type.http).toBe(422);
    expect(type.body.errors?.[0]).toEqual({ field: 'signup_type', message: 'Sign-up type is not valid' });
  });

  it('limits codes to 5 per 10 minutes per destination with 429 and Retry-After', async () => {
    const email = 'busy@example.com';
    for (let i = 0; i < 5; i++) await t.ok('Logon/getsmsverification', { signup_type: 'email', email });
    const res = await t.call('Logon/getsmsverification', { signup_type: 'email', email });
    expect(res.http).toBe(429);
    expect(res.body).toMatchObject({ status: 0, code: 429 });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another destination is not affected.
    await t.ok('Logon/getsmsverification', { signup_type: 'email', email: 'calm@example.com' });
  });
});

describe('Signup/signupsave', () => {
  it('creates the member under the sponsor on the chosen side and lets them log in', async () => {
    const body = await signupBody({ side: 'R', sponsor_id: 'company' });
    const company = await t.ok<{ right_free: boolean }>('Logon/checkplacementid', {
      sponsor_id: 'company',
      placement_id: 'company',
    });
    const res = await t.call('Signup/signupsave', body);
    expect(res.body).toMatchObject({
      status: 1,
      msg: 'Registration successful. Please log in.',
      data: { userid: body.username, sponsor_id: 'company', side: 'R' },
    });
    if (company.right_free) expect((res.body.data as { placement_id: string }).placement_id).toBe('company');
    const login = await t.ok<{ userInfo: { userid: string; rank: string } }>('Logon/login', {
      username: body.username,
      password: 'secret123',
    });
    expect(login.userInfo).toMatchObject({ userid: body.username, rank: 'Fans' });
  });

  it('accepts a form-encoded body', async () => {
    const body = await signupBody();
    const res = await t.call('Signup/signupsave', body, { form: true });
    expect(res.body.status).toBe(1);
  });

  it('refuses mismatched passwords with the exact spec message in each language', async () => {
    const en = await expectRefused(
      await signupBody({ confirm_password: 'other123' }),
      422,
      'confirm_password',
    );
    expect(en.msg).toBe('Password did not match, Please re-enter again');
    const zh = await expectRefused(
      await signupBody({ confirm_password: 'other123' }),
      422,
      'confirm_password',
      'zh-CN',
    );
    expect(zh.msg).toBe('密码不一致，请重新输入');
    const bm = await expectRefused(
      await signupBody({ confirm_password: 'other123' }),
      422,
      'confirm_password',
      'bm-MY',
    );
    expect(bm.msg).toBe('Kata laluan tidak sepadan, sila masukkan semula');
  });

  it('refuses a mismatched transaction password', async () => {
    await expectRefused(await signupBody({ confirm_tx_password: '000000' }), 422, 'confirm_tx_password');
  });

  it('refuses a bad username', async () => {
    const body = await expectRefused(await signupBody({ username: 'ab' }), 422, 'username');
    expect(body.msg).toBe('Username must be 5 to 15 letters and numbers');
  });

  it('refuses a username taken in another case', async () => {
    const m = await signUpMember(t);
    await expectRefused(await signupBody({ username: m.userid.toUpperCase() }), 409, 'username');
  });

  it('refuses an unknown sponsor', async () => {
    const body = await expectRefused(await signupBody({ sponsor_id: 'ghost4242' }), 404, 'sponsor_id');
    expect(body.msg).toBe('Sponsor ID does not exist');
  });

  it('refuses a taken side and a placement outside the sponsor team', async () => {
    const a = await signUpMember(t, { side: 'L' });
    await signUpMember(t, { sponsor: a.userid, placement: a.userid, side: 'L' });
    const taken = await expectRefused(
      await signupBody({ sponsor_id: a.userid, placement_id: a.userid, side: 'L' }),
      409,
      'side',
    );
    expect(taken.msg).toMatch(/already taken/);
    const other = await signUpMember(t, { side: 'R' });
    await expectRefused(
      await signupBody({ sponsor_id: a.userid, placement_id: other.userid, side: 'L' }),
      422,
      'placement_id',
    );
  });

  it('refuses missing fields, naming each', async () => {
    const res = await t.call('Signup/signupsave', {});
    expect(res.http).toBe(422);
    const fields = res.body.errors?.map((e) => e.field) ?? [];
    expect(fields).toEqual(
      expect.arrayContaining(['username', 'password', 'sponsor_id', 'side', 'signup_type', 'tac']),
    );
    expect(res.body.errors?.find((e) => e.field === 'password')?.message).toBe('Password is required');
  });

  it('refuses a wrong TAC and an expired TAC', async () => {
    const wrong = await signupBody();
    const wrongCode = wrong.tac === '000000' ? '111111' : '000000';
    const res = await expectRefused({ ...wrong, tac: wrongCode }, 422, 'tac');
    expect(res.msg).toBe('The TAC is wrong or has expired, please request a new one');
    // The right code still works after one wrong try.
    expect((await t.call('Signup/signupsave', wrong)).body.status).toBe(1);

    const expired = await signupBody();
    t.clock.advance(10 * 60 * 1000 + 1000);
    await expectRefused(expired, 422, 'tac');
  });

  it('burns a code after 5 wrong tries', async () => {
    const body = await signupBody();
    const wrongCode = body.tac === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await expectRefused({ ...body, tac: wrongCode }, 422, 'tac');
    await expectRefused(body, 422, 'tac');
  });

  it('places a member with no placement at the outermost spot of the chosen side', async () => {
    const top = await signUpMember(t, { side: 'L' });
    const l1 = await signUpMember(t, { sponsor: top.userid, side: 'L' });
    expect(l1.placement_id).toBe(top.userid);
    const l2 = await signUpMember(t, { sponsor: top.userid, side: 'L' });
    expect(l2.placement_id).toBe(l1.userid);
    const r1 = await signUpMember(t, { sponsor: top.userid, side: 'R' });
    expect(r1.placement_id).toBe(top.userid);
  });

  it('lets exactly one of many concurrent sign-ups take one spot', async () => {
    const parent = await signUpMember(t, { side: 'R' });
    const bodies = await Promise.all(
      Array.from({ length: 6 }, () =>
        signupBody({ sponsor_id: parent.userid, placement_id: parent.userid, side: 'R' }),
      ),
    );
    const results = await Promise.all(bodies.map((b) => t.call('Signup/signupsave', b)));
    const won = results.filter((r) => r.body.status === 1);
    const lost = results.filter((r) => r.body.status !== 1);
    expect(won).toHaveLength(1);
    for (const r of lost) {
      expect(r.http).toBe(409);
      expect(r.body.errors?.[0]?.field).toBe('side');
    }
    const children = await t.db
      .selectFrom('members as m')
      .innerJoin('members as p', 'p.id', 'm.placement_parent_id')
      .where('p.userid', '=', parent.userid)
      .where('m.side', '=', 'R')
      .select('m.userid')
      .execute();
    expect(children).toHaveLength(1);
  });

  it('places concurrent automatic sign-ups one below another without losing any', async () => {
    const top = await signUpMember(t, { side: 'R' });
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () => signupBody({ sponsor_id: top.userid, side: 'L' })),
    );
    const results = await Promise.all(bodies.map((b) => t.call('Signup/signupsave', b)));
    expect(results.every((r) => r.body.status === 1)).toBe(true);
    const parents = results.map((r) => (r.body.data as { placement_id: string }).placement_id);
    expect(new Set(parents).size).toBe(5);
  });
});
