import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestCode, logInAs, newMember } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  it('Member/getprofile and Member/getinfoc describe the member', async () => {
    const sponsor = await newMember(t, { side: 'R' });
    const m = await newMember(t, { sponsor: sponsor.userid, placement: sponsor.userid, side: 'L' });
    const p = await t.ok('Member/getprofile', {}, { token: m.token });
    expect(p).toMatchObject({
      userid: m.userid,
      email: m.email,
      rank: 'Fans',
      role: 'member',
      lang: 'en-US',
      sponsor_id: sponsor.userid,
      placement_id: sponsor.userid,
      side: 'L',
      kyc_state: 'none',
      has_tx_password: true,
    });
    const info = await t.ok('Member/getinfoc', {}, { token: m.token });
    expect(info).toMatchObject({ userid: m.userid, rank: 'Fans', role: 'member', kyc_state: 'none' });
  });

  it('Member/updateprofile saves name and language, and answers in the new language', async () => {
    const m = await newMember(t);
    const res = await t.call('Member/updateprofile', { name: 'Mei Ling', lang: 'zh-CN' }, { token: m.token });
    expect(res.body).toMatchObject({
      status: 1,
      msg: '保存成功',
      data: { name: 'Mei Ling', username: 'Mei Ling', lang: 'zh-CN' },
    });
  });

  it('changes the e-mail only with the password, a code to the current address and one to the new', async () => {
    const m = await newMember(t);
    const other = await newMember(t);
    const taken = await t.call(
      'Member/getVerificationCode',
      { purpose: 'profile_new', email: other.email },
      { token: m.token },
    );
    expect(taken.http).toBe(409);
    const newEmail = `${m.userid}-new@example.com`;
    const noCode = await t.call('Member/updateprofile', { email: newEmail }, { token: m.token });
    expect(noCode.body.errors?.[0]?.field).toBe('password');
    await t.ok('Member/getVerificationCode', { purpose: 'profile' }, { token: m.token });
    const tac = await latestCode(t, m.email);
    await t.ok('Member/getVerificationCode', { purpose: 'profile_new', email: newEmail }, { token: m.token });
    const newTac = await latestCode(t, newEmail);
    const body = { email: newEmail, password: m.password, tac, new_tac: newTac };
    const p = await t.ok<{ email: string }>('Member/updateprofile', body, { token: m.token });
    expect(p.email).toBe(newEmail);
    const reuse = await t.call(
      'Member/updateprofile',
      { ...body, email: `${m.userid}-other@example.com` },
      { token: m.token },
    );
    expect(reuse.body.errors?.[0]?.field).toBe('tac');
  });

  it('refuses a bad language value without saving anything', async () => {
    const m = await newMember(t);
    const res = await t.call('Member/updateprofile', { name: 'Changed', lang: 'fr-FR' }, { token: m.token });
    expect(res.http).toBe(422);
    expect(res.body.errors?.[0]?.field).toBe('lang');
    const p = await t.ok<{ name: string }>('Member/getprofile', {}, { token: m.token });
    expect(p.name).toBe('');
  });
});

describe('member/updatepwd', () => {
  it('refuses a wrong current password and a mismatch, then changes it and ends every session', async () => {
    const m = await newMember(t);
    const wrong = await t.call(
      'member/updatepwd',
      { old_password: 'nope0000', password: 'newpass11', confirm_password: 'newpass11' },
      { token: m.token },
    );
    expect(wrong.body.errors?.[0]).toEqual({
      field: 'old_password',
      message: 'The current password is wrong',
    });
    const mismatch = await t.call(
      'member/updatepwd',
      { old_password: m.password, password: 'newpass11', confirm_password: 'newpass12' },
      { token: m.token, lang: 'bm-MY' },
    );
    expect(mismatch.body.msg).toBe('Kata laluan tidak sepadan, sila masukkan semula');
    const done = await t.call(
      'member/updatepwd',
      { old_password: m.password, password: 'newpass11', confirm_password: 'newpass11' },
      { token: m.token },
    );
    expect(done.body).toMatchObject({ status: 1, msg: 'Password changed. Please log in again.' });
    expect((await t.call('Member/getprofile', {}, { token: m.token })).body.status).toBe(-9);
    await logInAs(t, m.userid, 'newpass11');
  });
});

describe('member/updateTransactionPwd', () => {
  it('needs a code sent to the member for that purpose', async () => {
    const m = await newMember(t);
    const sent = await t.call('Member/getVerificationCode', { purpose: 'tx_password' }, { token: m.token });
    expect(sent.body).toMatchObject({ status: 1, msg: 'The TAC number will send to your email' });
    const tac = await latestCode(t, m.email);
    const mismatch = await t.call(
      'member/updateTransactionPwd',
      { password: m.password, tac, tx_password: '111111', confirm_tx_password: '222222' },
      { token: m.token },
    );
    expect(mismatch.body.errors?.[0]?.field).toBe('confirm_tx_password');
    const before = await t.db
      .selectFrom('members')
      .select('tx_password_hash')
      .where('userid', '=', m.userid)
      .executeTakeFirstOrThrow();
    const done = await t.call(
      'member/updateTransactionPwd',
      { password: m.password, tac, tx_password: '111111', confirm_tx_password: '111111' },
      { token: m.token },
    );
    expect(done.body.status).toBe(1);
    const after = await t.db
      .selectFrom('members')
      .select('tx_password_hash')
      .where('userid', '=', m.userid)
      .executeTakeFirstOrThrow();
    expect(after.tx_password_hash).not.toBe(before.tx_password_hash);
    // A code for another purpose does not work here.
    await t.ok('Member/getVerificationCode', { purpose: 'withdraw' }, { token: m.token });
    const other = await latestCode(t, m.email);
    const res = await t.call(
      'member/updateTransactionPwd',
      { password: m.password, tac: other, tx_password: '333333', confirm_tx_password: '333333' },
      { token: m.token },
    );
    expect(res.body.errors?.[0]?.field).toBe('tac');
  });

  it('refuses an unknown purpose', async () => {
    const m = await newMember(t);
    const res = await t.call('Member/getVerificationCode', { purpose: 'anything' }, { token: m.token });
    expect(res.http).toBe(422);
    expect(res.body.errors?.[0]?.field).toBe('purpose');
  });
});
