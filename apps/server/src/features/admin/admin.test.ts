import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { logInAs, newMember, signUpMember } from '../../../test/helpers.ts';
import { ensureAdmin } from '../system/bootstrap.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await ensureAdmin(t.db, 'opsadmin', 'adminpass1');
  adminToken = await logInAs(t, 'opsadmin', 'adminpass1');
});
afterAll(() => t.close());

describe('admin bootstrap', () => {
  it('creates the admin once; a later start with another ADMIN_PASSWORD changes nothing (npm run admin does)', async () => {
    await ensureAdmin(t.db, 'opsadmin', 'adminpass2');
    await ensureAdmin(t.db, 'OpsAdmin', 'adminpass3');
    const admins = await t.db
      .selectFrom('members')
      .select(['userid', 'role', 'admin_role'])
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ userid: 'opsadmin', role: 'admin', admin_role: 'owner' }]);
    for (const password of ['adminpass2', 'adminpass3'])
      expect((await t.call('Logon/login', { username: 'opsadmin', password })).body).toMatchObject({
        code: 422,
      });
    await logInAs(t, 'opsadmin', 'adminpass1');
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', 'opsadmin')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['admin.bootstrap_create']);
  });

  it('an admin is not a sponsor or a placement', async () => {
    const res = await t.call('logon/checksponsorid', { sponsor_id: 'opsadmin' });
    expect(res.http).toBe(404);
  });
});

describe('Admin/outbox', () => {
  it('lists sent codes to admins, filtered by destination', async () => {
    await t.ok('Logon/getsmsverification', { signup_type: 'email', email: 'outbox-check@example.com' });
    const data = await t.ok<{ list: { destination: string; body: string }[]; total: number }>(
      'Admin/outbox',
      { destination: 'outbox-check' },
      { token: adminToken },
    );
    expect(data.total).toBe(1);
    expect(data.list[0]?.body).toMatch(/\d{6}/);
  });

  it('is refused to members with 403', async () => {
    const m = await newMember(t);
    const res = await t.call('Admin/outbox', {}, { token: m.token });
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: 0, code: 403 });
  });
});

describe('Admin/setmemberpassword', () => {
  it('lets the company root log in once an admin sets its password, and audits it', async () => {
    const res = await t.call(
      'Admin/setmemberpassword',
      { userid: 'company', password: 'rootpass1', reason: 'first set-up' },
      { token: adminToken },
    );
    expect(res.body.status).toBe(1);
    await logInAs(t, 'company', 'rootpass1');
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'member.set_password')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe('company');
    expect(audit.details).toEqual({ reason: 'first set-up' });
  });

  it('ends the member sessions and refuses unknown members and short passwords', async () => {
    const m = await signUpMember(t);
    const token = await logInAs(t, m.userid, m.password);
    await t.ok(
      'Admin/setmemberpassword',
      { userid: m.userid, password: 'fresh123', reason: 'support ticket 1' },
      { token: adminToken },
    );
    expect((await t.call('Member/getprofile', {}, { token })).body.status).toBe(-9);
    const unknown = await t.call(
      'Admin/setmemberpassword',
      { userid: 'ghost0000', password: 'fresh123', reason: 'x' },
      { token: adminToken },
    );
    expect(unknown.http).toBe(404);
    const short = await t.call(
      'Admin/setmemberpassword',
      { userid: m.userid, password: '123', reason: 'x' },
      { token: adminToken },
    );
    expect(short.http).toBe(422);
  });
});
