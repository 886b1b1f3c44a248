import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestCode, newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

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
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function memberWithAddress(amount = '100') {
  const m = await newMember(t);
  if (amount !== '0') await fund(t, admin, m.userid, amount);
  await t.ok(
    'member/updatecaddress',
    { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
    { token: m.token },
  );
  return m;
}

describe('withdrawal address', () => {
  it('lists the networks and binds a valid address once; after that it cannot be changed', async () => {
    const m = await newMember(t);
    const types = await t.ok<{ list: { code: string }[] }>(
      'Member/withdrawAddressType',
      {},
      { token: m.token },
    );
    expect(types.list.map((x) => x.code)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'USDT-BEP20']);
    expect(await t.ok('member/getcaddress', {}, { token: m.token })).toMatchObject({ bound: false });
    const bad = await t.call(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-ERC20', tx_password: TX },
      { token: m.token },
    );
    expect(bad.body).toMatchObject({
      code: 422,
      errors: [{ field: 'address', message: 'This is not a valid USDT (Ethereum, ERC-20) address' }],
    });
    const ok = await t.ok(
      'member/updatecaddress',
      { address: EVM.toLowerCase(), address_type: 'USDT-ERC20', tx_password: TX },
      { token: m.token },
    );
    expect(ok).toMatchObject({ bound: true, address: EVM, address_type: 'USDT-ERC20' });
    const again = await t.call(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
      { token: m.token },
    );
    expect(again.body).toMatchObject({
      code: 409,
      msg: 'The withdrawal address cannot be changed. Please contact customer service.',
    });
    const zh = await t.call(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
      { token: m.token, lang: 'zh-CN' },
    );
    expect(zh.body.msg).toBe('提现地址绑定后不可修改，请联系客服');
    expect(await t.ok('Member/getcraddress', {}, { token: m.token })).toMatchObject({
      bound: true,
      network: 'USDT (Ethereum, ERC-20)',
      masked: '0x5aAe...eAed',
    });
    expect(await t.ok('Asset/showWithdrawAddress', {}, { token: m.token })).toEqual({
      bound: true,
      masked: '0x5aAe...BeAed'.replace('BeAed', 'eAed'),
      address_type: 'USDT-ERC20',
    });
  });

  it('an admin can unbind with a reason (audited), then the member binds again', async () => {
    const m = await memberWithAddress('0');
    expect(
      (await t.call('Admin/unbindaddress', { userid: m.userid, reason: 'lost wallet' }, { token: m.token }))
        .http,
    ).toBe(403);
    await t.ok(
      'Admin/unbindaddress',
      { userid: m.userid, reason: 'lost wallet, ticket 42' },
      { token: admin },
    );
    expect(await t.ok('member/getcaddress', {}, { token: m.token })).toMatchObject({ bound: false });
    // Binding again is a change: it needs the login password.
    await t.ok(
      'member/updatecaddress',
      { address: EVM, address_type: 'USDT-BEP20', tx_password: TX, password: m.password },
      { token: m.token },
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'withdraw_address.unbind')
      .where('target', '=', m.userid)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ reason: 'lost wallet, ticket 42', address: TRON });
  });
});

describe('asset/withdrawsave', () => {
  it('previews the fee (5%, rounded up) and holds the amount until an admin approves', async () => {
    const m = await memberWithAddress('100');
    expect(await t.ok('asset/withdrawmenu', {}, { token: m.token })).toMatchObject({
      min_amount: '20',
      fee_percent: '5',
      available: '100',
      address_bound: true,
    });
    expect(await t.ok('asset/withdraw', { amount: '20.000001' }, { token: m.token })).toMatchObject({
      fee: '1.000001',
      receive: '19',
    });
    const notes = await t.ok<{ notes: string[] }>('Asset/withdrawNote', {}, { token: m.token });
    expect(notes.notes[0]).toBe('The minimum withdrawal is 20 USDT.');

    const w = await t.call(
      'asset/withdrawsave',
      { amount: '40', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(w.body).toMatchObject({
      status: 1,
      msg: 'Withdrawal requested. It will be paid after review.',
      data: { amount: '40', fee: '2', receive: '38', status: 'pending', address: TRON },
    });
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', available: '60', pending: '40' });

    const list = await t.ok<{ list: { id: string; status: string }[]; total_amount: string }>(
      'Admin/wdlist',
      { status: 'pending', userid: m.userid },
      { token: admin },
    );
    expect(list.list).toHaveLength(1);
    expect(list.total_amount).toBe('40');
    const id = list.list[0]!.id;
    expect(list.list[0]).toMatchObject({ payout_mode: 'manual', second_approval: '' });
    // TRC-20 is not a chain this server pays from: approved, it waits to be paid by hand, the money still held.
    const approved = await t.call('Admin/AdminApprovewd', { id, action: 'approve' }, { token: admin });
    expect(approved.body).toMatchObject({
      status: 1,
      msg: 'Approved: pay it by hand, then record the transaction hash',
      data: { status: 'approved', payout_state: 'manual', payout_mode: 'manual' },
    });
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', available: '60', pending: '40' });
    const waiting = await t.ok<{ list: { status: string; payout_state: string }[] }>(
      'Asset/withdrawlist',
      {},
      { token: m.token },
    );
    expect(waiting.list[0]).toMatchObject({ status: 'approved', payout_state: 'manual', tx_hash: '' });
    const hash = 'ab'.repeat(32);
    const paid = await t.call('Admin/wdmanualpaid', { id, tx_hash: hash.toUpperCase() }, { token: admin });
    expect(paid.body).toMatchObject({
      status: 1,
      msg: 'Payment recorded: the member sees the withdrawal paid',
      data: {
        payout_state: 'confirmed',
        tx_hash: hash,
        explorer_url: `https://tronscan.org/#/transaction/${hash}`,
      },
    });
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '60', available: '60', pending: '0' });
    const fees = await t.db
      .selectFrom('ledger_accounts')
      .select('credits_posted')
      .where('platform', '=', 'fees')
      .where('asset', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(BigInt(fees.credits_posted)).toBeGreaterThanOrEqual(2_000_000n);

    const history = await t.ok<{
      list: { status: string; amount: string; balance_after: string; type: string }[];
    }>('asset/walletrecord2', { type: 'withdraw' }, { token: m.token });
    expect(history.list[0]).toMatchObject({ type: 'withdraw', amount: '-38', status: 'posted' });
    const mine = await t.ok<{ list: { status: string }[] }>('Asset/withdrawlist', {}, { token: m.token });
    expect(mine.list[0]).toMatchObject({ status: 'approved', payout_state: 'confirmed', tx_hash: hash });
  });

  it('a rejection releases the hold and the member sees the reason', async () => {
    const m = await memberWithAddress('50');
    const w = await t.ok<{ id: string }>(
      'asset/withdrawsave',
      { amount: '30', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    const noReason = await t.call('Admin/AdminApprovewd', { id: w.id, action: 'reject' }, { token: admin });
    expect(noReason.body.errors?.[0]?.field).toBe('reason');
    await t.ok(
      'Admin/AdminApprovewd',
      { id: w.id, action: 'reject', reason: 'Address flagged by compliance' },
      { token: admin },
    );
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '50', available: '50', pending: '0' });
    const mine = await t.ok<{ list: { status: string; reason: string }[] }>(
      'Asset/withdrawlist',
      {},
      { token: m.token },
    );
    expect(mine.list[0]).toMatchObject({ status: 'rejected', reason: 'Address flagged by compliance' });
    const again = await t.call('Admin/AdminApprovewd', { id: w.id, action: 'approve' }, { token: admin });
    expect(again.body).toMatchObject({ code: 409, msg: 'This withdrawal has already been decided' });
  });

  it('refuses below the minimum, without a bound address, over the balance, and bad amounts', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '25');
    const unbound = await t.call(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(unbound.body).toMatchObject({ code: 422, msg: 'Please bind a withdrawal address first' });
    await t.ok(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
      { token: m.token },
    );
    const call = (amount: string) =>
      t.call(
        'asset/withdrawsave',
        { amount, tx_password: TX, idempotency_key: newKey() },
        { token: m.token },
      );
    expect((await call('19.999999')).body.msg).toBe('The minimum is 20 USDT');
    expect((await call('26')).body.msg).toBe('Insufficient balance');
    expect((await call('-20')).body.errors?.[0]?.field).toBe('amount');
    expect((await call('20.1234567')).body.msg).toBe('USDT allows at most 6 decimal places');
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '25', pending: '0' });
  });

  it('50 parallel withdrawals each for 60% of the balance: exactly one is accepted', async () => {
    const m = await memberWithAddress('100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call(
          'asset/withdrawsave',
          { amount: '60', tx_password: TX, idempotency_key: newKey() },
          { token: m.token },
        ),
      ),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === 'Insufficient balance')).toHaveLength(49);
    expect(await balanceOf(t, m.token)).toMatchObject({ available: '40', pending: '60' });
  });

  it('two admins deciding one withdrawal at once: it is decided once', async () => {
    const other = await adminToken(t);
    for (let round = 0; round < 5; round++) {
      const m = await memberWithAddress('100');
      const w = await t.ok<{ id: string }>(
        'asset/withdrawsave',
        { amount: '50', tx_password: TX, idempotency_key: newKey() },
        { token: m.token },
      );
      const [a, b] = await Promise.all([
        t.call('Admin/AdminApprovewd', { id: w.id, action: 'approve' }, { token: admin }),
        t.call('Admin/AdminApprovewd', { id: w.id, action: 'reject', reason: 'duplicate' }, { token: other }),
      ]);
      const winners = [a, b].filter((r) => r.body.status === 1);
      expect(winners).toHaveLength(1);
      expect([a, b].find((r) => r.body.status !== 1)?.body.msg).toBe(
        'This withdrawal has already been decided',
      );
      // Approved (TRC-20): held until paid by hand; rejected: released.
      const bal = await balanceOf(t, m.token);
      expect(bal.pending).toBe(a.body.status === 1 ? '50' : '0');
      expect(bal.balance).toBe('100');
    }
  });

  it('asks for a two-factor code when the member turned it on, and each code works once', async () => {
    const m = await memberWithAddress('100');
    const setup = await t.ok<{ secret: string; otpauth_url: string; qr_data_url: string }>(
      'Member/totpsetup',
      {},
      { token: m.token },
    );
    expect(setup.otpauth_url).toContain('otpauth://totp/');
    expect(setup.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const code = () => generate({ secret: setup.secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    await t.ok('Member/totpenable', { totp: await code(), password: m.password }, { token: m.token });
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: true });
    expect(await t.ok('asset/withdrawmenu', {}, { token: m.token })).toMatchObject({ totp_required: true });

    const none = await t.call(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey() },
      { token: m.token },
    );
    expect(none.body.errors?.[0]).toEqual({
      field: 'totp',
      message: 'Please enter the code from your authenticator app',
    });
    t.clock.advance(30_000);
    const fresh = await code();
    await t.ok(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey(), totp: fresh },
      { token: m.token },
    );
    const replay = await t.call(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey(), totp: fresh },
      { token: m.token },
    );
    expect(replay.body.errors?.[0]?.field).toBe('totp');

    // The transaction password change needs it too.
    await t.ok('Member/getVerificationCode', { purpose: 'tx_password' }, { token: m.token });
    const tac = await latestCode(t, m.email);
    const noCode = await t.call(
      'member/updateTransactionPwd',
      { password: m.password, tac, tx_password: '111111', confirm_tx_password: '111111' },
      { token: m.token },
    );
    expect(noCode.body.errors?.[0]?.field).toBe('totp');
    t.clock.advance(30_000);
    await t.ok(
      'member/updateTransactionPwd',
      { password: m.password, tac, tx_password: '111111', confirm_tx_password: '111111', totp: await code() },
      { token: m.token },
    );

    // Turning it off needs a fresh code and the (new) transaction password.
    t.clock.advance(30_000);
    const wrongPw = await t.call(
      'Member/totpdisable',
      { totp: await code(), tx_password: TX, password: m.password },
      { token: m.token },
    );
    expect(wrongPw.body.errors?.[0]?.field).toBe('tx_password');
    t.clock.advance(30_000);
    await t.ok(
      'Member/totpdisable',
      { totp: await code(), tx_password: '111111', password: m.password },
      { token: m.token },
    );
    expect(await t.ok('Member/totpstatus', {}, { token: m.token })).toEqual({ enabled: false });
  });
});

describe('admin money calls', () => {
  it('Admin/adjustbalance credits and debits against the adjustments account, audited, never below zero', async () => {
    const m = await newMember(t);
    const key = newKey();
    const credit = await t.ok(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'reward',
        asset: 'USDT',
        amount: '12.34',
        reason: 'promo',
        idempotency_key: key,
      },
      { token: admin },
    );
    expect(credit).toMatchObject({ amount: '12.34', balance_after: '12.34' });
    const repeat = await t.ok(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'reward',
        asset: 'USDT',
        amount: '12.34',
        reason: 'promo',
        idempotency_key: key,
      },
      { token: admin },
    );
    expect(repeat).toEqual(credit);
    const debit = await t.ok(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'reward',
        asset: 'USDT',
        amount: '-2.34',
        reason: 'correction',
        idempotency_key: newKey(),
      },
      { token: admin },
    );
    expect(debit).toMatchObject({ amount: '-2.34', balance_after: '10' });
    const tooMuch = await t.call(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'reward',
        asset: 'USDT',
        amount: '-10.01',
        reason: 'x',
        idempotency_key: newKey(),
      },
      { token: admin },
    );
    expect(tooMuch.body.msg).toBe('Insufficient balance');
    const wrongAsset = await t.call(
      'Admin/adjustbalance',
      {
        userid: m.userid,
        wallet: 'reward',
        asset: 'XT',
        amount: '1',
        reason: 'x',
        idempotency_key: newKey(),
      },
      { token: admin },
    );
    expect(wrongAsset.body.errors?.[0]?.field).toBe('asset');
    expect(
      (
        await t.call(
          'Admin/adjustbalance',
          {
            userid: m.userid,
            wallet: 'reward',
            asset: 'USDT',
            amount: '1',
            reason: 'x',
            idempotency_key: newKey(),
          },
          { token: m.token },
        )
      ).http,
    ).toBe(403);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'ledger.adjust')
      .where('target', '=', m.userid)
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('Admin/ledgerhealth reports the invariants', async () => {
    const health = await t.ok<{ healthy: boolean; problems: string[]; transfers: number }>(
      'Admin/ledgerhealth',
      {},
      { token: admin },
    );
    expect(health.healthy).toBe(true);
    expect(health.problems).toEqual([]);
    expect(health.transfers).toBeGreaterThan(0);
  });

  it('refuses to update or delete a transfer (immutable)', async () => {
    await expect(t.db.updateTable('ledger_transfers').set({ reference: 'x' }).execute()).rejects.toThrow(
      /immutable/,
    );
    await expect(t.db.deleteFrom('ledger_transfers').execute()).rejects.toThrow(/immutable/);
  });

  it('the database itself refuses a member account below zero', async () => {
    const m = await newMember(t);
    await fund(t, admin, m.userid, '1');
    await expect(
      t.db
        .updateTable('ledger_accounts')
        .set({ debits_posted: '2000000' })
        .where(
          'member_id',
          '=',
          (
            await t.db
              .selectFrom('members')
              .select('id')
              .where('userid', '=', m.userid)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute(),
    ).rejects.toThrow(/no_overdraft/);
  });
});

describe('balances and bonus views', () => {
  it('lists every wallet with zeros for a new member, and the overview totals in USDT', async () => {
    const m = await newMember(t);
    const b = await t.ok<{ wallets: { wallet: string; asset: string; balance: string }[] }>(
      'Asset/getwalletbalance',
      {},
      { token: m.token },
    );
    expect(b.wallets.map((w) => `${w.wallet}:${w.asset}`)).toEqual([
      'deposit:USDT',
      'trading:USDT',
      'reward:USDT',
      'funds:USDT',
      'funds:XT',
      'registration_points:RP',
      'deposit_points:DP',
    ]);
    await fund(t, admin, m.userid, '10');
    await fund(t, admin, m.userid, '4', 'funds', 'XT');
    const o = await t.ok<{ total_usdt: string }>('asset/index2', {}, { token: m.token });
    expect(o.total_usdt).toBe('12'); // 10 USDT + 4 XT at 0.5
    const detail = await t.ok<{ recent: unknown[] }>('asset/index3', { wallet: 'funds' }, { token: m.token });
    expect(detail.recent).toHaveLength(2);
    expect(await t.ok('Asset/getxtoken', {}, { token: m.token })).toMatchObject({
      asset: 'XT',
      price_usdt: '0.5',
      balance: '4',
    });
    const coins = await t.ok<{ list: { asset: string }[] }>('asset/getcoin', {}, { token: m.token });
    expect(coins.list.map((c) => c.asset)).toEqual(['USDT', 'XT', 'RP', 'DP']);
    const menu = await t.ok<{ list: { wallet: string; asset: string; actions: string[] }[] }>(
      'asset/coinmenu',
      {},
      { token: m.token },
    );
    expect(menu.list.find((x) => x.wallet === 'funds' && x.asset === 'USDT')?.actions).toEqual([
      'history',
      'transfer',
      'exchange',
      'withdraw',
    ]);
    expect(await t.ok('Member/getbanklist', {}, { token: m.token })).toMatchObject({
      list: expect.any(Array),
    });
  });

  it('bonus summary and records read from the ledger, with type and date filters', async () => {
    const m = await newMember(t);
    const empty = await t.ok('asset/bonussummary', {}, { token: m.token });
    expect(empty).toMatchObject({ total: '0', today: '0' });
    const records = await t.ok<{ total: number }>(
      'Asset/searchBonusrecord',
      { type: 'sponsor', from: '2026-01-01', to: '2026-12-31' },
      { token: m.token },
    );
    expect(records.total).toBe(0);
    const bad = await t.call('Asset/searchBonusrecord', { from: '2026-13-45' }, { token: m.token });
    expect(bad.body.errors?.[0]?.field).toBe('from');
    expect((await t.ok<{ total: number }>('asset/bonusrecord', {}, { token: m.token })).total).toBe(0);
  });
});
