import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { tokenBalanceOf, USDT } from '../../../test/chain.ts';
import { newMember } from '../../../test/helpers.ts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import { createLedger } from '../../ledger/index.ts';
import { LOCAL_TEST_MNEMONIC, xpubOf } from './addresses.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { deployTestUsdt, localClients, sendTestUsdt } from './local.ts';
import { createPayoutWorker } from './payouts.ts';
import { sweepDeposits } from './sweep.ts';
import { withdrawalPayouts } from '../withdraw/index.ts';

/** The sweep on a real local chain: deposit addresses without gas get it from the hot wallet, then are emptied into it. */
const CHAIN = 31337;
let t: TestApp;
let anvil: Anvil;
let token: Address;
const hot = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  anvil = await startAnvil();
  token = await deployTestUsdt(anvil.url);
  await localClients(anvil.url).client.request({
    method: 'anvil_setBalance' as never,
    params: [hot.address, `0x${parseEther('10').toString(16)}`] as never,
  });
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const client = () => localClients(anvil.url).client;
const tokenBalance = (owner: Address) => tokenBalanceOf(anvil.url, token, owner);
const sweep = (over: Partial<Parameters<typeof sweepDeposits>[0]> = {}) =>
  sweepDeposits({
    db: t.db,
    client: client(),
    chainId: CHAIN,
    token,
    mnemonic: LOCAL_TEST_MNEMONIC,
    account: 1,
    hotWallet: hot.address,
    minimum: USDT(1),
    worker: createPayoutWorker({
      db: t.db,
      ledger: createLedger(t.db),
      client: client(),
      chainId: CHAIN,
      token,
      account: hot,
      confirmations: 6,
      withdrawals: withdrawalPayouts,
    }),
    timeoutMs: 20_000,
    ...over,
  });

async function depositAt(amount: bigint) {
  const m = await newMember(t);
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('userid', '=', m.userid)
    .executeTakeFirstOrThrow();
  const address = await memberDepositAddress(t.db, CHAIN, xpubOf(LOCAL_TEST_MNEMONIC, 1), row.id);
  const hash = await sendTestUsdt(anvil.url, token, address, amount);
  await client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return address;
}

describe('the sweep', () => {
  it('tops up gas from the hot wallet and moves what the deposit addresses hold to it, once', async () => {
    const a = await depositAt(USDT(50));
    const b = await depositAt(USDT(20));
    const small = await depositAt(USDT(0.5));
    expect(await client().getBalance({ address: a })).toBe(0n);

    const plan = await sweep({ dryRun: true });
    expect(plan.map((p) => [p.address, p.amount, p.state])).toEqual([
      [a, USDT(50), 'planned'],
      [b, USDT(20), 'planned'],
    ]);
    expect(plan.every((p) => (p.gas_topup ?? 0n) > 0n)).toBe(true);
    expect(await tokenBalance(a)).toBe(USDT(50));

    const done = await sweep();
    expect(done.map((r) => [r.address, r.amount, r.state])).toEqual([
      [a, USDT(50), 'swept'],
      [b, USDT(20), 'swept'],
    ]);
    expect(await tokenBalance(a)).toBe(0n);
    expect(await tokenBalance(b)).toBe(0n);
    expect(await tokenBalance(small)).toBe(USDT(0.5));
    expect(await tokenBalance(hot.address)).toBe(USDT(70));
    const gas = await t.db.selectFrom('chain_sends').select(['kind', 'state', 'to_address']).execute();
    expect(gas.map((g) => [g.kind, g.state, g.to_address]).sort()).toEqual(
      [
        ['gas', 'confirmed', a.toLowerCase()],
        ['gas', 'confirmed', b.toLowerCase()],
      ].sort(),
    );

    // Again: nothing left above the minimum.
    expect(await sweep()).toEqual([]);
  });

  it('refuses a mnemonic that does not give the deposit addresses', async () => {
    await depositAt(USDT(5));
    await expect(sweep({ account: 2 })).rejects.toThrow(/does not give the deposit addresses/);
  });
});
