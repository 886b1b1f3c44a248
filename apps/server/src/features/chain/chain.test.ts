import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { anvilRpc, USDT } from '../../../test/chain.ts';
import { newMember } from '../../../test/helpers.ts';
import { balanceOf, expectLedgerHealthy } from '../../../test/money.ts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import { createLedger } from '../../ledger/index.ts';
import { LOCAL_TEST_MNEMONIC, xpubOf } from './addresses.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { deployTestUsdt, localClients, sendTestUsdt } from './local.ts';
import { createDepositScanner } from './scanner.ts';

/** Deposits on a real local chain (anvil): confirmations, duplicates, two scanners, reorgs, minimum, restart. */
const CHAIN = 31337;
const XPUB = xpubOf(LOCAL_TEST_MNEMONIC, 1);
let t: TestApp;
let anvil: Anvil;
let token: Address;
let rpc: (method: string, params?: unknown[]) => Promise<unknown>;

beforeAll(async () => {
  anvil = await startAnvil();
  t = await createTestApp();
  token = await deployTestUsdt(anvil.url);
  rpc = anvilRpc(anvil.url);
});
afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

const mine = (blocks: number) => rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
const scanner = () =>
  createDepositScanner({
    db: t.db,
    ledger: createLedger(t.db),
    client: localClients(anvil.url).client,
    chainId: CHAIN,
    token,
    confirmations: 6,
    minimum: USDT(1),
    range: 50,
  });
async function depositor() {
  const m = await newMember(t);
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('userid', '=', m.userid)
    .executeTakeFirstOrThrow();
  return { ...m, id: row.id, address: await memberDepositAddress(t.db, CHAIN, XPUB, row.id) };
}
const depositsOf = (memberId: string) =>
  t.db
    .selectFrom('chain_deposits')
    .select(['state', 'amount', 'tx_hash'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
const deposited = async (token_: string) => (await balanceOf(t, token_, 'deposit')).balance;

describe('deposits from the chain', () => {
  it('credits a deposit after exactly 6 confirmations, not at 5', async () => {
    const m = await depositor();
    const s = scanner();
    await sendTestUsdt(anvil.url, token, m.address, USDT(25));
    // anvil mines the transaction at once: 1 confirmation.
    await s.catchUp();
    expect(await depositsOf(m.id)).toEqual([
      expect.objectContaining({ state: 'detected', amount: '25000000' }),
    ]);
    await mine(4);
    await s.step();
    expect((await depositsOf(m.id))[0]!.state).toBe('detected');
    expect(await deposited(m.token)).toBe('0');
    await mine(1);
    await s.step();
    expect((await depositsOf(m.id))[0]!.state).toBe('credited');
    expect(await deposited(m.token)).toBe('25');
    await s.step();
    expect(await deposited(m.token)).toBe('25');
    await expectLedgerHealthy(t);
  });

  it('two scanners at once, and the same log read twice, credit once', async () => {
    const m = await depositor();
    await sendTestUsdt(anvil.url, token, m.address, USDT(7.5));
    await mine(6);
    const a = scanner();
    const b = scanner();
    await Promise.all([a.catchUp(), b.catchUp(), a.step(), b.step()]);
    // The cursor moved back and the range read again: the log is the same deposit.
    await t.db
      .updateTable('chain_cursors')
      .set({ next_block: '0', last_hash: null })
      .where('chain_id', '=', CHAIN)
      .execute();
    await Promise.all([a.catchUp(), b.catchUp()]);
    expect(await depositsOf(m.id)).toEqual([
      expect.objectContaining({ state: 'credited', amount: '7500000' }),
    ]);
    expect(await deposited(m.token)).toBe('7.5');
    await expectLedgerHealthy(t);
  });

  it('a reorg before 6 confirmations drops the deposit; it comes back if mined again', async () => {
    const m = await depositor();
    const s = scanner();
    await s.catchUp();
    const snapshot = (await rpc('evm_snapshot')) as Hex;
    const hash = await sendTestUsdt(anvil.url, token, m.address, USDT(40));
    const raw = (await rpc('eth_getRawTransactionByHash', [hash])) as Hex;
    await mine(2);
    await s.catchUp();
    expect((await depositsOf(m.id))[0]!.state).toBe('detected');
    // The blocks holding the deposit leave the chain; a longer chain without it takes their place.
    await rpc('evm_revert', [snapshot]);
    await mine(8);
    await s.catchUp();
    expect(await depositsOf(m.id)).toEqual([expect.objectContaining({ state: 'dropped', tx_hash: hash })]);
    expect(await deposited(m.token)).toBe('0');
    // The same transaction mined again: found again, and credited after its confirmations.
    await rpc('eth_sendRawTransaction', [raw]);
    await mine(6);
    await s.catchUp();
    expect(await depositsOf(m.id)).toEqual([expect.objectContaining({ state: 'credited', tx_hash: hash })]);
    expect(await deposited(m.token)).toBe('40');
    await expectLedgerHealthy(t);
  });

  it('a deposit below the minimum is recorded and never credited', async () => {
    const m = await depositor();
    await sendTestUsdt(anvil.url, token, m.address, USDT(0.5));
    await mine(10);
    await scanner().catchUp();
    expect(await depositsOf(m.id)).toEqual([
      expect.objectContaining({ state: 'below_minimum', amount: '500000' }),
    ]);
    expect(await deposited(m.token)).toBe('0');
  });

  it('a restart resumes from the cursor without missing or repeating a block', async () => {
    const m = await depositor();
    await scanner().catchUp();
    await sendTestUsdt(anvil.url, token, m.address, USDT(3));
    await mine(3);
    // Stopped here; while it is down, another deposit and more blocks.
    await sendTestUsdt(anvil.url, token, m.address, USDT(4));
    await mine(10);
    const again = scanner();
    await again.catchUp();
    await again.step();
    expect((await depositsOf(m.id)).map((d) => [d.amount, d.state])).toEqual([
      ['3000000', 'credited'],
      ['4000000', 'credited'],
    ]);
    expect(await deposited(m.token)).toBe('7');
    await expectLedgerHealthy(t);
  });
});
