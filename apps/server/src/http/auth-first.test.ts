import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newMember } from '../../test/helpers.ts';
import { adminToken } from '../../test/money.ts';

/**
 * Who calls is decided before a call's fields are validated (DESIGN.md section 3): strangers and members learn
 * nothing of an admin call's field rules, and a session travels only in the Authorization header or a POST form's
 * `token` field, never in a URL.
 */
let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  member = (await newMember(t)).token;
  admin = await adminToken(t);
});
afterAll(() => t.close());

// An admin call sent with fields its schema refuses: an admin gets field errors, nobody else may see them.
const badProduct = { price: 'lots', stock: -1 };

describe('auth before validation', () => {
  it('answers an anonymous admin call 401 without field errors', async () => {
    const res = await t.call('Admin/productsave', badProduct);
    expect(res.http).toBe(401);
    expect(res.body).toMatchObject({ status: -9, code: 401 });
    expect(res.body).not.toHaveProperty('errors');
  });

  it('answers a member calling an admin call 403 without field errors', async () => {
    const res = await t.call('Admin/productsave', badProduct, { token: member });
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: 0, code: 403 });
    expect(res.body).not.toHaveProperty('errors');
  });

  it('gives the admin the field errors', async () => {
    const res = await t.call('Admin/productsave', badProduct, { token: admin });
    expect(res.http).toBe(422);
    expect(res.body.errors?.length).toBeGreaterThan(0);
  });

  it('answers an anonymous member call 401, not which field is missing', async () => {
    const res = await t.call('asset/transfersave', {});
    expect(res.http).toBe(401);
    expect(res.body).not.toHaveProperty('errors');
  });

  it('answers a wrong token 401 even on a form that also names fields', async () => {
    const res = await t.call('asset/transfersave', {}, { token: 'not-a-session' });
    expect(res.body).toMatchObject({ status: -9, code: 401 });
  });
});

describe('where a session may travel', () => {
  it('ignores a token in the query string of a GET call', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/member/getinfoc?token=${member}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: -9 });
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/member/getinfoc',
      headers: { authorization: `Bearer ${member}` },
    });
    expect(ok.json()).toMatchObject({ status: 1 });
  });

  it('ignores a token in the query string of a POST call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Member/addresslist?token=${member}`,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it("accepts a POST form's token field (DESIGN.md section 3)", async () => {
    const res = await t.call('Member/addresslist', { token: member }, { form: true });
    expect(res.body).toMatchObject({ status: 1 });
  });

  it("still refuses a member's form token on an admin call, before validation", async () => {
    const res = await t.call('Admin/productsave', { ...badProduct, token: member }, { form: true });
    expect(res.http).toBe(403);
    expect(res.body).not.toHaveProperty('errors');
  });
});

describe('API docs', () => {
  const docs = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('are refused to strangers (401) and members (403)', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const anonymous = await docs(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: -9, code: 401 });
      expect(anonymous.body).not.toContain('Signup/signupsave');
      const asMember = await docs(url, member);
      expect(asMember.statusCode, url).toBe(403);
      expect(asMember.body).not.toContain('Signup/signupsave');
    }
  });

  it('are served to admins', async () => {
    const res = await docs('/api/docs/json', admin);
    expect(res.statusCode).toBe(200);
    expect(Object.keys((res.json() as { paths: object }).paths)).toContain('/api/Signup/signupsave');
  });
});
