import {
  adminChainInfo,
  depositAddress,
  depositMenu,
  depositRecord,
  symbolActionToken,
  testDeposit,
} from '@mp/contract';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import type { ChainConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { type CallRoute, handle, reply } from '../../http/calls.ts';
import { fieldRefusal, Refusal } from '../../http/errors.ts';
import { money } from '../../lib/amount.ts';
import { memberDepositAddress } from './deposit-addresses.ts';
import { sendTestUsdt } from './local.ts';

export type ChainDeps = { db: Db; chain: ChainConfig | undefined };

/** The amount a member may ask for on the local test chain. */
const TEST_AMOUNT = 100_000_000n;

/** The deposit calls (issue 10). Without a chain configured they answer that deposits are not set up. */
export function chainRoutes(d: ChainDeps): CallRoute[] {
  let client: PublicClient | undefined;
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
  const explorer = (c: ChainConfig, kind: 'tx' | 'address', id: string) =>
    c.explorer ? `${c.explorer.replace(/\/$/, '')}/${kind}/${id}` : '';

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
      const [head, cursor, totals, addresses, attention] = await Promise.all([
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
            sql<string>`count(*) FILTER (WHERE state = 'pending')`.as('pending'),
          ])
          .where('chain_id', '=', c.chainId)
          .executeTakeFirstOrThrow(),
        d.db
          .selectFrom('chain_addresses')
          .select('address')
          .where('chain_id', '=', c.chainId)
          .limit(2000)
          .execute(),
        d.db
          .selectFrom('chain_deposits as d')
          .innerJoin('members as m', 'm.id', 'd.member_id')
          .select(['d.id', 'm.userid', 'd.tx_hash', 'd.amount', 'd.state', 'd.detected_at'])
          .where('d.chain_id', '=', c.chainId)
          .where('d.state', 'in', ['dropped', 'below_minimum'])
          .orderBy('d.id', 'desc')
          .limit(50)
          .execute(),
      ]);
      // What members' addresses hold now (up to 2,000 addresses, read together).
      const held = await Promise.all(
        addresses.map((a) =>
          rpc
            .readContract({
              address: c.token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [a.address as Address],
            })
            .catch(() => 0n),
        ),
      );
      const next = cursor ? Number(cursor.next_block) : 0;
      return {
        network: c.network,
        name: c.name,
        chain_id: c.chainId,
        token: c.token,
        head: Number(head),
        cursor: next,
        lag: Math.max(0, Number(head) + 1 - next),
        pending: Number(totals.pending),
        credited: money(totals.credited, 'USDT'),
        on_addresses: money(
          held.reduce((s, v) => s + v, 0n),
          'USDT',
        ),
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
