import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { logInAs, newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { ensureAdmin } from '../system/bootstrap.ts';
import { putSetting } from '../../platform/settings.ts';

const TX = '654321';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Turns two-factor on for a logged-in member; returns a function giving the current code. */
async function enrolTotp(t: TestApp, token: string, password: string) {
  const setup = await t.ok<{ secret: string }>('Member/totpsetup', {}, { token });
  const code = () => generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  await t.ok('Member/totpenable', { totp: await code(), password }, { token });
  return async () => {
    t.clock.advance(30_000);
    return code();
  };
}

/** A member given an admin role by an owner; their token. */
async function adminWithRole(t: TestApp, owner: string, role: string) {
  const m = await newMember(t);
  await t.ok('Admin/adminsave', { userid: m.userid, role }, { token: owner });
  return { ...m, token: await logInAs(t, m.userid, m.password) };
}

describe('admin roles and two-person approval (demo mode: two-factor optional)', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await adminToken(t);
  });
  afterEach(() => expectLedgerHealthy(t));
  afterAll(() => t.close());

  it('a viewer can list withdrawals but cannot adjust balances', async () => {
    const viewer = await adminWithRole(t, owner, 'viewer');
    const m = await newMember(t);
    expect(await t.ok('Admin/wdlist', {}, { token: viewer.token })).toMatchObject({ page: 1 });
    const res = await t.call(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'funds',
        asset: 'USDT',
        amount: '10',
        reason: 'x',
        idempotency_key: newKey(),
      },
      { token: viewer.token },
    );
    expect(res.http).toBe(403);
    expect(res.body).toMatchObject({ status: 0, code: 403, msg: 'You do not have permission to do this' });
    expect((await balanceOf(t, m.token)).balance).toBe('0');
    expect(await t.ok('Admin/myrole', {}, { token: viewer.token })).toEqual({
      role: 'viewer',
      totp_enabled: false,
      totp_enrolment_required: false,
    });
  });

  it('a content admin cannot approve withdrawals, and may save news', async () => {
    const content = await adminWithRole(t, owner, 'content');
    const res = await t.call(
      'Admin/AdminApprovewd',
      { id: '1', action: 'approve' },
      { token: content.token },
    );
    expect(res.body).toMatchObject({ code: 403 });
    const wd = await t.call('Admin/wdlist', {}, { token: content.token });
    expect(wd.body).toMatchObject({ code: 403 });
  });

  it('adminsave: owner only, not one’s own role, never the last owner; taking the role away ends the sessions', async () => {
    const finance = await adminWithRole(t, owner, 'finance');
    const listed = await t.ok<{ list: { userid: string; role: string }[] }>(
      'Admin/adminlist',
      { pagesize: 100 },
      { token: owner },
    );
    expect(listed.list).toContainEqual(expect.objectContaining({ userid: finance.userid, role: 'finance' }));
    const byFinance = await t.call(
      'Admin/adminsave',
      { userid: finance.userid, role: 'owner' },
      { token: finance.token },
    );
    expect(byFinance.body).toMatchObject({ code: 403 });
    const ownerId = (await t.ok<{ role: string }>('Admin/myrole', {}, { token: owner })).role;
    expect(ownerId).toBe('owner');
    const missing = await t.call(
      'Admin/adminsave',
      { userid: 'nobody_here', role: 'viewer' },
      { token: owner },
    );
    expect(missing.body).toMatchObject({ code: 404 });
    const bad = await t.call('Admin/adminsave', { userid: finance.userid, role: 'god' }, { token: owner });
    expect(bad.body).toMatchObject({ code: 422 });

    // A lone owner in a fresh database cannot demote itself, nor be demoted.
    const solo = await createTestApp();
    try {
      await ensureAdmin(solo.db, 'soloowner', 'owner-pass-1');
      const soloToken = await logInAs(solo, 'soloowner', 'owner-pass-1');
      const self = await solo.call(
        'Admin/adminsave',
        { userid: 'soloowner', role: '' },
        { token: soloToken },
      );
      expect(self.body).toMatchObject({ code: 409, msg: 'You cannot change your own admin role' });
      const second = await adminWithRole(solo, soloToken, 'owner');
      // Two owners: each may demote the other, but not both (the second demotion would leave none).
      const first = await solo.call(
        'Admin/adminsave',
        { userid: 'soloowner', role: 'viewer' },
        { token: second.token },
      );
      expect(first.body).toMatchObject({ status: 1, data: { role: 'viewer' } });
      await solo.ok('Admin/adminsave', { userid: 'soloowner', role: 'owner' }, { token: second.token });
      await solo.ok('Admin/adminsave', { userid: second.userid, role: '' }, { token: soloToken });
      const gone = await solo.call('Admin/wdlist', {}, { token: second.token });
      expect(gone.body).toMatchObject({ status: -9, code: 401 });
      const last = await solo.call(
        'Admin/adminsave',
        { userid: second.userid, role: 'viewer' },
        { token: soloToken },
      );
      expect(last.body).toMatchObject({ status: 1 });
      const log = await solo.ok<{ list: { actor: string; action: string; target: string }[] }>(
        'Admin/auditlog',
        { action: 'admin.role_set' },
        { token: soloToken },
      );
      expect(log.list[0]).toMatchObject({
        actor: 'soloowner',
        action: 'admin.role_set',
        target: second.userid,
      });
    } finally {
      await solo.close();
    }
  });

  it('step-up: with two-factor on, money actions need a fresh code', async () => {
    await ensureAdmin(t.db, 'stepowner', 'step-pass-1');
    const token = await logInAs(t, 'stepowner', 'step-pass-1');
    const nextCode = await enrolTotp(t, token, 'step-pass-1');
    const m = await newMember(t);
    const body = {
      userid: m.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: '10',
      reason: 'x',
      idempotency_key: newKey(),
    };
    const without = await t.call('Admin/adjustbalance', body, { token });
    expect(without.body).toMatchObject({ code: 422, errors: [{ field: 'totp' }] });
    expect((await balanceOf(t, m.token)).balance).toBe('0');
    await t.ok('Admin/adjustbalance', { ...body, totp: await nextCode() }, { token });
    expect((await balanceOf(t, m.token)).balance).toBe('10');
    const approve = await t.call('Admin/AdminApprovewd', { id: '1', action: 'approve' }, { token });
    expect(approve.body).toMatchObject({ code: 422, errors: [{ field: 'totp' }] });
  });

  it('a withdrawal above the threshold waits for a second admin; the same admin twice is refused; two at once pay once', async () => {
    await putSetting(t.db, 'two_person_threshold_usdt', '100');
    try {
      const m = await newMember(t);
      await fund(t, owner, m.userid, '90');
      await fund(t, owner, m.userid, '90');
      await t.ok(
        'member/updatecaddress',
        { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
        { token: m.token },
      );
      const wd = await t.ok<{ id: string }>(
        'asset/withdrawsave',
        { amount: '150', tx_password: TX, idempotency_key: newKey() },
        { token: m.token },
      );
      const first = await t.call('Admin/AdminApprovewd', { id: wd.id, action: 'approve' }, { token: owner });
      expect(first.body).toMatchObject({
        status: 1,
        msg: 'Approval recorded: waiting for a second approver',
        data: { status: 'pending', awaiting_second_approval: true },
      });
      const again = await t.call('Admin/AdminApprovewd', { id: wd.id, action: 'approve' }, { token: owner });
      expect(again.body).toMatchObject({
        code: 409,
        msg: 'You approved this already: a second admin must approve it',
      });
      const listed = await t.ok<{
        list: { id: string; first_approved_by: string; awaiting_second_approval: boolean }[];
      }>('Admin/wdlist', { status: 'pending' }, { token: owner });
      const row = listed.list.find((w) => w.id === wd.id);
      expect(row).toMatchObject({ awaiting_second_approval: true });
      expect(row?.first_approved_by).toMatch(/^admin/);
      expect((await balanceOf(t, m.token)).pending).toBe('150');

      const a = await adminWithRole(t, owner, 'finance');
      const b = await adminWithRole(t, owner, 'finance');
      const both = await Promise.all([
        t.call('Admin/AdminApprovewd', { id: wd.id, action: 'approve' }, { token: a.token }),
        t.call('Admin/AdminApprovewd', { id: wd.id, action: 'approve' }, { token: b.token }),
      ]);
      expect(both.filter((r) => r.body.status === 1).length).toBeGreaterThanOrEqual(1);
      for (const r of both) if (r.body.status !== 1) expect(r.body.code).toBe(409);
      // Approved once (TRC-20: to be paid by hand, still held); recording its payment posts it.
      expect(await balanceOf(t, m.token)).toMatchObject({ balance: '180', pending: '150' });
      await t.ok('Admin/wdmanualpaid', { id: wd.id, tx_hash: 'cd'.repeat(32) }, { token: a.token });
      const after = await balanceOf(t, m.token);
      expect(after).toMatchObject({ balance: '30', pending: '0' });
      const done = await t.ok<{ list: { id: string; status: string; awaiting_second_approval: boolean }[] }>(
        'Admin/wdlist',
        { userid: m.userid },
        { token: owner },
      );
      expect(done.list[0]).toMatchObject({ id: wd.id, status: 'approved', awaiting_second_approval: false });
    } finally {
      await putSetting(t.db, 'two_person_threshold_usdt', '10000');
    }
  });

  it('a reject by the first approver releases a withdrawal waiting for a second', async () => {
    await putSetting(t.db, 'two_person_threshold_usdt', '100');
    try {
      const m = await newMember(t);
      await fund(t, owner, m.userid, '99');
      await fund(t, owner, m.userid, '99');
      await t.ok(
        'member/updatecaddress',
        { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
        { token: m.token },
      );
      const wd = await t.ok<{ id: string }>(
        'asset/withdrawsave',
        { amount: '120', tx_password: TX, idempotency_key: newKey() },
        { token: m.token },
      );
      await t.ok('Admin/AdminApprovewd', { id: wd.id, action: 'approve' }, { token: owner });
      await t.ok(
        'Admin/AdminApprovewd',
        { id: wd.id, action: 'reject', reason: 'not sure' },
        { token: owner },
      );
      expect(await balanceOf(t, m.token)).toMatchObject({ balance: '198', pending: '0' });
    } finally {
      await putSetting(t.db, 'two_person_threshold_usdt', '10000');
    }
  });

  it('an adjustment above the threshold posts only after a second admin approves it, once', async () => {
    const m = await newMember(t);
    const key = newKey();
    const body = {
      userid: m.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: '20000',
      reason: 'big',
      idempotency_key: key,
    };
    const pending = await t.call('Admin/adjustbalance', body, { token: owner });
    expect(pending.body).toMatchObject({
      status: 1,
      msg: 'Above the two-person limit: waiting for a second approver',
      data: { state: 'pending', amount: '20000', balance_after: '0' },
    });
    const id = (pending.body.data as { id: string }).id;
    // A retry is the same pending adjustment.
    expect((await t.ok<{ id: string }>('Admin/adjustbalance', body, { token: owner })).id).toBe(id);
    expect((await balanceOf(t, m.token)).balance).toBe('0');
    const list = await t.ok<{ list: { id: string; status: string }[] }>(
      'Admin/adjustments',
      { status: 'pending' },
      { token: owner },
    );
    expect(list.list.find((x) => x.id === id)).toMatchObject({ status: 'pending' });
    const self = await t.call('Admin/adjustapprove', { id }, { token: owner });
    expect(self.body).toMatchObject({ code: 409 });
    const viewer = await adminWithRole(t, owner, 'viewer');
    expect((await t.call('Admin/adjustapprove', { id }, { token: viewer.token })).body).toMatchObject({
      code: 403,
    });
    expect((await balanceOf(t, m.token)).balance).toBe('0');

    const a = await adminWithRole(t, owner, 'finance');
    const b = await adminWithRole(t, owner, 'finance');
    const both = await Promise.all([
      t.call('Admin/adjustapprove', { id }, { token: a.token }),
      t.call('Admin/adjustapprove', { id }, { token: b.token }),
    ]);
    expect(both.some((r) => r.body.status === 1)).toBe(true);
    expect((await balanceOf(t, m.token)).balance).toBe('20000');
    const again = await t.call('Admin/adjustapprove', { id }, { token: a.token });
    expect(again.body.status === 1 || again.body.code === 409).toBe(true);
    expect((await balanceOf(t, m.token)).balance).toBe('20000');
  });
});

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { demoAdmin: false } });
  });
  afterAll(() => t.close());

  it('an admin without two-factor gets admin_totp_required until enrolled, then works', async () => {
    await ensureAdmin(t.db, 'prodowner', 'prod-pass-1');
    const token = await logInAs(t, 'prodowner', 'prod-pass-1');
    const refused = await t.call('Admin/wdlist', {}, { token });
    expect(refused.http).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      msg: 'Set up two-factor authentication before using the admin area',
    });
    expect(await t.ok('Admin/myrole', {}, { token })).toEqual({
      role: 'owner',
      totp_enabled: false,
      totp_enrolment_required: true,
    });
    const nextCode = await enrolTotp(t, token, 'prod-pass-1');
    await vi.waitFor(async () => expect((await t.call('Admin/wdlist', {}, { token })).body.status).toBe(1));
    const m = await newMember(t);
    const body = {
      userid: m.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: '5',
      reason: 'x',
      idempotency_key: newKey(),
    };
    expect((await t.call('Admin/adjustbalance', body, { token })).body).toMatchObject({ code: 422 });
    await t.ok('Admin/adjustbalance', { ...body, totp: await nextCode() }, { token });
    expect((await balanceOf(t, m.token)).balance).toBe('5');
    await expectLedgerHealthy(t);
  });
});
