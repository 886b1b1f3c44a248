import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

/** Asset/walletmove out of the deposit wallet: deposited money made usable for withdrawals, transfers, exchanges. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const TX = '654321'; // the helpers' transaction password

async function depositor(amount: string) {
  const m = await newMember(t);
  await fund(t, admin, m.userid, amount, 'deposit');
  const move = (body: Record<string, unknown>) =>
    t.call(
      'Asset/walletmove',
      { from: 'deposit', to: 'funds', amount: '30', tx_password: TX, idempotency_key: newKey(), ...body },
      { token: m.token },
    );
  return { ...m, move };
}

const balances = async (token: string) => ({
  deposit: (await balanceOf(t, token, 'deposit')).balance,
  funds: (await balanceOf(t, token, 'funds')).balance,
});

describe('moving deposit-wallet money', () => {
  it('moves from the deposit wallet to the funds wallet once per key; a second request with the key changes nothing', async () => {
    const m = await depositor('100');
    const key = newKey();
    const first = await m.move({ idempotency_key: key });
    expect(first.body).toMatchObject({
      code: 200,
      msg: 'Moved between your wallets',
      data: { from: 'deposit', to: 'funds', amount: '30', fee: '0', asset: 'USDT', balance_after: '30' },
    });
    const again = await m.move({ idempotency_key: key });
    expect(again.body.data).toEqual(first.body.data);
    expect(await balances(m.token)).toEqual({ deposit: '70', funds: '30' });
    // The same key with another amount is another request: refused, nothing moves.
    expect((await m.move({ idempotency_key: key, amount: '31' })).http).toBe(409);
    expect(await balances(m.token)).toEqual({ deposit: '70', funds: '30' });
    // The move shows in the deposit wallet's records.
    const records = await t.ok<{ list: { type: string; amount: string }[] }>(
      'asset/walletrecord',
      { wallet: 'deposit' },
      { token: m.token },
    );
    expect(records.list[0]).toMatchObject({ amount: '-30' });
  });

  it('two moves at once with different keys both apply; the balance never goes below zero', async () => {
    const m = await depositor('50');
    const answers = await Promise.all([m.move({ amount: '30' }), m.move({ amount: '30' })]);
    const codes = answers.map((a) => a.body.code).sort();
    // 50 holds one move of 30, not two.
    expect(codes).toEqual([200, 422]);
    expect(await balances(m.token)).toEqual({ deposit: '20', funds: '30' });
  });

  it('the same move sent twice at once with one key applies once', async () => {
    const m = await depositor('100');
    const key = newKey();
    const answers = await Promise.all([m.move({ idempotency_key: key }), m.move({ idempotency_key: key })]);
    expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
    expect(answers[0]!.body.data).toEqual(answers[1]!.body.data);
    expect(await balances(m.token)).toEqual({ deposit: '70', funds: '30' });
  });

  it('refuses more than the deposit wallet holds, a move into the deposit wallet and a wrong password', async () => {
    const m = await depositor('10');
    expect((await m.move({ amount: '10.000001' })).body).toMatchObject({
      code: 422,
      errors: [{ field: 'amount' }],
    });
    expect((await m.move({ from: 'funds', to: 'deposit' })).body).toMatchObject({
      code: 422,
      errors: [{ field: 'to' }],
    });
    expect((await m.move({ amount: '5', tx_password: '000000' })).body).toMatchObject({
      errors: [{ field: 'tx_password' }],
    });
    expect(await balances(m.token)).toEqual({ deposit: '10', funds: '0' });
    // To the trading wallet works too (what bots and copy trading are paid from).
    expect((await m.move({ amount: '10', to: 'trading' })).body).toMatchObject({ code: 200 });
    expect((await balanceOf(t, m.token, 'trading')).balance).toBe('10');
  });
});
