import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { testChainConfig } from '../../../test/chain.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken } from '../../../test/money.ts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import type { ChainConfig } from '../../config.ts';
import { createLedger } from '../../ledger/index.ts';
import { deployTestUsdt, localClients } from './local.ts';
import { createDepositScanner } from './scanner.ts';

/** The deposit calls on a local test chain, as a member and an admin see them. */
let t: TestApp;
let off: TestApp;
let anvil: Anvil;
let chain: ChainConfig;
beforeAll(async () => {
  anvil = await startAnvil();
  const token = await deployTestUsdt(anvil.url);
  chain = testChainConfig(anvil.url, token);
  t = await createTestApp({ config: { chain } });
  off = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await anvil?.stop();
});

describe('deposit calls', () => {
  it('list the network and its token, and give each member one address of their own', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    const menu = await t.ok<{ list: unknown[] }>('Asset/depositmenu', {}, { token: a.token });
    expect(menu.list).toEqual([
      {
        network: 'ERC20',
        name: 'Local test chain',
        chain_id: 31337,
        asset: 'USDT',
        min: '1',
        confirmations: 6,
        test: true,
      },
    ]);
    const tokenInfo = await t.ok<{ list: { contract: string; decimals: number }[] }>(
      'Asset/getSymbolActionToken',
      { symbol: 'USDT', action: 'deposit' },
      { token: a.token },
    );
    expect(tokenInfo.list).toEqual([expect.objectContaining({ contract: chain.token, decimals: 6 })]);
    const first = await t.ok<{ address: string; qr: string; explorer_url: string }>(
      'asset/deposit',
      { network: 'ERC20' },
      { token: a.token },
    );
    const again = await t.ok<{ address: string }>('asset/deposit', {}, { token: a.token });
    const other = await t.ok<{ address: string }>('asset/deposit', {}, { token: b.token });
    expect(again.address).toBe(first.address);
    expect(other.address).not.toBe(first.address);
    expect(first.qr).toMatch(/^data:image\/png;base64,/);
    expect(first.explorer_url).toBe(`https://explorer.example/address/${first.address}`);
    const unknown = await t.call('asset/deposit', { network: 'TRC20' }, { token: a.token });
    expect(unknown.body).toMatchObject({ code: 404, msg: 'This network is not offered' });
  });

  it('send test USDT, show it confirming and then credited; the admin sees the chain', async () => {
    const m = await newMember(t);
    const sent = await t.call<{ tx_hash: string; amount: string }>(
      'Asset/testdeposit',
      {},
      { token: m.token },
    );
    expect(sent.body.msg).toBe('100 test USDT sent: watch it confirm below');
    const scanner = createDepositScanner({
      db: t.db,
      ledger: createLedger(t.db),
      client: localClients(anvil.url).client,
      chainId: 31337,
      token: chain.token,
      confirmations: 6,
      minimum: 1_000_000n,
    });
    await scanner.catchUp();
    const pending = await t.ok<{ list: { state: string; confirmations: number; explorer_url: string }[] }>(
      'Asset/depositrecord',
      {},
      { token: m.token },
    );
    expect(pending.list).toEqual([
      expect.objectContaining({
        state: 'detected',
        confirmations: 1,
        amount: '100',
        explorer_url: `https://explorer.example/tx/${sent.body.data!.tx_hash}`,
      }),
    ]);
    await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x5'] }),
    });
    await scanner.step();
    const done = await t.ok<{ list: { state: string; confirmations: number }[] }>(
      'Asset/depositrecord',
      {},
      { token: m.token },
    );
    expect(done.list[0]).toMatchObject({ state: 'credited', confirmations: 6 });
    const info = await t.ok<{ lag: number; credited: string; on_addresses: string; pending: number }>(
      'Admin/chaininfo',
      {},
      { token: await adminToken(t) },
    );
    expect(info).toMatchObject({ credited: '100', on_addresses: '100', pending: 0 });
    expect(info.lag).toBeLessThanOrEqual(1);
  });

  it('lists a deposit from its first confirmation: the step after the block that holds it', async () => {
    const m = await newMember(t);
    const scanner = createDepositScanner({
      db: t.db,
      ledger: createLedger(t.db),
      client: localClients(anvil.url).client,
      chainId: 31337,
      token: chain.token,
      confirmations: 6,
      minimum: 1_000_000n,
    });
    await scanner.catchUp();
    const rpc = (method: string, params: unknown[] = []) =>
      fetch(anvil.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const list = async () =>
      (
        await t.ok<{ list: { tx_hash: string; state: string; confirmations: number }[] }>(
          'Asset/depositrecord',
          {},
          { token: m.token },
        )
      ).list;
    // Blocks are held: the test deposit waits in the node's pool, in no block yet.
    await rpc('evm_setAutomine', [false]);
    try {
      const sent = await t.ok<{ tx_hash: string }>('Asset/testdeposit', {}, { token: m.token });
      await scanner.step();
      expect(await list()).toEqual([]);
      await rpc('anvil_mine', ['0x1']);
      await scanner.step();
      expect(await list()).toEqual([
        expect.objectContaining({
          tx_hash: sent.tx_hash,
          state: 'detected',
          confirmations: 1,
          amount: '100',
        }),
      ]);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('sends each of several identical test deposits pressed at once (no 5xx, one transfer each)', async () => {
    const m = await newMember(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call<{ tx_hash: string }>('Asset/testdeposit', {}, { token: m.token }),
      ),
    );
    expect(answers.map((a) => a.http)).toEqual([200, 200, 200, 200]);
    const hashes = new Set(answers.map((a) => a.body.data?.tx_hash));
    expect(hashes.size).toBe(4);
    const { client } = localClients(anvil.url);
    for (const hash of hashes) {
      const receipt = await client.waitForTransactionReceipt({
        hash: hash as `0x${string}`,
        pollingInterval: 50,
      });
      expect(receipt.status).toBe('success');
    }
  });

  it('without a chain the calls say deposits are not set up', async () => {
    const m = await newMember(off);
    expect((await off.ok<{ list: unknown[] }>('Asset/depositmenu', {}, { token: m.token })).list).toEqual([]);
    const res = await off.call('asset/deposit', {}, { token: m.token });
    expect(res.body.msg).toBe('Deposits from a chain are not set up on this server');
    const test = await off.call('Asset/testdeposit', {}, { token: m.token });
    expect(test.http).toBe(409);
  });
});
