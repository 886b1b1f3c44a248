import type { depositAddress, depositRecord, ParsedRequestOf, symbolActionToken } from '@mp/contract';
import QRCode from 'qrcode';
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { memberDepositsPage } from './deposit-queries.ts';
import { explorerUrl } from './explorer.ts';
import { sendTestUsdt } from './local.ts';

export type ChainDeps = { db: Db; chain: ChainConfig | undefined };

/** The deposit calls' deps: the chain's settings and the node's client, made on first use and kept (`rpc`). */
export type DepositDeps = ChainDeps & { rpc: { client?: PublicClient } };

export const tokenBalance = (rpc: PublicClient, token: Address, owner: Address) =>
  rpc.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

/** The amount a member may ask for on the local test chain. */
const TEST_AMOUNT = 100_000_000n;

/** The chain and its node's client; refused without a chain, or for another network than ours. */
export function chainOf(d: DepositDeps, network?: string) {
  const c = d.chain;
  if (!c) throw new Refusal(409, 'chain_unavailable');
  if (network && network.toUpperCase() !== c.network.toUpperCase())
    throw fieldRefusal(404, 'network', 'chain_network_unknown');
  d.rpc.client ??= createPublicClient({ transport: http(c.rpcUrl), cacheTime: 0 }) as PublicClient;
  return { c, client: d.rpc.client };
}

export const networkView = (c: ChainConfig) => ({
  network: c.network,
  name: c.name,
  chain_id: c.chainId,
  asset: 'USDT',
  min: c.minimum,
  confirmations: c.confirmations,
  test: c.test,
});

/** The networks a member may deposit on: ours, or none without a chain. */
export async function depositNetworks(d: ChainDeps) {
  return { list: d.chain ? [networkView(d.chain)] : [] };
}

/** The token's contract on our network (only USDT is on chain). */
export async function tokensOf(d: ChainDeps, input: ParsedRequestOf<typeof symbolActionToken>) {
  return {
    symbol: input.symbol ?? 'USDT',
    action: input.action,
    list:
      d.chain && (input.symbol ?? 'USDT').toUpperCase() === 'USDT'
        ? [
            {
              network: d.chain.network,
              name: d.chain.name,
              contract: d.chain.token,
              decimals: 6,
              explorer: d.chain.explorer,
            },
          ]
        : [],
  };
}

/** The member's own deposit address, with its QR code. */
export async function depositAddressOf(
  d: DepositDeps,
  memberId: string,
  input: ParsedRequestOf<typeof depositAddress>,
) {
  const { c } = chainOf(d, input.network);
  const address = await memberDepositAddress(d.db, c.chainId, c.xpub, memberId);
  return {
    ...networkView(c),
    confirmations_required: c.confirmations,
    min_amount: c.minimum,
    address,
    qr: await QRCode.toDataURL(address, { margin: 1, width: 240 }),
    explorer_url: explorerUrl(c, 'address', address),
  };
}

/** The member's deposits with their confirmations so far (the node's head read alongside). */
export async function depositHistory(
  d: DepositDeps,
  memberId: string,
  input: ParsedRequestOf<typeof depositRecord>,
) {
  const c = d.chain;
  if (!c) return { list: [], page: input.page, pagesize: input.pagesize, total: 0 };
  const { client: rpc } = chainOf(d);
  const [{ rows, total }, head] = await Promise.all([
    memberDepositsPage(d.db, memberId, input.page, input.pagesize),
    rpc.getBlockNumber({ cacheTime: 0 }).catch(() => 0n),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      network: c.network,
      tx_hash: r.tx_hash,
      log_index: r.log_index,
      amount: money(r.amount, 'USDT'),
      state: r.state,
      confirmations:
        r.state === 'credited'
          ? c.confirmations
          : head >= BigInt(r.block_number)
            ? Math.min(c.confirmations, Number(head - BigInt(r.block_number) + 1n))
            : 0,
      required: c.confirmations,
      explorer_url: explorerUrl(c, 'tx', r.tx_hash),
      detected_at: r.detected_at.toISOString(),
      created_at: r.detected_at.toISOString(),
      credited_at: r.credited_at?.toISOString() ?? '',
    })),
    page: input.page,
    pagesize: input.pagesize,
    total,
  };
}

/** On the local test chain only: test USDT sent to the member's deposit address. */
export async function sendTestDeposit(d: DepositDeps, memberId: string) {
  const { c } = chainOf(d);
  if (!c.test) throw new Refusal(409, 'chain_test_only');
  const address = await memberDepositAddress(d.db, c.chainId, c.xpub, memberId);
  const hash = await sendTestUsdt(c.rpcUrl, c.token, address, TEST_AMOUNT);
  return { tx_hash: hash, amount: money(TEST_AMOUNT, 'USDT') };
}
