import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken } from '../../../test/money.ts';

/** Becoming a lead trader: apply (identity approved, agreement), an admin decides once, the profile afterwards. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

async function verified() {
  const m = await newMember(t);
  await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
  return m;
}
const apply = (token: string, body: Record<string, unknown> = {}) =>
  t.call(
    'Trade/traderapply',
    {
      display_name: 'Steady Sam',
      bio: 'Ten years of spot',
      strategy: 'Trend following, 2% risk',
      agree: true,
      ...body,
    },
    { token },
  );
const profile = (token: string) => t.ok<Record<string, unknown>>('Trade/traderprofile', {}, { token });
const idOf = async (userid: string) =>
  (
    await t.ok<{ list: { id: string; userid: string }[] }>(
      'Admin/traders',
      { pagesize: 100 },
      { token: admin },
    )
  ).list.find((x) => x.userid === userid)!.id;

describe('lead traders', () => {
  it('asks for an approved identity and the agreement, and refuses bad input without saving', async () => {
    const m = await newMember(t);
    expect(await profile(m.token)).toMatchObject({ state: 'none', kyc_approved: false });
    expect((await apply(m.token)).body).toMatchObject({
      code: 403,
      errors: [{ field: 'kyc', message: 'Verify your identity before you apply to become a lead trader' }],
    });
    const v = await verified();
    expect((await apply(v.token, { agree: false })).body).toMatchObject({
      code: 422,
      errors: [{ field: 'agree' }],
    });
    expect((await apply(v.token, { display_name: '' })).body).toMatchObject({ code: 422 });
    expect((await apply(v.token, { display_name: 'x'.repeat(31) })).body).toMatchObject({ code: 422 });
    expect(await profile(v.token)).toMatchObject({ state: 'none', kyc_approved: true });
  });

  it('applies once; an admin approves once; the trader edits the profile', async () => {
    const m = await verified();
    const sent = await apply(m.token);
    expect(sent.body).toMatchObject({
      code: 200,
      msg: 'Application sent: an administrator will review it',
      data: { state: 'pending', display_name: 'Steady Sam', strategy: 'Trend following, 2% risk' },
    });
    expect((await apply(m.token)).body).toMatchObject({
      code: 409,
      msg: 'Your application is already under review',
    });
    expect(
      (await t.call('Trade/traderprofilesave', { display_name: 'Sam' }, { token: m.token })).body,
    ).toMatchObject({
      code: 409,
    });
    const id = await idOf(m.userid);
    const pending = await t.ok<{ list: { id: string }[] }>(
      'Admin/traders',
      { state: 'pending' },
      { token: admin },
    );
    expect(pending.list.map((x) => x.id)).toContain(id);

    // Two admins at once: one decision.
    const [a, b] = await Promise.all([
      t.call('Admin/traderdecide', { id, action: 'approve' }, { token: admin }),
      t.call('Admin/traderdecide', { id, action: 'reject', reason: 'No track record' }, { token: admin }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([200, 409]);
    const winner = a.body.code === 200 ? 'approved' : 'rejected';
    expect((await profile(m.token)).state).toBe(winner);
    if (winner === 'approved') {
      const saved = await t.call(
        'Trade/traderprofilesave',
        { display_name: 'Sam the Steady', bio: 'Spot and perpetuals', strategy: 'Breakouts' },
        { token: m.token },
      );
      expect(saved.body).toMatchObject({
        code: 200,
        data: { state: 'approved', display_name: 'Sam the Steady' },
      });
      expect((await apply(m.token)).body).toMatchObject({ code: 409, msg: 'You are already a lead trader' });
    }
  });

  it('shows a rejection with its reason; the member may apply again', async () => {
    const m = await verified();
    await apply(m.token);
    const id = await idOf(m.userid);
    expect(
      (await t.call('Admin/traderdecide', { id, action: 'reject' }, { token: admin })).body,
    ).toMatchObject({
      code: 422,
      errors: [{ field: 'reason' }],
    });
    const rejected = await t.ok(
      'Admin/traderdecide',
      { id, action: 'reject', reason: 'Please describe your risk rules' },
      { token: admin },
    );
    expect(rejected).toMatchObject({ state: 'rejected', decided_by: expect.any(String) });
    expect(await profile(m.token)).toMatchObject({
      state: 'rejected',
      reason: 'Please describe your risk rules',
    });
    const again = await apply(m.token, { strategy: 'Trend following; at most 2% of the account per trade' });
    expect(again.body).toMatchObject({ code: 200, data: { state: 'pending', reason: '' } });
    expect(await idOf(m.userid)).toBe(id);
    expect(
      (await t.call('Admin/traderdecide', { id: '999999999', action: 'approve' }, { token: admin })).body,
    ).toMatchObject({
      code: 404,
    });
  });

  it('is for members and admins only', async () => {
    const m = await verified();
    expect((await t.call('Admin/traders', {}, { token: m.token })).body).toMatchObject({ code: 403 });
    expect((await t.call('Trade/traderprofile', {})).body).toMatchObject({ code: 401 });
  });
});
