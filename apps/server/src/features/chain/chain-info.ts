import { ASSETS } from '@mp/contract';
import { type Address, createPublicClient, formatEther, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import {
  depositedAddresses,
  depositsNeedingAttention,
  depositTotals,
  depositWalletsSum,
  scanCursor,
} from './deposit-queries.ts';
import { chainOf, type DepositDeps, tokenBalance } from './deposits.ts';
import { payoutCounts } from './payouts.ts';

/** The admin's chain page: also what members' deposit addresses hold, read at most once a minute. */
export type ChainInfoDeps = DepositDeps & { holdings: AddressHoldings };

/** A node's URL as an admin may see it: its path and query may hold an API key. */
function publicUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.length > 1 || u.search ? `${u.origin}/…` : u.origin;
  } catch {
    return '';
  }
}

export type AddressHoldings = ReturnType<typeof addressHoldings>;

/**
 * What members' deposit addresses hold on chain (not yet swept): only addresses that ever received a deposit are read,
 * in batches of 100 calls per HTTP request, at most once a minute (the admin page refreshes every few seconds).
 */
export function addressHoldings(db: Db) {
  let cached: { at: number; value: bigint } | undefined;
  let batchClient: PublicClient | undefined;
  return {
    async read(c: ChainConfig): Promise<bigint> {
      if (cached && Date.now() - cached.at < 60_000) return cached.value;
      batchClient ??= createPublicClient({
        transport: http(c.rpcUrl, { batch: { batchSize: 100 } }),
        cacheTime: 0,
      }) as PublicClient;
      const rows = await depositedAddresses(db, c.chainId);
      const held = await Promise.all(
        rows.map((r) => tokenBalance(batchClient!, c.token, r.address as Address).catch(() => 0n)),
      );
      cached = { at: Date.now(), value: held.reduce((s, v) => s + v, 0n) };
      return cached.value;
    },
  };
}

/** The admin's view of the chain: the node and the scanner, deposits, the hot wallet and the payouts. */
export async function chainInfo(d: ChainInfoDeps) {
  const { c, client: rpc } = chainOf(d);
  const hot = c.hotWallet;
  const [head, cursor, totals, wallets, attention, payouts, hotUsdt, hotGas, held] = await Promise.all([
    rpc.getBlockNumber({ cacheTime: 0 }),
    scanCursor(d.db, c.chainId),
    depositTotals(d.db, c.chainId),
    depositWalletsSum(d.db),
    depositsNeedingAttention(d.db, c.chainId),
    payoutCounts(d.db, c.chainId),
    hot ? tokenBalance(rpc, c.token, hot).catch(() => 0n) : 0n,
    hot ? rpc.getBalance({ address: hot }).catch(() => 0n) : 0n,
    d.holdings.read(c),
  ]);
  const next = cursor ? Number(cursor.next_block) : 0;
  return {
    network: c.network,
    name: c.name,
    chain_id: c.chainId,
    rpc_url: publicUrl(c.rpcUrl),
    token: c.token,
    token_address: c.token,
    token_decimals: ASSETS.USDT.decimals,
    confirmations: c.confirmations,
    demo: c.test,
    hot_wallet_address: hot ?? '',
    hot_wallet_usdt: money(hotUsdt, 'USDT'),
    hot_wallet_gas: formatEther(hotGas),
    payouts,
    head: Number(head),
    cursor: next,
    lag: Math.max(0, Number(head) + 1 - next),
    pending: Number(totals.pending),
    credited: money(totals.credited, 'USDT'),
    deposit_wallets: money(wallets.sum, 'USDT'),
    on_addresses: money(held, 'USDT'),
    attention: attention.map((a) => ({
      id: a.id,
      userid: a.userid,
      tx_hash: a.tx_hash,
      amount: money(a.amount, 'USDT'),
      state: a.state,
      detected_at: a.detected_at.toISOString(),
    })),
  };
}
