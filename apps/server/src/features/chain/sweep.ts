import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  type Address,
  bytesToHex,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  http,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Db } from '../../db/database.ts';
import { feeParams, type PayoutWorker } from './payouts.ts';

export type SweepDeps = {
  db: Db;
  client: PublicClient;
  chainId: number;
  token: Address;
  /** The deposit keys' mnemonic: held by the operator, given to this tool only, never to the server. */
  mnemonic: string;
  /** The account of the deposit xpub: m/44'/60'/<account>'/0. */
  account: number;
  hotWallet: Address;
  /** Addresses holding less are left (token units). */
  minimum: bigint;
  /** Sends the gas top-ups (the hot wallet's worker: its nonces stay in one place). */
  worker: PayoutWorker;
  /** Only report what would be swept. */
  dryRun?: boolean;
  /** How long to wait for gas top-ups and sweeps to be mined. */
  timeoutMs?: number;
  log?: (line: string) => void;
};

export type SweepResult = {
  address: Address;
  amount: bigint;
  state: 'swept' | 'planned' | 'failed';
  tx_hash?: Hash;
  gas_topup?: bigint;
  error?: string;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sweep (an operator's tool, README "Sweeping deposits"): moves the test/real USDT that members deposited from
 * their deposit addresses to the hot wallet, which pays withdrawals. For each address holding at least `minimum`:
 * its key is derived from the mnemonic (and must give the address the server derived from the xpub), gas is topped
 * up from the hot wallet when the address lacks it (queued as a `gas` send, so the hot wallet's nonces stay in the
 * payout worker's one row; keyed by the address's own nonce, so running the tool twice tops up once), then the whole
 * balance is transferred to the hot wallet. Nothing in the ledger changes: members were credited on deposit.
 */
export async function sweepDeposits(d: SweepDeps): Promise<SweepResult[]> {
  const log = d.log ?? (() => {});
  const timeout = d.timeoutMs ?? 120_000;
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(d.mnemonic)).derive(`m/44'/60'/${d.account}'/0`);
  const rows = await d.db
    .selectFrom('chain_addresses')
    .select(['address', 'derivation_index'])
    .where('chain_id', '=', d.chainId)
    .orderBy('derivation_index')
    .execute();
  const held = await Promise.all(
    rows.map((r) =>
      d.client.readContract({
        address: d.token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [r.address as Address],
      }),
    ),
  );
  const todo = rows
    .map((r, i) => ({ ...r, amount: held[i]! }))
    .filter((r) => r.amount > 0n && r.amount >= d.minimum);
  log(`${rows.length} deposit addresses, ${todo.length} holding at least the minimum`);

  const plans = todo.map((r) => {
    const key = root.deriveChild(Number(r.derivation_index)).privateKey;
    if (!key) throw new Error(`no private key at index ${r.derivation_index}`);
    const account = privateKeyToAccount(bytesToHex(key));
    if (account.address.toLowerCase() !== r.address)
      throw new Error(
        `the mnemonic does not give the deposit addresses (index ${r.derivation_index}: ${account.address}, the server has ${getAddress(r.address)}): check SWEEP_MNEMONIC and SWEEP_ACCOUNT`,
      );
    return { account, amount: r.amount, address: account.address };
  });

  // Gas each sweep needs, and top-ups for the addresses without it.
  const fees = await feeParams(d.client);
  const needs = await Promise.all(
    plans.map(async (p) => {
      const [gas, balance, nonce] = await Promise.all([
        d.client.estimateGas({
          account: p.address,
          to: d.token,
          data: transferData(d.hotWallet, p.amount),
        }),
        d.client.getBalance({ address: p.address }),
        d.client.getTransactionCount({ address: p.address, blockTag: 'pending' }),
      ]);
      const cost = ((gas * 13n) / 10n) * fees.perGas;
      return {
        gas: (gas * 13n) / 10n,
        cost,
        balance,
        nonce,
        topup: balance >= cost ? 0n : cost * 2n - balance,
      };
    }),
  );
  if (d.dryRun)
    return plans.map((p, i) => ({
      address: p.address,
      amount: p.amount,
      state: 'planned',
      gas_topup: needs[i]!.topup,
    }));

  const topups = plans.flatMap((p, i) => (needs[i]!.topup > 0n ? [{ p, n: needs[i]! }] : []));
  if (topups.length) {
    await d.db
      .insertInto('chain_sends')
      .values(
        topups.map(({ p, n }) => ({
          chain_id: d.chainId,
          from_address: d.hotWallet.toLowerCase(),
          kind: 'gas' as const,
          key: `gas:${d.chainId}:${p.address.toLowerCase()}:${n.nonce}`,
          to_address: p.address.toLowerCase(),
          amount: n.topup.toString(),
          state: 'queued' as const,
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    log(`${topups.length} addresses get gas from the hot wallet first`);
    const keys = topups.map(({ p, n }) => `gas:${d.chainId}:${p.address.toLowerCase()}:${n.nonce}`);
    const deadline = Date.now() + timeout;
    for (;;) {
      await d.worker.step();
      const sends = await d.db
        .selectFrom('chain_sends')
        .select(['state', 'error'])
        .where('key', 'in', keys)
        .execute();
      const failed = sends.find((s) => s.state === 'failed');
      if (failed) throw new Error(`a gas top-up failed: ${failed.error}`);
      if (sends.every((s) => s.state === 'confirmed')) break;
      if (Date.now() > deadline)
        throw new Error('the gas top-ups were not mined in time; run the sweep again later');
      await sleep(500);
    }
  }

  const results: SweepResult[] = [];
  for (const [i, p] of plans.entries()) {
    const n = needs[i]!;
    try {
      const raw = await p.account.signTransaction({
        chainId: d.chainId,
        to: d.token,
        data: transferData(d.hotWallet, p.amount),
        nonce: n.nonce,
        gas: n.gas,
        ...fees.tx,
      });
      const hash = await d.client.sendRawTransaction({ serializedTransaction: raw });
      const receipt = await d.client.waitForTransactionReceipt({ hash, pollingInterval: 200, timeout });
      if (receipt.status !== 'success') throw new Error('the transfer reverted');
      results.push({
        address: p.address,
        amount: p.amount,
        state: 'swept',
        tx_hash: hash,
        gas_topup: n.topup,
      });
      log(`swept ${p.amount} from ${p.address}: ${hash}`);
    } catch (err) {
      const error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      results.push({ address: p.address, amount: p.amount, state: 'failed', error, gas_topup: n.topup });
      log(`not swept from ${p.address}: ${error}`);
    }
  }
  return results;
}

const transferData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

export const sweepClient = (url: string) =>
  createPublicClient({ transport: http(url, { batch: { batchSize: 100 } }), cacheTime: 0 }) as PublicClient;
