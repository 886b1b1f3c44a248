import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  // 1 XT = 0.5 USDT, members pay a 1% spread each way.
  await t.ok('Admin/setexchangerate', { price_usdt: '0.5', spread_percent: '1' }, { token: admin });
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const TX = '654321';

describe('exchange between USDT and the platform token', () => {
  it('shows the pairs with the member rate and quotes rounding down', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '10');
    const menu = await t.ok<{ list: { from: string; to: string; rate: string; available: string }[] }>(
      'Asset/exchangemenu',
      {},
      { token: m.token },
    );
    expect(menu.list).toEqual([
      expect.objectContaining({ from: 'USDT', to: 'XT', rate: '1.98', spread_percent: '1', available: '10' }),
      expect.objectContaining({ from: 'XT', to: 'USDT', rate: '0.495', available: '0' }),
    ]);
    const q = await t.ok(
      'Asset/exchange_usdt',
      { from: 'USDT', to: 'XT', amount: '3.333333' },
      { token: m.token },
    );
    // 3.333333 * 2 * 0.99 = 6.59999934 XT, rounded down to 6 decimals.
    expect(q).toMatchObject({ amount: '3.333333', receive: '6.599999' });
  });

  it('posts four legs: the member pays one asset and receives the other, the platform the other way', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '10');
    const res = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'USDT', to: 'XT', amount: '10', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(res.body).toMatchObject({
      status: 1,
      msg: 'Exchanged',
      data: { amount: '10', asset: 'USDT', to: 'XT', receive: '19.8' },
    });
    expect((await balanceOf(t, m.token, 'funds', 'USDT')).balance).toBe('0');
    expect((await balanceOf(t, m.token, 'funds', 'XT')).balance).toBe('19.8');
    const back = await t.ok<{ receive: string }>(
      'Asset/exchangesave_usdt',
      { from: 'XT', to: 'USDT', amount: '19.8', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    // The round trip loses the spread twice: 19.8 * 0.5 * 0.99 = 9.801.
    expect(back.receive).toBe('9.801');
    const liquidity = await t.db
      .selectFrom('ledger_accounts')
      .select(['asset', 'debits_posted', 'credits_posted'])
      .where('platform', '=', 'exchange_liquidity')
      .orderBy('asset')
      .execute();
    expect(liquidity).toEqual([
      { asset: 'USDT', debits_posted: '9801000', credits_posted: '10000000' },
      { asset: 'XT', debits_posted: '19800000', credits_posted: '19800000' },
    ]);
  });

  it('refuses unknown pairs, tiny and oversized amounts, and a wrong password, changing nothing', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '5');
    const pair = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'USDT', to: 'RP', amount: '1', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(pair.body).toMatchObject({ code: 422, msg: 'This exchange pair is not offered' });
    const small = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'USDT', to: 'XT', amount: '0.5', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(small.body.msg).toBe('The minimum is 1 USDT');
    const dust = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'XT', to: 'USDT', amount: '0.000001', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(dust.body.msg).toBe('The amount is too small to exchange');
    const over = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'USDT', to: 'XT', amount: '6', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(over.body.msg).toBe('Insufficient balance');
    const wrong = await t.call(
      'Asset/exchangesave_usdt',
      { from: 'USDT', to: 'XT', amount: '1', tx_password: '999999', idempotency_key: newKey() },
      { token: m.token },
    );
    expect(wrong.body.errors?.[0]?.field).toBe('tx_password');
    expect((await balanceOf(t, m.token)).balance).toBe('5');
  });

  it('lets only admins set the rate, within limits, and audits it', async () => {
    const m = await newMember(t);
    expect(
      (await t.call('Admin/setexchangerate', { price_usdt: '1', spread_percent: '1' }, { token: m.token }))
        .http,
    ).toBe(403);
    expect(
      (await t.call('Admin/setexchangerate', { price_usdt: '0', spread_percent: '1' }, { token: admin })).body
        .errors?.[0]?.field,
    ).toBe('price_usdt');
    expect(
      (await t.call('Admin/setexchangerate', { price_usdt: '1', spread_percent: '60' }, { token: admin }))
        .body.errors?.[0]?.field,
    ).toBe('spread_percent');
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'exchange.set_rate')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('airdrops', () => {
  it('a member sends platform tokens to another member', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '50', 'funds', 'XT');
    expect(await t.ok('Asset/checkairdropuser', { to_userid: b.userid }, { token: a.token })).toMatchObject({
      userid: b.userid,
    });
    expect(await t.ok('Asset/airdrop', {}, { token: a.token })).toEqual({
      asset: 'XT',
      wallet: 'funds',
      min_amount: '1',
      available: '50',
    });
    const res = await t.ok(
      'Asset/airdropsave',
      { to_userid: b.userid, amount: '12.5', tx_password: TX, idempotency_key: newKey(), note: 'welcome' },
      { token: a.token },
    );
    expect(res).toMatchObject({ to_userid: b.userid, amount: '12.5', asset: 'XT', balance_after: '37.5' });
    expect((await balanceOf(t, b.token, 'funds', 'XT')).balance).toBe('12.5');
    const history = await t.ok<{ list: { type: string; amount: string }[] }>(
      'asset/walletrecord3',
      {},
      { token: b.token },
    );
    expect(history.list[0]).toMatchObject({ type: 'airdrop', amount: '12.5' });
  });

  it('refuses self, unknown, below minimum and over balance', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await fund(t, admin, a.userid, '5', 'funds', 'XT');
    const call = (to: string, amount: string) =>
      t.call(
        'Asset/airdropsave',
        { to_userid: to, amount, tx_password: TX, idempotency_key: newKey() },
        { token: a.token },
      );
    expect((await call(a.userid, '1')).body.msg).toBe('You cannot send to yourself');
    expect((await call('nobody000', '1')).http).toBe(404);
    expect((await call(b.userid, '0.5')).body.msg).toBe('The minimum is 1 XT');
    expect((await call(b.userid, '6')).body.msg).toBe('Insufficient balance');
  });

  it('an admin campaign pays every listed member once, even when started again with the same key', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => newMember(t)));
    const key = newKey('campaign');
    const body = {
      name: 'Launch',
      amount_each: '3',
      userids: members.map((m) => m.userid).join(', '),
      idempotency_key: key,
    };
    const first = await t.ok<{ id: string; total: number }>('Admin/airdropcampaign', body, { token: admin });
    expect(first.total).toBe(5);
    await t.ok('Admin/airdropcampaign', body, { token: admin });
    let status = '';
    for (let i = 0; i < 100 && status !== 'done'; i++) {
      const list = await t.ok<{ list: { status: string; done: number }[] }>(
        'Admin/airdropcampaigns',
        { id: first.id },
        { token: admin },
      );
      status = list.list[0]?.status ?? '';
      if (status !== 'done') await new Promise((r) => setTimeout(r, 50));
    }
    if (status !== 'done') {
      const row = await t.db
        .selectFrom('airdrop_campaigns')
        .select('error')
        .where('id', '=', first.id)
        .executeTakeFirst();
      throw new Error(`campaign ${status}: ${row?.error}`);
    }
    for (const m of members) expect((await balanceOf(t, m.token, 'funds', 'XT')).balance).toBe('3');
    const unknown = await t.call(
      'Admin/airdropcampaign',
      { ...body, userids: 'ghost0001', idempotency_key: newKey() },
      { token: admin },
    );
    expect(unknown.body.errors?.[0]?.field).toBe('userids');
  });
});
