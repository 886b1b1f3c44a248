import { reserveMessage } from '@mp/contract';
import { sql } from 'kysely';
import { type Address, createPublicClient, erc20Abi, type Hex, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';

/**
 * Reserves are read from the chain, never from the database: the USDT `balanceOf` of the hot wallet and of every
 * member's deposit address at the snapshot's block. The reads go out as JSON-RPC batches (viem's batched transport:
 * no multicall contract is needed, so anvil serves them as a real node does).
 */

/** What the reserves feature needs of the chain: where to read, and the hot wallet's key to sign with (main only). */
export type ReservesChain = { config: ChainConfig; hotWalletKey?: Hex };

export type ChainReserves = {
  hotWallet: { address: string | null; balance: bigint };
  deposits: { xpub: string; count: number; balance: bigint };
  total: bigint;
};

/** Addresses read per round of batches, so a million addresses never sit in one promise list. */
const ROUND = 2_000;

const clients = new Map<string, PublicClient>();
function clientOf(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({
      transport: http(rpcUrl, { batch: { batchSize: 500 }, timeout: 30_000 }),
    }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
}

/** The chain's head now: the block the snapshot's liabilities and reserves are taken at. */
export const headBlock = (chain: ChainConfig) => clientOf(chain.rpcUrl).getBlockNumber({ cacheTime: 0 });

function balanceAt(client: PublicClient, token: Address, owner: Address, block: bigint) {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
    blockNumber: block,
  });
}

/** The USDT the platform controls at `block`: the hot wallet's and every deposit address's (chain_addresses). */
export async function readReserves(db: Db, chain: ChainConfig, block: bigint): Promise<ChainReserves> {
  const client = clientOf(chain.rpcUrl);
  const hot = chain.hotWallet ? await balanceAt(client, chain.token, chain.hotWallet, block) : 0n;
  let count = 0;
  let deposits = 0n;
  let after = '';
  for (;;) {
    const rows = await sql<{ address: string }>`select address from chain_addresses
      where chain_id = ${chain.chainId} and address > ${after} order by address limit ${ROUND}`.execute(db);
    if (rows.rows.length === 0) break;
    const balances = await Promise.all(
      rows.rows.map((r) => balanceAt(client, chain.token, r.address as Address, block)),
    );
    for (const b of balances) deposits += b;
    count += rows.rows.length;
    after = rows.rows[rows.rows.length - 1]?.address ?? after;
  }
  return {
    hotWallet: { address: chain.hotWallet ?? null, balance: hot },
    deposits: { xpub: chain.xpub, count, balance: deposits },
    total: hot + deposits,
  };
}

/** The hot wallet's EIP-191 signature of the snapshot's message: who holds the key controls the wallet's reserves. */
export function signReserves(
  key: Hex,
  snapshot: { id: string; chain_id: number; block: string; root: { hash: string } },
): Promise<Hex> {
  return privateKeyToAccount(key).signMessage({ message: reserveMessage(snapshot) });
}
