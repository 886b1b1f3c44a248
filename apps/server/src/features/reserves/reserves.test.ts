import { anchorData, type ReserveProof, reserveMessage, verifyProof } from '@mp/contract';
import { sql } from 'kysely';
import { type Address, type Hex, parseEther, verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { anvilRpc, testChainConfig, tokenBalanceOf, USDT } from '../../../test/chain.ts';
import { logInAs, newMember } from '../../../test/helpers.ts';
import { adminToken, fund, newKey } from '../../../test/money.ts';
import { type Anvil, startAnvil } from '../../adapters/chain/anvil.ts';
import type { ChainConfig } from '../../config.ts';
import { createLedger } from '../../ledger/index.ts';
import { anchorSend, queueAnchor } from '../chain/index.ts';
import { memberDepositAddress } from '../chain/deposit-addresses.ts';
import { deployTestUsdt, localClients, sendTestUsdt } from '../chain/local.ts';
import { createPayoutWorker } from '../chain/payouts.ts';
import { withdrawalPayouts } from '../withdraw/index.ts';
import { memberProof } from './proof.ts';
import { reservesStep } from './task.ts';

/**
 * Proof of reserves on a real PostgreSQL and a local chain (anvil, mining on each transaction): snapshots of every
 * member's liabilities that verify with the shared verifier, reserves read from the chain at the snapshot's block,
 * the hot wallet's signature, the anchor on chain, and the refusals.
 */
type Snapshot = {
  id: string;
  chain_id: number;
  block: string;
  columns: string[];
  root: { hash: string; sums: string[] };
  total: string;
  anchor_tx: string | null;
  anchor_block: string | null;
  reserves: {
    total: string;
    hot_wallet: { address: string | null; balance: string; signature: string | null };
    deposit_addresses: { xpub: string | null; count: number; balance: string };
  };
  ratio_bp: number | null;
  points: { RP: string; DP: string };
  explorer: { tx_url: string; address_url: string } | null;
};
type AdminSnapshot = Omit<Snapshot, 'root'> & {
  state: string;
  problem: string;
  leaves: number;
  root: Snapshot['root'] | null;
};

let t: TestApp;
let anvil: Anvil;
let token: Address;
let chain: ChainConfig;
let owner: string;
const hotKey = generatePrivateKey();
const hot = privateKeyToAccount(hotKey);
const funded = new Map<string, bigint>();
let alice: { userid: string; token: string; id: string };
let bob: { userid: string; token: string; id: string };

const deps = () => ({
  db: t.db,
  chain: { config: chain, hotWalletKey: hotKey },
  anchors: { queue: queueAnchor, find: anchorSend },
});
const idOf = async (userid: string) =>
  (await t.db.selectFrom('members').select('id').where('userid', '=', userid).executeTakeFirstOrThrow()).id;

/** Asks for a snapshot as an admin and builds it as the main process's task does. */
async function snapshotNow() {
  const asked = await t.ok<{ id: string; state: string }>(
    'Admin/reservesnow',
    { idempotency_key: newKey() },
    { token: owner },
  );
  expect(asked.state).toBe('building');
  const built = await reservesStep(deps());
  expect(built?.id).toBe(asked.id);
  return built!;
}

const adminList = async () =>
  (await t.ok<{ list: AdminSnapshot[] }>('Admin/reserves', {}, { token: owner })).list;

beforeAll(async () => {
  anvil = await startAnvil();
  token = await deployTestUsdt(anvil.url);
  await anvilRpc(anvil.url)('anvil_setBalance', [hot.address, `0x${parseEther('10').toString(16)}`]);
  chain = testChainConfig(anvil.url, token, { hotWallet: hot.address });
  t = await createTestApp({ config: { chain } });
  owner = await adminToken(t);
  const a = await newMember(t);
  const b = await newMember(t);
  alice = { ...a, id: await idOf(a.userid) };
  bob = { ...b, id: await idOf(b.userid) };
  // A few dozen more members, some with money in various wallets, most with none.
  for (let i = 0; i < 30; i++)
    await t.db
      .insertInto('members')
      .values({ userid: `por${i}x`, name: `m${i}` })
      .execute();
  for (const [userid, amount, wallet] of [
    [alice.userid, '120.5', 'funds'],
    [alice.userid, '30', 'deposit'],
    ['por3x', '7', 'reward'],
    ['por4x', '0.000001', 'trading'],
  ] as const) {
    await fund(t, owner, userid, amount, wallet);
    funded.set(userid, (funded.get(userid) ?? 0n) + BigInt(Math.round(Number(amount) * 1e6)));
  }
  // Reserves on chain: the hot wallet's USDT and alice's deposit address.
  const client = localClients(anvil.url).client;
  await client.waitForTransactionReceipt({
    hash: await sendTestUsdt(anvil.url, token, hot.address, USDT(100)),
  });
  const deposit = await memberDepositAddress(t.db, chain.chainId, chain.xpub, alice.id);
  await client.waitForTransactionReceipt({ hash: await sendTestUsdt(anvil.url, token, deposit, USDT(50)) });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await anvil?.stop();
});

describe('proof of reserves', () => {
  it("publishes every member's liabilities: the total is the ledger's, each proof verifies, a member without money has a zero leaf", async () => {
    const built = await snapshotNow();
    expect(built.state).toBe('published');
    const [s] = (await t.ok<{ list: Snapshot[] }>('Reserves/list', {}, { token: alice.token })).list;
    expect(s?.id).toBe(built.id);
    const expected = [...funded.values()].reduce((a, b) => a + b, 0n);
    expect(s?.total).toBe(expected.toString());
    const ledger = await sql<{ owed: string }>`select sum(credits_posted - debits_posted)::text owed
      from ledger_accounts where member_id is not null and asset = 'USDT'`.execute(t.db);
    expect(s?.total).toBe(ledger.rows[0]?.owed);
    expect(s?.columns).toEqual(['deposit', 'trading', 'reward', 'funds', 'withdrawals_held', 'copy_custody']);

    const members = await t.db.selectFrom('members').select(['id', 'userid']).execute();
    expect((await adminList())[0]?.leaves).toBe(members.length);
    for (const m of members) {
      const proof = await memberProof(t.db, built.id, m.id);
      const result = verifyProof(proof);
      expect(result.problem).toBeUndefined();
      expect(result.ok).toBe(true);
      const owed = proof.leaf.amounts.reduce((a, b) => a + BigInt(b), 0n);
      expect(owed).toBe(funded.get(m.userid) ?? 0n);
    }

    const own = await t.ok<ReserveProof>('Reserves/proof', { snapshot_id: built.id }, { token: bob.token });
    expect(own.leaf.member_id).toBe(bob.id);
    expect(own.leaf.amounts).toEqual(['0', '0', '0', '0', '0', '0']);
    expect(verifyProof(own).ok).toBe(true);
  });

  it('reads the reserves from the chain at the snapshot block, signed by the hot wallet', async () => {
    const [s] = (await t.ok<{ list: Snapshot[] }>('Reserves/list', {}, { token: alice.token })).list;
    if (!s) throw new Error('no snapshot');
    expect(s.chain_id).toBe(31337);
    expect(s.reserves.hot_wallet.address).toBe(hot.address);
    expect(s.reserves.hot_wallet.balance).toBe(USDT(100).toString());
    expect(s.reserves.deposit_addresses).toEqual({
      xpub: chain.xpub,
      count: 1,
      balance: USDT(50).toString(),
    });
    expect(s.reserves.total).toBe(USDT(150).toString());
    expect(s.ratio_bp).toBe(Number((USDT(150) * 10_000n) / BigInt(s.total)));
    // A later transfer does not change what was read at the snapshot's block.
    expect(await tokenBalanceOf(anvil.url, token, hot.address)).toBe(USDT(100));
    const signature = s.reserves.hot_wallet.signature as Hex;
    expect(await verifyMessage({ address: hot.address, message: reserveMessage(s), signature })).toBe(true);
    expect(
      await verifyMessage({ address: hot.address, message: reserveMessage({ ...s, block: '1' }), signature }),
    ).toBe(false);
  });

  it("anchors the root on chain from the hot wallet: the transaction's data is anchorData of the published root", async () => {
    const worker = createPayoutWorker({
      db: t.db,
      ledger: createLedger(t.db),
      client: localClients(anvil.url).client,
      chainId: chain.chainId,
      token,
      account: hot,
      confirmations: 6,
      withdrawals: withdrawalPayouts,
    });
    // The reserves task queues the anchor; the payout worker signs, broadcasts and follows it (anvil mines each
    // transaction at once); the task then records it. Both are periodic tasks: a few rounds, as they would run.
    for (let round = 0; round < 5; round++) {
      await reservesStep(deps());
      const anchored = await t.db
        .selectFrom('reserve_snapshots')
        .select('id')
        .where('anchor_tx', 'is not', null)
        .executeTakeFirst();
      if (anchored) break;
      await worker.step();
    }
    const [s] = (await t.ok<{ list: Snapshot[] }>('Reserves/list', {}, { token: alice.token })).list;
    if (!s?.anchor_tx) throw new Error('not anchored');
    const tx = await localClients(anvil.url).client.getTransaction({ hash: s.anchor_tx as Hex });
    expect(tx.input).toBe(anchorData(s));
    expect(tx.from.toLowerCase()).toBe(hot.address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(hot.address.toLowerCase());
    expect(tx.value).toBe(0n);
    expect(s.anchor_block).toBe(tx.blockNumber?.toString());
    expect(s.explorer?.tx_url).toBe(`https://explorer.example/tx/${s.anchor_tx}`);
  });

  it('gives a member only their own proof, and none of a snapshot not published', async () => {
    const [s] = (await t.ok<{ list: Snapshot[] }>('Reserves/list', {}, { token: alice.token })).list;
    const asked = await t.ok<ReserveProof>(
      'Reserves/proof',
      { snapshot_id: s?.id, member_id: bob.id, userid: bob.userid },
      { token: alice.token },
    );
    expect(asked.leaf.member_id).toBe(alice.id);
    const none = await t.call('Reserves/proof', { snapshot_id: '999999' }, { token: alice.token });
    expect(none.body.code).toBe(404);
    // A member who joined after the snapshot is not in it.
    const later = await newMember(t);
    const notIn = await t.call('Reserves/proof', { snapshot_id: s?.id }, { token: later.token });
    expect(notIn.body.code).toBe(404);
    expect((await t.call('Reserves/proof', { snapshot_id: s?.id })).body.code).toBe(401);
  });

  it('refuses a snapshot when a balance is negative, and publishes nothing of it', async () => {
    const where = sql`member_id = (select id from members where userid = 'por3x') and asset = 'USDT'`;
    await sql`update ledger_accounts set no_overdraft = false, debits_posted = credits_posted + 5 where ${where}`.execute(
      t.db,
    );
    try {
      const built = await snapshotNow();
      expect(built.state).toBe('refused');
      expect(built.problem).toMatch(/member \d+: reward is below zero \(-5\)/);
      const [row] = await adminList();
      expect(row).toMatchObject({ id: built.id, state: 'refused', root: null });
      expect(row?.problem).toBe(built.problem);
      const stored = await sql<{
        n: string;
      }>`select (select count(*) from reserve_leaves where snapshot_id = ${built.id})
        + (select count(*) from reserve_nodes where snapshot_id = ${built.id}) n`.execute(t.db);
      expect(stored.rows[0]?.n).toBe('0');
      const list = (await t.ok<{ list: Snapshot[] }>('Reserves/list', {}, { token: alice.token })).list;
      expect(list.map((s) => s.id)).not.toContain(built.id);
    } finally {
      await sql`update ledger_accounts set debits_posted = 0, no_overdraft = true where ${where}`.execute(
        t.db,
      );
    }
  });

  it("refuses a snapshot when the ledger's figures do not add up", async () => {
    const where = sql`member_id = ${alice.id} and wallet = 'deposit' and asset = 'USDT'`;
    await sql`update ledger_accounts set credits_posted = credits_posted + 5 where ${where}`.execute(t.db);
    try {
      const built = await snapshotNow();
      expect(built.state).toBe('refused');
      expect(built.problem).toMatch(/ledger: USDT posted debits \d+ != credits \d+/);
    } finally {
      await sql`update ledger_accounts set credits_posted = credits_posted - 5 where ${where}`.execute(t.db);
    }
  });

  it('takes one snapshot for two requests at once; each key answers that snapshot again, also once built', async () => {
    const keys = [newKey(), newKey()];
    const [a, b] = await Promise.all(
      keys.map((key) =>
        t.ok<{ id: string }>('Admin/reservesnow', { idempotency_key: key }, { token: owner }),
      ),
    );
    if (!a || !b) throw new Error('no answer');
    expect(a.id).toBe(b.id);
    const building = await t.db
      .selectFrom('reserve_snapshots')
      .select('id')
      .where('state', '=', 'building')
      .execute();
    expect(building.map((r) => r.id)).toEqual([a.id]);
    await reservesStep(deps());
    // Whichever request made the snapshot, the other key was answered with it too: a retry gets it, not a new one.
    for (const key of keys) {
      const again = await t.ok('Admin/reservesnow', { idempotency_key: key }, { token: owner });
      expect(again).toEqual({ id: a.id, state: 'published' });
    }
    expect(
      await t.db.selectFrom('reserve_snapshots').select('id').where('state', '=', 'building').execute(),
    ).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'reserves.snapshot')
      .execute();
    expect(audit.map((r) => r.target)).toContain(a.id);
  });

  it('lets finance take a snapshot and refuses it to other admin roles; members and the public read their calls', async () => {
    const roles: Record<string, string> = {};
    for (const role of ['finance', 'support', 'viewer']) {
      const m = await newMember(t);
      await t.ok('Admin/adminsave', { userid: m.userid, role }, { token: owner });
      roles[role] = await logInAs(t, m.userid, m.password);
    }
    const support = await t.call(
      'Admin/reservesnow',
      { idempotency_key: newKey() },
      { token: roles.support },
    );
    expect(support.body.code).toBe(403);
    const viewer = await t.call('Admin/reservesnow', { idempotency_key: newKey() }, { token: roles.viewer });
    expect(viewer.body.code).toBe(403);
    expect((await t.call('Admin/reserves', {}, { token: roles.viewer })).body.code).toBe(200);
    expect((await t.call('Admin/reserves', {}, { token: roles.support })).body.code).toBe(403);
    expect((await t.call('Admin/reserves', {}, { token: alice.token })).body.code).toBe(403);
    const finance = await t.call(
      'Admin/reservesnow',
      { idempotency_key: newKey() },
      { token: roles.finance },
    );
    expect(finance.body.code).toBe(200);
    await reservesStep(deps());
    const pub = await t.ok<{ chain_id: number; rpc_url: string; hot_wallet: string }>('Reserves/chain', {});
    expect(pub).toEqual({ chain_id: 31337, rpc_url: anvil.url, hot_wallet: hot.address });
  });

  it("lets browsers read the chain's public RPC (the CSP's connect-src names its origin)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${new URL(anvil.url).origin}`);
  });
});
