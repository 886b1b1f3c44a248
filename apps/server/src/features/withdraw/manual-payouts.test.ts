import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testChainConfig } from '../../../test/chain.ts';
import { logInAs, newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

/**
 * Payout networks, payouts by hand and the limits of automatic payouts (issue 28). The server follows an ERC-20 chain
 * with a hot wallet (its node is never reached here: approving only queues the payout), so ERC-20 is paid
 * automatically and TRC-20 / BEP-20 by hand.
 */
const TX = '654321';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HOT = '0x000000000000000000000000000000000000beef';
const TOKEN = '0x00000000000000000000000000000000000000aa';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  const chain = testChainConfig('http://127.0.0.1:9', TOKEN, { hotWallet: HOT });
  t = await createTestApp({ config: { chain } });
  owner = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

type Settings = {
  networks: { code: string; enabled: boolean; mode: string; automatic_available: boolean }[];
  limit_per_withdrawal_usdt: string;
  limit_daily_usdt: string;
  paid_automatically_today: string;
  two_person_threshold_usdt: string;
  wait_alert_hours: number;
};
const DEFAULTS = {
  networks: [
    { code: 'USDT-TRC20', enabled: true, mode: 'manual' },
    { code: 'USDT-ERC20', enabled: true, mode: 'automatic' },
    { code: 'USDT-BEP20', enabled: true, mode: 'manual' },
  ],
  limit_per_withdrawal_usdt: '5000',
  limit_daily_usdt: '20000',
  two_person_threshold_usdt: '10000',
  wait_alert_hours: 24,
};
const saveSettings = (over: Partial<typeof DEFAULTS> = {}, token = owner) =>
  t.call('Admin/payoutsettingssave', { ...DEFAULTS, ...over }, { token });

async function adminWithRole(role: string) {
  const m = await newMember(t);
  await t.ok('Admin/adminsave', { userid: m.userid, role }, { token: owner });
  return { ...m, token: await logInAs(t, m.userid, m.password) };
}

/** A member with funds, an address on `network`, and a pending withdrawal of `amount`. */
async function withdrawal(
  network: 'USDT-TRC20' | 'USDT-ERC20' | 'USDT-BEP20',
  amount: string,
  funds = '500',
) {
  const m = await newMember(t);
  await fund(t, owner, m.userid, funds);
  const address = network === 'USDT-TRC20' ? TRON : EVM;
  await t.ok(
    'member/updatecaddress',
    { address, address_type: network, tx_password: TX },
    { token: m.token },
  );
  const w = await t.ok<{ id: string }>(
    'asset/withdrawsave',
    { amount, tx_password: TX, idempotency_key: newKey() },
    { token: m.token },
  );
  return { ...m, id: w.id };
}

const decide = (id: string, action: string, token = owner, reason?: string) =>
  t.call('Admin/AdminApprovewd', { id, action, ...(reason ? { reason } : {}) }, { token });
const record = (id: string, tx_hash: string, token = owner) =>
  t.call('Admin/wdmanualpaid', { id, tx_hash }, { token });
const evmHash = (byte: string) => `0x${byte.repeat(32)}`;

describe('payout networks', () => {
  afterEach(async () => {
    expect((await saveSettings()).body.status).toBe(1);
  });

  it('shows each network and how it is paid; the owner alone saves, and automatic only where it can be', async () => {
    const s = await t.ok<Settings>('Admin/payoutsettings', {}, { token: owner });
    expect(s.networks).toEqual([
      {
        code: 'USDT-TRC20',
        name: expect.any(String),
        enabled: true,
        mode: 'manual',
        automatic_available: false,
      },
      {
        code: 'USDT-ERC20',
        name: expect.any(String),
        enabled: true,
        mode: 'automatic',
        automatic_available: true,
      },
      {
        code: 'USDT-BEP20',
        name: expect.any(String),
        enabled: true,
        mode: 'manual',
        automatic_available: false,
      },
    ]);
    expect(s).toMatchObject({
      limit_per_withdrawal_usdt: '5000',
      limit_daily_usdt: '20000',
      wait_alert_hours: 24,
    });

    const finance = await adminWithRole('finance');
    expect(await t.ok('Admin/payoutsettings', {}, { token: finance.token })).toMatchObject({
      wait_alert_hours: 24,
    });
    expect((await saveSettings({}, finance.token)).body).toMatchObject({ code: 403 });

    const bep = await saveSettings({ networks: [{ code: 'USDT-BEP20', enabled: true, mode: 'automatic' }] });
    expect(bep.body).toMatchObject({ code: 422, errors: [{ field: 'networks' }] });
    expect(bep.body.msg).toMatch(/BEP-20.*cannot be paid automatically/);
    const none = await saveSettings({
      networks: DEFAULTS.networks.map((n) => ({ ...n, enabled: false })),
    });
    expect(none.body).toMatchObject({ code: 422, msg: 'Keep at least one network open for withdrawals' });
    for (const bad of ['-1', '1e3', '0x10', '1.0000001', 'ten'])
      expect((await saveSettings({ limit_daily_usdt: bad })).body).toMatchObject({
        code: 422,
        errors: [{ field: 'limit_daily_usdt' }],
      });
    // Nothing refused was saved.
    expect(await t.ok<Settings>('Admin/payoutsettings', {}, { token: owner })).toMatchObject({
      limit_daily_usdt: '20000',
    });
    expect((await saveSettings({ limit_daily_usdt: '25000.5' })).body).toMatchObject({
      status: 1,
      data: { limit_daily_usdt: '25000.5' },
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'payouts.settings')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('a closed network is not offered, cannot be bound, and its bound addresses cannot withdraw', async () => {
    const bound = await newMember(t);
    await fund(t, owner, bound.userid, '100');
    await t.ok(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
      { token: bound.token },
    );
    await saveSettings({ networks: [{ code: 'USDT-TRC20', enabled: false, mode: 'manual' }] });

    const m = await newMember(t);
    const types = await t.ok<{ list: { code: string }[] }>(
      'Member/withdrawAddressType',
      {},
      { token: m.token },
    );
    expect(types.list.map((x) => x.code)).toEqual(['USDT-ERC20', 'USDT-BEP20']);
    const bind = await t.call(
      'member/updatecaddress',
      { address: TRON, address_type: 'USDT-TRC20', tx_password: TX },
      { token: m.token },
    );
    expect(bind.body).toMatchObject({ code: 422, errors: [{ field: 'address_type' }] });
    expect(bind.body.msg).toMatch(/TRC-20.*closed/);
    expect(await t.ok('member/getcaddress', {}, { token: m.token })).toMatchObject({ bound: false });

    const wd = await t.call(
      'asset/withdrawsave',
      { amount: '30', tx_password: TX, idempotency_key: newKey() },
      { token: bound.token },
    );
    expect(wd.body).toMatchObject({ code: 422 });
    expect(wd.body.msg).toMatch(/closed/);
    expect(await balanceOf(t, bound.token)).toMatchObject({ balance: '100', pending: '0' });
  });
});

describe('payouts by hand', () => {
  it('approving a BEP-20 withdrawal leaves it to be paid by hand; the recorded hash posts it once', async () => {
    const w = await withdrawal('USDT-BEP20', '100');
    const listed = await t.ok<{ list: { id: string; payout_mode: string }[] }>(
      'Admin/wdlist',
      { userid: w.userid },
      { token: owner },
    );
    expect(listed.list[0]).toMatchObject({ id: w.id, payout_mode: 'manual', second_approval: '' });
    expect((await record(w.id, evmHash('11'))).body).toMatchObject({ code: 409 });
    expect((await decide(w.id, 'approve')).body).toMatchObject({ data: { payout_state: 'manual' } });
    expect(await balanceOf(t, w.token)).toMatchObject({ balance: '500', pending: '100' });

    for (const bad of [
      '11'.repeat(32),
      `0x${'1'.repeat(63)}`,
      `0x${'g'.repeat(64)}`,
      `${evmHash('11')}\u0000`,
    ])
      expect((await record(w.id, bad)).body).toMatchObject({ code: 422, errors: [{ field: 'tx_hash' }] });

    // Two admins record at once, with different hashes: one of them is the payment.
    const finance = await adminWithRole('finance');
    const [a, b] = await Promise.all([
      record(w.id, evmHash('22')),
      record(w.id, evmHash('33'), finance.token),
    ]);
    expect([a, b].filter((r) => r.body.status === 1)).toHaveLength(1);
    const won = a.body.status === 1 ? evmHash('22') : evmHash('33');
    // The same again answers the same (a retried request) and posts nothing more.
    expect((await record(w.id, won)).body).toMatchObject({ status: 1, data: { tx_hash: won } });
    expect(await balanceOf(t, w.token)).toMatchObject({ balance: '400', pending: '0' });
    const mine = await t.ok<{
      list: { id: string; payout_state: string; tx_hash: string; explorer_url: string }[];
    }>('Asset/withdrawlist', {}, { token: w.token });
    expect(mine.list[0]).toMatchObject({
      status: 'approved',
      payout_state: 'confirmed',
      tx_hash: won,
      explorer_url: `https://bscscan.com/tx/${won}`,
    });
    // The money left through the by-hand payouts account, once.
    const posted = await t.db
      .selectFrom('ledger_transfers')
      .select('amount')
      .where('kind', '=', 'withdraw_manual')
      .where(sql<boolean>`details->>'withdrawal' = ${w.id}`)
      .execute();
    expect(posted.map((p) => String(p.amount))).toEqual(['95000000']);

    // A hash pays one withdrawal.
    const other = await withdrawal('USDT-BEP20', '50');
    await decide(other.id, 'approve');
    const used = await record(other.id, won.toUpperCase().replace('0X', '0x'));
    expect(used.body).toMatchObject({ code: 409, errors: [{ field: 'tx_hash' }] });
    expect(used.body.msg).toBe('This transaction is already recorded for another withdrawal');
  });

  it('one waiting to be paid by hand is cancelled only on purpose (a reject at the same moment is refused)', async () => {
    const w = await withdrawal('USDT-TRC20', '60');
    expect((await decide(w.id, 'cancel', owner, 'not paid')).body).toMatchObject({ code: 409 });
    await decide(w.id, 'approve');
    expect((await decide(w.id, 'reject', owner, 'changed')).body).toMatchObject({
      code: 409,
      msg: 'This withdrawal has already been decided',
    });
    expect((await decide(w.id, 'cancel', owner)).body).toMatchObject({
      code: 422,
      errors: [{ field: 'reason' }],
    });
    const cancelled = await decide(w.id, 'cancel', owner, 'Address no longer valid');
    expect(cancelled.body).toMatchObject({ status: 1, data: { status: 'rejected', payout_state: '' } });
    expect(await balanceOf(t, w.token)).toMatchObject({ balance: '500', pending: '0' });
    expect((await record(w.id, 'ab'.repeat(32))).body).toMatchObject({ code: 409 });
    const mine = await t.ok<{ list: { status: string; reason: string }[] }>(
      'Asset/withdrawlist',
      {},
      { token: w.token },
    );
    expect(mine.list[0]).toMatchObject({ status: 'rejected', reason: 'Address no longer valid' });
  });
});

describe('limits of automatic payouts', () => {
  afterEach(async () => {
    expect((await saveSettings()).body.status).toBe(1);
  });

  it('above the per-payout limit, or beyond the day’s, a second admin approves; by hand the limits do not apply', async () => {
    expect(
      (await saveSettings({ limit_per_withdrawal_usdt: '50', limit_daily_usdt: '120' })).body.status,
    ).toBe(1);
    const finance = await adminWithRole('finance');
    const before = await t.ok<Settings>('Admin/payoutsettings', {}, { token: owner });

    // 60 withdrawn pays out 57: above 50.
    const big = await withdrawal('USDT-ERC20', '60');
    const listed = await t.ok<{ list: { second_approval: string; payout_mode: string }[] }>(
      'Admin/wdlist',
      { userid: big.userid },
      { token: owner },
    );
    expect(listed.list[0]).toMatchObject({
      payout_mode: 'automatic',
      second_approval: 'per_withdrawal_limit',
    });
    expect((await decide(big.id, 'approve')).body).toMatchObject({
      msg: 'Approval recorded: waiting for a second approver',
      data: { status: 'pending', awaiting_second_approval: true },
    });
    expect((await decide(big.id, 'approve', finance.token)).body).toMatchObject({
      data: { status: 'approved', payout_state: 'queued' },
    });

    // Paid out today: 57 (+ what earlier tests approved). Two of 40 (38 each) fit 120 together with it only once.
    const paid = await t.ok<Settings>('Admin/payoutsettings', {}, { token: owner });
    expect(Number(paid.paid_automatically_today) - Number(before.paid_automatically_today)).toBe(57);
    const room = 120 - Number(paid.paid_automatically_today);
    expect(room).toBeGreaterThanOrEqual(38);
    const one = await withdrawal('USDT-ERC20', '40');
    const two = await withdrawal('USDT-ERC20', '40');
    const [a, b] = await Promise.all([decide(one.id, 'approve'), decide(two.id, 'approve', finance.token)]);
    const queued = [a, b].filter((r) => r.body.data?.payout_state === 'queued');
    const waiting = [a, b].filter(
      (r) => r.body.data?.awaiting_second_approval === true || r.body.code === 409,
    );
    expect(queued).toHaveLength(room >= 76 ? 2 : 1);
    expect(queued.length + waiting.length).toBe(2);
    const after = await t.ok<Settings>('Admin/payoutsettings', {}, { token: owner });
    expect(Number(after.paid_automatically_today)).toBeLessThanOrEqual(120);

    // By hand (BEP-20), 60 is approved by one admin.
    const manual = await withdrawal('USDT-BEP20', '60');
    expect((await decide(manual.id, 'approve')).body).toMatchObject({ data: { payout_state: 'manual' } });
  });

  it('withdrawals waiting too long show on the dashboard', async () => {
    const w = await withdrawal('USDT-TRC20', '30');
    const now = await t.ok<{ withdrawals_waiting_long: number; wait_alert_hours: number }>(
      'Admin/dashboard',
      {},
      { token: owner },
    );
    expect(now.wait_alert_hours).toBe(24);
    await saveSettings({ wait_alert_hours: 1 });
    t.clock.advance(2 * 3_600_000);
    try {
      const later = await t.ok<{ withdrawals_waiting_long: number; oldest_waiting_since: string }>(
        'Admin/dashboard',
        {},
        { token: owner },
      );
      expect(later.withdrawals_waiting_long).toBeGreaterThan(now.withdrawals_waiting_long);
      expect(later.oldest_waiting_since).not.toBe('');
      // Approved to be paid by hand it still waits; paid, it no longer does.
      await decide(w.id, 'approve');
      const approved = await t.ok<{ withdrawals_waiting_long: number }>(
        'Admin/dashboard',
        {},
        { token: owner },
      );
      expect(approved.withdrawals_waiting_long).toBe(later.withdrawals_waiting_long);
      await record(w.id, 'ef'.repeat(32));
      const paid = await t.ok<{ withdrawals_waiting_long: number }>('Admin/dashboard', {}, { token: owner });
      expect(paid.withdrawals_waiting_long).toBe(later.withdrawals_waiting_long - 1);
    } finally {
      t.clock.advance(-2 * 3_600_000);
    }
  });
});
