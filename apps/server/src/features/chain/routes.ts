import {
  ASSETS,
  adminChainInfo,
  depositAddress,
  depositMenu,
  depositRecord,
  symbolActionToken,
  testDeposit,
} from '@mp/contract';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { type Address, createPublicClient, erc20Abi, formatEther, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { explorerUrl } from './explorer.ts';
import { payoutCounts } from './payouts.ts';
import { sendTestUsdt } from './local.ts';

export type ChainDeps = { db: Db; chain: ChainConfig | undefined };

const tokenBalance = (rpc: PublicClient, token: Address, owner: Address) =>
  rpc.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

/** A node's URL as an admin may see it: its path and query may hold an API key. */
function publicUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname.length > 1 || u.search ? `${u.origin}/…` : u.origin;
  } catch {
    return '';
  }
}

/**
 * What members' deposit addresses hold on chain (not yet swept): only addresses that ever received a deposit are read,
 * in batches of 100 calls per HTTP request, at most once a minute (the admin page refreshes every few seconds).
 */
function addressHoldings(db: Db) {
  let cached: { at: number; value: bigint } | undefined;
  let batchClient: PublicClient | undefined;
  return {
    async read(c: ChainConfig): Promise<bigint> {
      if (cached && Date.now() - cached.at < 60_000) return cached.value;
      batchClient ??= createPublicClient({
        transport: http(c.rpcUrl, { batch: { batchSize: 100 } }),
        cacheTime: 0,
      }) as PublicClient;
      const rows = await db
        .selectFrom('chain_deposits')
        .select('address')
        .distinct()
        .where('chain_id', '=', c.chainId)
        .execute();
      const held = await Promise.all(
        rows.map((r) => tokenBalance(batchClient!, c.token, r.address as Address).catch(() => 0n)),
      );
      cached = { at: Date.now(), value: held.reduce((s, v) => s + v, 0n) };
      return cached.value;
    },
  };
}

/** The amount a member may ask for on the local test chain. */
const TEST_AMOUNT = 100_000_000n;

/** The deposit calls (issue 10). Without a chain configured they answer that deposits are not set up. */
export function chainRoutes(d: ChainDeps): CallRoute[] {
  let client: PublicClient | undefined;
  const holdings = addressHoldings(d.db);
  const chainOf = (network?: string) => {
    const c = d.chain;
    if (!c) throw new Refusal(409, 'chain_unavailable');
    if (network && network.toUpperCase() !== c.network.toUpperCase())
      throw fieldRefusal(404, 'network', 'chain_network_unknown');
    client ??= createPublicClient({ transport: http(c.rpcUrl), cacheTime: 0 }) as PublicClient;
    return { c, client };
  };
  const network = (c: ChainConfig) => ({
    network: c.network,
    name: c.name,
    chain_id: c.chainId,
    asset: 'USDT',
    min: c.minimum,
    confirmations: c.confirmations,
    test: c.test,
  });
  const explorer = explorerUrl;

  return [
    handle(depositMenu, async () => ({ list: d.chain ? [network(d.chain)] : [] })),

    handle(symbolActionToken, async (input) => ({
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
    })),

    handle(depositAddress, async (input, ctx) => {
      const { c } = chainOf(input.network);
      const address = await memberDepositAddress(d.db, c.chainId, c.xpub, ctx.member.id);
      return {
        ...network(c),
        confirmations_required: c.confirmations,
        min_amount: c.minimum,
        address,
        qr: await QRCode.toDataURL(address, { margin: 1, width: 240 }),
        explorer_url: explorer(c, 'address', address),
      };
    }),

    handle(depositRecord, async (input, ctx) => {
      const c = d.chain;
      if (!c) return { list: [], page: input.page, pagesize: input.pagesize, total: 0 };
      const { client: rpc } = chainOf();
      const base = d.db.selectFrom('chain_deposits').where('member_id', '=', ctx.member.id);
      const [rows, count, head] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(input.pagesize)
          .offset((input.page - 1) * input.pagesize)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
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
          explorer_url: explorer(c, 'tx', r.tx_hash),
          detected_at: r.detected_at.toISOString(),
          created_at: r.detected_at.toISOString(),
          credited_at: r.credited_at?.toISOString() ?? '',
        })),
        page: input.page,
        pagesize: input.pagesize,
        total: Number(count.n),
      };
    }),

    handle(testDeposit, async (_input, ctx) => {
      const { c } = chainOf();
      if (!c.test) throw new Refusal(409, 'chain_test_only');
      const address = await memberDepositAddress(d.db, c.chainId, c.xpub, ctx.member.id);
      const hash = await sendTestUsdt(c.rpcUrl, c.token, address, TEST_AMOUNT);
      return reply({ tx_hash: hash, amount: money(TEST_AMOUNT, 'USDT') }, 'chain_test_sent');
    }),

    handle(adminChainInfo, async () => {
      const { c, client: rpc } = chainOf();
      const hot = c.hotWallet;
      const [head, cursor, totals, wallets, attention, payouts, hotUsdt, hotGas, held] = await Promise.all([
        rpc.getBlockNumber({ cacheTime: 0 }),
        d.db
          .selectFrom('chain_cursors')
          .select('next_block')
          .where('chain_id', '=', c.chainId)
          .executeTakeFirst(),
        d.db
          .selectFrom('chain_deposits')
          .select([
            sql<string>`coalesce(sum(amount) FILTER (WHERE state = 'credited'), 0)`.as('credited'),
            sql<string>`count(*) FILTER (WHERE state = 'detected')`.as('pending'),
          ])
          .where('chain_id', '=', c.chainId)
          .executeTakeFirstOrThrow(),
        // What members hold in their deposit wallets (the ledger), beside what is on chain.
        d.db
          .selectFrom('ledger_accounts')
          .select(sql<string>`coalesce(sum(credits_posted - debits_posted), 0)`.as('sum'))
          .where('member_id', 'is not', null)
          .where('wallet', '=', 'deposit')
          .where('asset', '=', 'USDT')
          .executeTakeFirstOrThrow(),
        d.db
          .selectFrom('chain_deposits as d')
          .innerJoin('members as m', 'm.id', 'd.member_id')
          .select(['d.id', 'm.userid', 'd.tx_hash', 'd.amount', 'd.state', 'd.detected_at'])
          .where('d.chain_id', '=', c.chainId)
          .where('d.state', 'in', ['dropped', 'below_minimum'])
          .orderBy('d.id', 'desc')
          .limit(50)
          .execute(),
        payoutCounts(d.db, c.chainId),
        hot ? tokenBalance(rpc, c.token, hot).catch(() => 0n) : 0n,
        hot ? rpc.getBalance({ address: hot }).catch(() => 0n) : 0n,
        holdings.read(c),
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
    }),
  ];
}
