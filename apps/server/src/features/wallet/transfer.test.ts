import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const TX = '654321'; // the helpers' transaction password

describe('asset/transfersave', () => {
  it('moves money between members, records both sides and answers the first result again for the same key', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '100');
    const key = newKey();
    const body = {
      to_userid: b.userid,
      amount: '25.5',
      wallet: 'funds',
      tx_password: TX,
      idempotency_key: key,
    };
    const res = await t.call('asset/transfersave', body, { token: a.token });
    expect(res.body).toMatchObject({
      status: 1,
      msg: 'Sent',
      data: { to_userid: b.userid, amount: '25.5', fee: '0', asset: 'USDT', balance_after: '74.5' },
    });
    const again = await t.call('asset/transfersave', body, { token: a.token });
    expect(again.body.data).toEqual(res.body.data);
    expect((await balanceOf(t, a.token)).balance).toBe('74.5');
    expect((await balanceOf(t, b.token)).balance).toBe('25.5');

    const history = await t.ok<{
      list: { type: string; amount: string; balance_after: string; counterparty: string }[];
    }>('asset/walletrecord', { wallet: 'funds' }, { token: a.token });
    expect(history.list[0]).toMatchObject({
      type: 'transfer',
      amount: '-25.5',
      balance_after: '74.5',
      counterparty: b.userid,
    });
    const theirs = await t.ok<{ list: { amount: string; counterparty: string }[] }>(
      'asset/walletrecord2',
      {},
      { token: b.token },
    );
    expect(theirs.list[0]).toMatchObject({ amount: '25.5', counterparty: a.userid });
  });

  it('refuses the same key with a different request (409) and changes nothing', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '10');
    const key = newKey();
    await t.ok(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: key },
      { token: a.token },
    );
    const res = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '2', wallet: 'funds', tx_password: TX, idempotency_key: key },
      { token: a.token },
    );
    expect(res.http).toBe(409);
    expect(res.body.errors?.[0]?.field).toBe('idempotency_key');
    expect((await balanceOf(t, a.token)).balance).toBe('9');
  });

  it('refuses bad amounts, naming the field, and moves nothing', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '10');
    const cases: [string, number, string][] = [
      ['-1', 422, 'Please enter an amount such as 20 or 20.5'],
      ['0', 422, 'The amount must be more than zero'],
      ['1.0000001', 422, 'USDT allows at most 6 decimal places'],
      ['abc', 422, 'Please enter an amount such as 20 or 20.5'],
      ['0.5', 422, 'The minimum is 1 USDT'],
      ['10.000001', 422, 'Insufficient balance'],
    ];
    for (const [amount, code, msg] of cases) {
      const res = await t.call(
        'asset/transfersave',
        { to_userid: b.userid, amount, wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
        { token: a.token },
      );
      expect(res.http, amount).toBe(code);
      expect(res.body.msg, amount).toBe(msg);
      expect(res.body.errors?.[0]?.field).toBe('amount');
    }
    expect((await balanceOf(t, a.token)).balance).toBe('10');
    expect((await balanceOf(t, b.token)).balance).toBe('0');
  });

  it('refuses sending to yourself, to an unknown member, from a wallet the rules do not allow, and a wrong transaction password', async () => {
    const a = await newMember(t);
    await fund(t, admin, a.userid, '10');
    const self = await t.call(
      'asset/transfersave',
      { to_userid: a.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(self.body).toMatchObject({ code: 422, msg: 'You cannot send to yourself' });
    const unknown = await t.call(
      'asset/transfersave',
      { to_userid: 'ghost9999', amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(unknown.body).toMatchObject({
      code: 404,
      errors: [{ field: 'to_userid', message: 'The receiving member does not exist' }],
    });
    const b = await newMember(t);
    const wallet = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'reward', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(wallet.body.errors?.[0]?.field).toBe('wallet');
    const wrong = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: '000000', idempotency_key: newKey() },
      { token: a.token },
    );
    expect(wrong.body).toMatchObject({
      code: 422,
      errors: [{ field: 'tx_password', message: 'The transaction password is wrong' }],
    });
    expect((await balanceOf(t, a.token)).balance).toBe('10');
  });

  it('refuses a frozen recipient at posting time, even one looked up a moment before', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '10');
    await t.ok('asset/checktransferuser', { to_userid: b.userid }, { token: a.token });
    await t.ok(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    await t.db.updateTable('members').set({ status: 'frozen' }).where('userid', '=', b.userid).execute();
    const res = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(res.body).toMatchObject({
      code: 422,
      errors: [{ field: 'to_userid', message: 'The receiving member cannot receive funds now' }],
    });
    const check = await t.call('asset/checktransferuser', { to_userid: b.userid }, { token: a.token });
    expect(check.body.errors?.[0]?.field).toBe('to_userid');
    expect((await balanceOf(t, a.token)).balance).toBe('9');
  });

  it('limits wrong transaction passwords: after 5 slow checks in 15 minutes, 429', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '10');
    for (let i = 0; i < 5; i++) {
      const r = await t.call(
        'asset/transfersave',
        {
          to_userid: b.userid,
          amount: '1',
          wallet: 'funds',
          tx_password: `bad${i}00`,
          idempotency_key: newKey(),
        },
        { token: a.token },
      );
      expect(r.http).toBe(422);
    }
    const locked = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(locked.http).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    const ok = await t.call(
      'asset/transfersave',
      { to_userid: b.userid, amount: '1', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
      { token: a.token },
    );
    expect(ok.body.status).toBe(1);
  });

  it('asset/checktransferuser and asset/transfer describe the recipient and the rules', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '3');
    const who = await t.ok<{ userid: string; name: string }>(
      'asset/checktransferuser',
      { to_userid: b.userid.toUpperCase() },
      { token: a.token },
    );
    expect(who.userid).toBe(b.userid);
    expect(who.name).toContain('***');
    const menu = await t.ok('asset/transfer', {}, { token: a.token });
    expect(menu).toEqual({
      wallets: [{ wallet: 'funds', to_wallet: 'funds', asset: 'USDT', available: '3' }],
      fee_percent: '0',
      min_amount: '1',
      max_amount: '1000000',
    });
  });
});

describe('concurrency', () => {
  it('the same idempotency key sent 50 times at once posts once and everyone gets the same result', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '100');
    const body = {
      to_userid: b.userid,
      amount: '7',
      wallet: 'funds',
      tx_password: TX,
      idempotency_key: newKey(),
    };
    await t.ok('asset/transfer', {}, { token: a.token }); // warm the session
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.call('asset/transfersave', body, { token: a.token })),
    );
    expect(results.every((r) => r.body.status === 1)).toBe(true);
    const ids = new Set(results.map((r) => JSON.stringify(r.body.data)));
    expect(ids.size).toBe(1);
    expect((await balanceOf(t, a.token)).balance).toBe('93');
    expect((await balanceOf(t, b.token)).balance).toBe('7');
  });

  it('ring transfers among many members from many parallel clients: no deadlock reaches a caller, money is conserved', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => newMember(t)));
    for (const m of members) await fund(t, admin, m.userid, '50');
    const calls = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < members.length; i++) {
        const from = members[i]!;
        const to = members[(i + 1 + (round % 3)) % members.length]!;
        calls.push(
          t.call(
            'asset/transfersave',
            {
              to_userid: to.userid,
              amount: String(1 + (round % 4)),
              wallet: 'funds',
              tx_password: TX,
              idempotency_key: newKey(),
            },
            { token: from.token },
          ),
        );
      }
    }
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 422], JSON.stringify(r.body)).toContain(r.http);
    expect(results.filter((r) => r.http === 200).length).toBeGreaterThan(60);
    let total = 0n;
    for (const m of members) total += BigInt((await balanceOf(t, m.token)).balance);
    expect(total).toBe(400n);
  });

  it('a double spend from one balance: 20 parallel transfers of 60% each, exactly one succeeds', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '10');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          'asset/transfersave',
          { to_userid: b.userid, amount: '6', wallet: 'funds', tx_password: TX, idempotency_key: newKey() },
          { token: a.token },
        ),
      ),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === 'Insufficient balance')).toHaveLength(19);
    expect((await balanceOf(t, a.token)).balance).toBe('4');
  });
});
