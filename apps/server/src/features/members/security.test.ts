import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestCode, newMember } from '../../../test/helpers.ts';
import { adminToken, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const TX = '654321';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DAY = 24 * 3_600_000;

type Member = Awaited<ReturnType<typeof newMember>>;

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function outboxTo(destination: string) {
  return t.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .execute();
}

/** Changes a member's e-mail the way the owner does: password, a code to the old address, a code to the new one. */
async function changeEmail(m: Member, email: string) {
  await t.ok('Member/getVerificationCode', { purpose: 'profile' }, { token: m.token });
  const tac = await latestCode(t, m.email);
  await t.ok('Member/getVerificationCode', { purpose: 'profile_new', email }, { token: m.token });
  const newTac = await latestCode(t, email);
  return t.ok<{ email: string }>(
    'Member/updateprofile',
    { email, password: m.password, tac, new_tac: newTac },
    { token: m.token },
  );
}

const transfer = (from: Member, to: Member, amount = '10') =>
  t.call(
    'asset/transfersave',
    { to_userid: to.userid, amount, wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
    { token: from.token },
  );

const withdraw = (m: Member, amount = '20') =>
  t.call('asset/withdrawsave', { amount, tx_password: TX, idempotency_key: newKey() }, { token: m.token });

const bind = (m: Member, extra: Record<string, string> = {}) =>
  t.call(
    'member/updatecaddress',
    { address: TRON, address_type: 'USDT-TRC20', tx_password: TX, ...extra },
    { token: m.token },
  );

describe('a stolen session alone cannot take the account over', () => {
  it('the e-mail changes only with the password, a code sent to the old address and one sent to the new', async () => {
    const m = await newMember(t);
    const attacker = `${m.userid}-thief@example.net`;

    // The code for a contact change goes to the current address, whatever address the request names.
    const sent = await t.call(
      'Member/getVerificationCode',
      { purpose: 'profile', email: attacker },
      { token: m.token },
    );
    expect(sent.body).toMatchObject({
      status: 1,
      data: { destination: `${m.userid.slice(0, 1)}***@example.com` },
    });
    expect(await outboxTo(attacker)).toEqual([]);
    const oldTac = await latestCode(t, m.email);

    await t.ok('Member/getVerificationCode', { purpose: 'profile_new', email: attacker }, { token: m.token });
    const newTac = await latestCode(t, attacker);

    const noPassword = await t.call(
      'Member/updateprofile',
      { email: attacker, tac: oldTac, new_tac: newTac },
      { token: m.token },
    );
    expect(noPassword.http).toBe(422);
    expect(noPassword.body.errors?.[0]).toEqual({
      field: 'password',
      message: 'Please enter your current login password to confirm this change',
    });
    const wrongPassword = await t.call(
      'Member/updateprofile',
      { email: attacker, password: 'guess1234', tac: oldTac, new_tac: newTac },
      { token: m.token },
    );
    expect(wrongPassword.body.errors?.[0]).toEqual({
      field: 'password',
      message: 'The current password is wrong',
    });
    // The new address's own code is not enough: the old address must confirm too.
    const onlyNew = await t.call(
      'Member/updateprofile',
      { email: attacker, password: m.password, tac: newTac, new_tac: newTac },
      { token: m.token },
    );
    expect(onlyNew.body.errors?.[0]?.field).toBe('tac');
    const noNewCode = await t.call(
      'Member/updateprofile',
      { email: attacker, password: m.password, tac: oldTac },
      { token: m.token },
    );
    expect(noNewCode.body.errors?.[0]?.field).toBe('new_tac');
    expect(await t.ok('Member/getprofile', {}, { token: m.token })).toMatchObject({ email: m.email });
  });

  it('the owner changes the e-mail; the old address is told, with the time and the hold', async () => {
    const m = await newMember(t);
    const newEmail = `${m.userid}-new@example.org`;
    const at = t.clock.now();
    expect((await changeEmail(m, newEmail)).email).toBe(newEmail);
    const [notice] = await outboxTo(m.email);
    expect(notice?.subject).toBe('A security change on your account');
    expect(notice?.body).toBe(
      `Your e-mail was changed to ${m.userid.slice(0, 1)}***@example.org at ${utc(at)}. If it was not you, contact customer service. Withdrawals and transfers are paused until ${utc(new Date(at.getTime() + DAY))}.`,
    );
    // Codes now go to the new address.
    await t.ok('Member/getVerificationCode', { purpose: 'tx_password' }, { token: m.token });
    expect((await outboxTo(newEmail))[0]?.subject).toBe('Your verification code');
  });

  it('the transaction password, login password and two-factor changes need the login password', async () => {
    const m = await newMember(t);
    await t.ok('Member/getVerificationCode', { purpose: 'tx_password' }, { token: m.token });
    const tac = await latestCode(t, m.email);
    const tx = { tac, tx_password: '111111', confirm_tx_password: '111111' };
    const noPw = await t.call('member/updateTransactionPwd', tx, { token: m.token });
    expect(noPw.body.errors?.[0]?.field).toBe('password');
    const wrong = await t.call(
      'member/updateTransactionPwd',
      { ...tx, password: 'x1234567' },
      { token: m.token },
    );
    expect(wrong.body.errors?.[0]).toEqual({ field: 'password', message: 'The current password is wrong' });
    await t.ok('member/updateTransactionPwd', { ...tx, password: m.password }, { token: m.token });
    expect((await outboxTo(m.email))[0]?.body).toContain('Your transaction password was changed at');

    const setup = await t.ok<{ secret: string }>('Member/totpsetup', {}, { token: m.token });
    const code = () => generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enableNoPw = await t.call('Member/totpenable', { totp: await code() }, { token: m.token });
    expect(enableNoPw.body.errors?.[0]?.field).toBe('password');
    const enableWrong = await t.call(
      'Member/totpenable',
      { totp: await code(), password: 'nope12345' },
      { token: m.token },
    );
    expect(enableWrong.body.errors?.[0]?.field).toBe('password');
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: false });
    await t.ok('Member/totpenable', { totp: await code(), password: m.password }, { token: m.token });

    // With two-factor on, the login password change needs a code too.
    const pw = { old_password: m.password, password: 'newpass11', confirm_password: 'newpass11' };
    const noTotp = await t.call('member/updatepwd', pw, { token: m.token });
    expect(noTotp.body.errors?.[0]?.field).toBe('totp');
    t.clock.advance(30_000);
    const disableNoPw = await t.call(
      'Member/totpdisable',
      { totp: await code(), tx_password: '111111' },
      { token: m.token },
    );
    expect(disableNoPw.body.errors?.[0]?.field).toBe('password');
    await t.ok(
      'Member/totpdisable',
      { totp: await code(), tx_password: '111111', password: m.password },
      { token: m.token },
    );
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: false });
    const events = await t.db
      .selectFrom('security_events as e')
      .innerJoin('members as m', 'm.id', 'e.member_id')
      .select('e.kind')
      .where('m.userid', '=', m.userid)
      .orderBy('e.id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['tx_password_changed', 'totp_enabled', 'totp_disabled']);
  });

  it('a member with no contact on file confirms a new e-mail with the password and the new address only', async () => {
    const m = await newMember(t);
    await t.db.updateTable('members').set({ email: null }).where('userid', '=', m.userid).execute();
    const none = await t.call('Member/getVerificationCode', { purpose: 'profile' }, { token: m.token });
    expect(none.http).toBe(422);
    const email = `${m.userid}-first@example.com`;
    await t.ok('Member/getVerificationCode', { purpose: 'profile_new', email }, { token: m.token });
    const newTac = await latestCode(t, email);
    await t.ok('Member/updateprofile', { email, password: m.password, new_tac: newTac }, { token: m.token });
    // A first contact replaces nothing: money is not held.
    expect(await t.ok('Member/securitystate', {}, { token: m.token })).toMatchObject({ hold_until: '' });
  });
});

describe('money is held for 24 hours after a security change', () => {
  it('transfers, withdrawals and binding are refused with the time and the reason, and allowed a day later', async () => {
    const m = await newMember(t);
    const friend = await newMember(t);
    await fund(t, admin, m.userid, '100');
    const at = t.clock.now();
    await changeEmail(m, `${m.userid}-moved@example.com`);
    const until = utc(new Date(at.getTime() + DAY));
    const reason = `Withdrawals, transfers and address binding are paused until ${until} because your e-mail was changed`;

    expect((await transfer(m, friend)).body).toMatchObject({ status: 0, code: 409, msg: reason });
    expect((await bind(m)).body).toMatchObject({ code: 409, msg: reason });
    expect(await t.ok('Member/securitystate', {}, { token: m.token })).toMatchObject({
      hold_until: new Date(at.getTime() + DAY).toISOString(),
      hold_reason: 'email_changed',
      contact: `${m.userid.slice(0, 1)}***@example.com`,
    });
    expect(await t.ok('Member/getcaddress', {}, { token: m.token })).toMatchObject({ bound: false });

    t.clock.advance(DAY - 60_000);
    expect((await transfer(m, friend)).http).toBe(409);
    t.clock.advance(61_000);
    expect((await transfer(m, friend)).body).toMatchObject({ status: 1, data: { balance_after: '90' } });
    expect((await bind(m)).body.status).toBe(1);
    expect((await withdraw(m)).body).toMatchObject({ status: 1, data: { status: 'pending' } });
    expect(await t.ok('Member/securitystate', {}, { token: m.token })).toMatchObject({ hold_until: '' });
  });

  it('a password an admin sets holds money too; goods (the shop, stock sent or shipped) are held like money', async () => {
    const m = await newMember(t);
    const friend = await newMember(t);
    await fund(t, admin, m.userid, '100');
    const at = t.clock.now();
    await t.ok(
      'Admin/setmemberpassword',
      { userid: m.userid, password: 'Fresh-pass-123', reason: 'member called the help desk' },
      { token: admin },
    );
    const login = await t.ok<{ token: string }>('Logon/login', {
      username: m.userid,
      password: 'Fresh-pass-123',
    });
    const held = { status: 0, code: 409, msg: expect.stringContaining(utc(new Date(at.getTime() + DAY))) };
    expect((await transfer({ ...m, token: login.token }, friend)).body).toMatchObject(held);
    const product = await t.ok<{ id: string }>(
      'Admin/productsave',
      {
        name: `Held ${newKey('p').slice(-6)}`,
        description: 'x',
        price: '5',
        asset: 'USDT',
        stock: 5,
        active: true,
      },
      { token: admin },
    );
    const buy = await t.call(
      'Asset/BuyProductSave2',
      { wallet: 'funds', delivery: 'keep', agree: true, tx_password: TX, idempotency_key: newKey() },
      { token: login.token },
    );
    expect(buy.body).toMatchObject(held);
    const send = await t.call(
      'Inventory/transfersave',
      {
        to_userid: friend.userid,
        product_id: product.id,
        quantity: 1,
        tx_password: TX,
        idempotency_key: newKey(),
      },
      { token: login.token },
    );
    expect(send.body).toMatchObject(held);
    const events = await t.ok<{ list: { kind: string; userid: string }[] }>(
      'Admin/securityevents',
      { userid: m.userid },
      { token: admin },
    );
    expect(events.list.map((e) => e.kind)).toContain('password_reset');
  });

  it('a withdrawal is refused after a password change, in the member language', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '100');
    expect((await bind(m)).body.status).toBe(1);
    await t.ok(
      'member/updatepwd',
      { old_password: m.password, password: 'newpass11', confirm_password: 'newpass11' },
      { token: m.token },
    );
    const token = (
      await t.ok<{ token: string }>('Logon/login', { username: m.userid, password: 'newpass11' })
    ).token;
    const res = await t.call(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey() },
      { token, lang: 'zh-CN' },
    );
    expect(res.body.code).toBe(409);
    expect(res.body.msg).toMatch(
      /^由于您的登录密码已修改，提现、转账和地址绑定暂停至 \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
  });

  it("a new member's first binding, first transfer and first withdrawal are not held", async () => {
    const m = await newMember(t);
    const friend = await newMember(t);
    await fund(t, admin, m.userid, '100');
    expect((await bind(m)).body).toMatchObject({ status: 1, data: { bound: true } });
    expect((await transfer(m, friend)).body.status).toBe(1);
    expect((await withdraw(m)).body.status).toBe(1);
    expect(await t.ok('Member/securitystate', {}, { token: m.token })).toMatchObject({ hold_until: '' });
  });

  it('binding again after customer service unbound the address needs the password and holds money', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '100');
    expect((await bind(m)).body.status).toBe(1);
    await t.ok('Admin/unbindaddress', { userid: m.userid, reason: 'lost wallet' }, { token: admin });
    const noPw = await bind(m);
    expect(noPw.body.errors?.[0]?.field).toBe('password');
    const at = t.clock.now();
    expect((await bind(m, { password: m.password })).body.status).toBe(1);
    expect((await withdraw(m)).body.msg).toBe(
      `Withdrawals, transfers and address binding are paused until ${utc(new Date(at.getTime() + DAY))} because your withdrawal address was changed`,
    );
    expect((await outboxTo(m.email))[0]?.body).toContain('Your withdrawal address was set to TR7NHq...Lj6t');
  });
});
