import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { anvilRpc, testChainConfig, tokenBalanceOf, USDT } from '../../../test/chain.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import type { ChainConfig } from '../../config.ts';
import { createLedger } from '../../ledger/index.ts';
import { deployTestUsdt, localClients, sendTestUsdt } from './local.ts';
import { createPayoutWorker, type PayoutDeps } from './payouts.ts';
import { withdrawalPayouts } from '../withdraw/index.ts';

/**
 * Withdrawals paid on a real local chain (anvil, mining on each transaction unless told otherwise): approved ->
 * signed -> broadcast -> confirmed after 6 confirmations; crashes around the broadcast; a hot wallet without tokens,
 * without gas, or with enough for one payout of two; retry and reject after a failure; two workers at once.
 */
const TX = '654321';
let t: TestApp;
let anvil: Anvil;
let token: Address;
let admin: string;
let chain: ChainConfig;
const hotKey = generatePrivateKey();
const hot = privateKeyToAccount(hotKey);

let rpc: (method: string, params?: unknown[]) => Promise<unknown>;
const mine = (blocks: number) => rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
const client = () => localClients(anvil.url).client;
const tokenBalance = (owner: Address) => tokenBalanceOf(anvil.url, token, owner);

beforeAll(async () => {
  anvil = await startAnvil();
  token = await deployTestUsdt(anvil.url);
  rpc = anvilRpc(anvil.url);
  await rpc('anvil_setBalance', [hot.address, `0x${parseEther('10').toString(16)}`]);
  chain = testChainConfig(anvil.url, token, { hotWallet: hot.address });
  t = await createTestApp({ config: { chain } });
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const worker = (hooks?: PayoutDeps['hooks']) =>
  createPayoutWorker({
    db: t.db,
    ledger: createLedger(t.db),
    client: client(),
    chainId: chain.chainId,
    token,
    account: hot,
    confirmations: 6,
    withdrawals: withdrawalPayouts,
    hooks,
  });

/** Sends test USDT from the faucet to the hot wallet (mined at once). */
async function fillHotWallet(amount: bigint) {
  const hash = await sendTestUsdt(anvil.url, token, hot.address, amount);
  await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
}

/** Empties the hot wallet's test USDT back to the faucet (a signed transfer from the hot wallet itself). */
async function emptyHotWallet() {
  const held = await tokenBalance(hot.address);
  if (held === 0n) return;
  // Straight to the chain's storage: the hot wallet's nonce (kept by the worker) is left alone.
  const slot = await balanceSlot(hot.address);
  await rpc('anvil_setStorageAt', [token, slot, `0x${'0'.repeat(64)}`]);
  expect(await tokenBalance(hot.address)).toBe(0n);
}

/** The storage slot of `balanceOf[owner]` in the test USDT (the mapping is its second variable, slot 1). */
async function balanceSlot(owner: Address) {
  const { encodeAbiParameters, keccak256 } = await import('viem');
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 1n]));
}

/** A member with `amount` USDT in funds, a bound ERC-20 address, and a pending withdrawal of `withdraw`. */
async function withdrawal(amount: string, withdraw: string) {
  const m = await newMember(t);
  await fund(t, admin, m.userid, amount);
  const to = privateKeyToAccount(generatePrivateKey()).address;
  await t.ok(
    'member/updatecaddress',
    { address: to, address_type: 'USDT-ERC20', tx_password: TX },
    { token: m.token },
  );
  const w = await t.ok<{ id: string; receive: string }>(
    'asset/withdrawsave',
    { amount: withdraw, tx_password: TX, idempotency_key: newKey() },
    { token: m.token },
  );
  return { ...m, to, id: w.id, receive: w.receive };
}

type View = {
  status: string;
  payout_state: string;
  tx_hash: string;
  explorer_url: string;
  payout_error: string;
};
const approve = (id: string, action = 'approve', reason?: string) =>
  t.call('Admin/AdminApprovewd', { id, action, ...(reason ? { reason } : {}) }, { token: admin });
const viewOf = async (m: { token: string }, id: string) =>
  (await t.ok<{ list: (View & { id: string })[] }>('Asset/withdrawlist', {}, { token: m.token })).list.find(
    (w) => w.id === id,
  )!;

describe('on-chain payouts', () => {
  it('an approved withdrawal is paid on chain and posted only after 6 confirmations', async () => {
    await fillHotWallet(USDT(1000));
    const m = await withdrawal('100', '40');
    const approved = await approve(m.id);
    expect(approved.body).toMatchObject({ code: 200, data: { status: 'approved', payout_state: 'queued' } });
    // Held, not yet paid.
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', available: '60', pending: '40' });

    const w = worker();
    await w.step();
    const sent = await viewOf(m, m.id);
    expect(sent.payout_state).toBe('broadcast');
    expect(sent.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent.explorer_url).toBe(`https://explorer.example/tx/${sent.tx_hash}`);
    // Mined (one confirmation); the bound address has it on chain: amount minus the 5% fee.
    expect(await tokenBalance(m.to)).toBe(USDT(38));

    await mine(4); // 5 confirmations
    await w.step();
    expect((await viewOf(m, m.id)).payout_state).toBe('broadcast');
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', pending: '40' });

    await mine(1); // 6
    await w.step();
    const paid = await viewOf(m, m.id);
    expect(paid).toMatchObject({ status: 'approved', payout_state: 'confirmed', tx_hash: sent.tx_hash });
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '60', available: '60', pending: '0' });
    // The admin's list shows the same.
    const list = await t.ok<{ list: (View & { id: string })[] }>(
      'Admin/wdlist',
      { userid: m.userid },
      { token: admin },
    );
    expect(list.list[0]).toMatchObject({ payout_state: 'confirmed', tx_hash: sent.tx_hash });
    // Stepping again changes nothing.
    await mine(3);
    await w.step();
    expect(await tokenBalance(m.to)).toBe(USDT(38));
  });

  it('a worker killed after the broadcast, or before it, pays once after the restart', async () => {
    await fillHotWallet(USDT(1000));
    const after = await withdrawal('50', '20');
    await approve(after.id);
    await expect(
      worker({
        afterBroadcast: () => {
          throw new Error('killed after the broadcast');
        },
      }).step(),
    ).rejects.toThrow('killed after the broadcast');
    expect(await tokenBalance(after.to)).toBe(USDT(19));

    const before = await withdrawal('50', '30');
    await approve(before.id);
    await expect(
      worker({
        beforeBroadcast: () => {
          throw new Error('killed before the broadcast');
        },
      }).step(),
    ).rejects.toThrow('killed before the broadcast');
    expect(await tokenBalance(before.to)).toBe(0n);

    // The restarted worker finds both by their stored transactions: the same nonce and hash, nothing signed again.
    const restarted = worker();
    await restarted.step();
    await mine(6);
    await restarted.step();
    await restarted.step();
    expect(await tokenBalance(after.to)).toBe(USDT(19));
    expect(await tokenBalance(before.to)).toBe(USDT(28.5));
    expect(await viewOf(after, after.id)).toMatchObject({ payout_state: 'confirmed' });
    expect(await viewOf(before, before.id)).toMatchObject({ payout_state: 'confirmed' });
    expect(await balanceOf(t, after.token)).toMatchObject({ balance: '30', pending: '0' });
    expect(await balanceOf(t, before.token)).toMatchObject({ balance: '20', pending: '0' });
    const sends = await t.db
      .selectFrom('chain_sends')
      .select(['withdrawal_id', 'nonce'])
      .where('withdrawal_id', 'in', [after.id, before.id])
      .execute();
    expect(sends).toHaveLength(2);
  });

  it('a hot wallet without the tokens fails the payout and pays nothing; the admin retries it once funded', async () => {
    await emptyHotWallet();
    const m = await withdrawal('100', '40');
    await approve(m.id);
    const w = worker();
    await w.step();
    const failed = await viewOf(m, m.id);
    expect(failed).toMatchObject({ status: 'approved', payout_state: 'failed' });
    expect(failed.payout_error).toMatch(/balance too low/);
    expect(await tokenBalance(m.to)).toBe(0n);
    // The money stays held until an admin decides.
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', available: '60', pending: '40' });
    // It cannot be retried twice, nor rejected while queued again.
    await fillHotWallet(USDT(100));
    const retried = await approve(m.id, 'retry');
    expect(retried.body).toMatchObject({ code: 200, data: { payout_state: 'queued', payout_error: '' } });
    expect((await approve(m.id, 'retry')).body).toMatchObject({ code: 409 });
    expect((await approve(m.id, 'reject', 'no')).body).toMatchObject({ code: 409 });
    await w.step();
    await mine(6);
    await w.step();
    expect(await viewOf(m, m.id)).toMatchObject({ payout_state: 'confirmed' });
    expect(await tokenBalance(m.to)).toBe(USDT(38));
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '60', pending: '0' });
  });

  it('a failed payout rejected by the admin releases the money', async () => {
    await emptyHotWallet();
    const m = await withdrawal('100', '30');
    await approve(m.id);
    await worker().step();
    expect((await viewOf(m, m.id)).payout_state).toBe('failed');
    const rejected = await approve(m.id, 'reject', 'Paid by bank instead');
    expect(rejected.body).toMatchObject({ code: 200, data: { status: 'rejected', payout_state: 'failed' } });
    expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', available: '100', pending: '0' });
    expect((await approve(m.id, 'retry')).body).toMatchObject({ code: 409 });
  });

  it('a transfer that reverts on chain (two payouts, tokens for one) fails and pays nothing', async () => {
    await emptyHotWallet();
    await fillHotWallet(USDT(50));
    const a = await withdrawal('100', '40'); // 38 out
    const b = await withdrawal('100', '40'); // 38 out: the second finds 12 left
    await approve(a.id);
    await approve(b.id);
    await rpc('evm_setAutomine', [false]);
    try {
      const w = worker();
      await w.step(); // both estimated against the same state, signed and sent to the pool
      await mine(6);
      await w.step();
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    const views = [await viewOf(a, a.id), await viewOf(b, b.id)];
    expect(views.map((v) => v.payout_state).sort()).toEqual(['confirmed', 'failed']);
    const failed = views.find((v) => v.payout_state === 'failed')!;
    expect(failed.payout_error).toBe('the transfer reverted on chain');
    expect((await tokenBalance(a.to)) + (await tokenBalance(b.to))).toBe(USDT(38));
    const loser = views[0]!.payout_state === 'failed' ? a : b;
    expect(await balanceOf(t, loser.token)).toMatchObject({ balance: '100', pending: '40' });
  });

  it('a payout the node refuses (no gas) fails and frees its nonce for the retry', async () => {
    await fillHotWallet(USDT(100));
    const m = await withdrawal('100', '20');
    await approve(m.id);
    const gas = await client().getBalance({ address: hot.address });
    await rpc('anvil_setBalance', [hot.address, '0x0']);
    const w = worker();
    try {
      await w.step();
    } finally {
      await rpc('anvil_setBalance', [hot.address, `0x${gas.toString(16)}`]);
    }
    const failed = await viewOf(m, m.id);
    expect(failed.payout_state).toBe('failed');
    expect(failed.payout_error).toMatch(/fund|gas/i);
    const free = await t.db.selectFrom('chain_free_nonces').select('nonce').execute();
    expect(free).toHaveLength(1);
    await approve(m.id, 'retry');
    await w.step();
    await mine(6);
    await w.step();
    expect(await viewOf(m, m.id)).toMatchObject({ payout_state: 'confirmed' });
    expect(await tokenBalance(m.to)).toBe(USDT(19));
    // The retry took the freed nonce: no gap is left.
    expect(await t.db.selectFrom('chain_free_nonces').select('nonce').execute()).toEqual([]);
    const send = await t.db
      .selectFrom('chain_sends')
      .select('nonce')
      .where('withdrawal_id', '=', m.id)
      .where('state', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    expect(send.nonce).toBe(free[0]!.nonce);
  });

  it('two workers at once pay each withdrawal once', async () => {
    await fillHotWallet(USDT(1000));
    const ms = await Promise.all([1, 2, 3, 4, 5].map(() => withdrawal('50', '20')));
    for (const m of ms) await approve(m.id);
    const [w1, w2] = [worker(), worker()];
    await Promise.all([w1.step(), w2.step()]);
    await Promise.all([w1.step(), w2.step()]);
    await mine(6);
    await Promise.all([w1.step(), w2.step()]);
    for (const m of ms) {
      expect(await tokenBalance(m.to)).toBe(USDT(19));
      expect(await viewOf(m, m.id)).toMatchObject({ payout_state: 'confirmed' });
      expect(await balanceOf(t, m.token)).toMatchObject({ balance: '30', pending: '0' });
    }
  });

  it('refuses a decision on a payout in progress, and approves by hand for another network', async () => {
    await fillHotWallet(USDT(100));
    const m = await withdrawal('100', '20');
    await approve(m.id);
    expect((await approve(m.id, 'reject', 'changed my mind')).body).toMatchObject({
      code: 409,
      msg: expect.stringMatching(/being paid on chain/),
    });
    expect((await approve(m.id, 'retry')).body).toMatchObject({ code: 409 });
    await worker().step();
    await mine(6);
    await worker().step();

    const tron = await newMember(t);
    await fund(t, admin, tron.userid, '50');
    await t.ok(
      'member/updatecaddress',
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_type: 'USDT-TRC20', tx_password: TX },
      { token: tron.token },
    );
    const w = await t.ok<{ id: string }>(
      'asset/withdrawsave',
      { amount: '20', tx_password: TX, idempotency_key: newKey() },
      { token: tron.token },
    );
    // A TRC-20 address: no hot wallet on that network, so the approval leaves it to be paid by hand, held.
    const done = await approve(w.id);
    expect(done.body).toMatchObject({ code: 200, data: { status: 'approved', payout_state: 'manual' } });
    expect(await balanceOf(t, tron.token)).toMatchObject({ balance: '50', pending: '20' });
  });

  it('pays ERC-20 by hand when the owner says so: the recorded hash must be a confirmed transfer to the member', async () => {
    const settings = await t.ok<{ networks: { code: string; enabled: boolean; mode: string }[] }>(
      'Admin/payoutsettings',
      {},
      { token: admin },
    );
    expect(settings.networks.find((n) => n.code === 'USDT-ERC20')).toMatchObject({
      mode: 'automatic',
      automatic_available: true,
    });
    const save = (mode: string) =>
      t.ok(
        'Admin/payoutsettingssave',
        {
          networks: [{ code: 'USDT-ERC20', enabled: true, mode }],
          limit_per_withdrawal_usdt: '5000',
          limit_daily_usdt: '20000',
          two_person_threshold_usdt: '10000',
          wait_alert_hours: 24,
        },
        { token: admin },
      );
    await save('manual');
    try {
      const m = await withdrawal('100', '40');
      expect((await approve(m.id)).body).toMatchObject({
        data: { payout_state: 'manual', payout_mode: 'manual' },
      });
      const record = (tx_hash: string) =>
        t.call('Admin/wdmanualpaid', { id: m.id, tx_hash }, { token: admin });
      // A hash the chain does not know, and then a real transfer of too little, are refused; nothing is posted.
      const unknown = await record(`0x${'12'.repeat(32)}`);
      expect(unknown.body).toMatchObject({ code: 422, errors: [{ field: 'tx_hash' }] });
      expect(unknown.body.msg).toMatch(/No confirmed transaction on chain pays 38 USDT/);
      const short = await sendTestUsdt(anvil.url, token, m.to as Address, USDT(37));
      await mine(6);
      expect((await record(short)).body).toMatchObject({ code: 422, errors: [{ field: 'tx_hash' }] });
      // The full amount, not yet confirmed 6 times, then confirmed.
      const full = await sendTestUsdt(anvil.url, token, m.to as Address, USDT(38));
      expect((await record(full)).body).toMatchObject({ code: 422 });
      expect(await balanceOf(t, m.token)).toMatchObject({ balance: '100', pending: '40' });
      await mine(6);
      const paid = await record(full);
      expect(paid.body).toMatchObject({ code: 200, data: { payout_state: 'confirmed', tx_hash: full } });
      expect(await balanceOf(t, m.token)).toMatchObject({ balance: '60', pending: '0' });
      // The same hash for another withdrawal is refused.
      const other = await withdrawal('100', '40');
      await approve(other.id);
      const again = await t.call('Admin/wdmanualpaid', { id: other.id, tx_hash: full }, { token: admin });
      // (For another member the transfer does not pay their address: refused on chain.)
      expect(again.body).toMatchObject({ code: 422, errors: [{ field: 'tx_hash' }] });
    } finally {
      await save('automatic');
    }
  });

  it('shows the hot wallet on the admin chain page', async () => {
    const info = await t.ok<Record<string, unknown>>('Admin/chaininfo', {}, { token: admin });
    expect(info).toMatchObject({
      rpc_url: anvil.url,
      token_address: token,
      token_decimals: 6,
      confirmations: 6,
      demo: true,
      hot_wallet_address: hot.address,
      payouts: { queued: 0, broadcast: 0 },
    });
    expect(Number(info.hot_wallet_gas)).toBeGreaterThan(0);
    expect(info.hot_wallet_usdt).toBe(String(Number(await tokenBalance(hot.address)) / 1e6));
  });
});
