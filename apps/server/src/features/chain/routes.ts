import {
  adminChainInfo,
  depositAddress,
  depositMenu,
  depositRecord,
  symbolActionToken,
  testDeposit,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { addressHoldings, type ChainInfoDeps, chainInfo } from './chain-info.ts';
import {
  type ChainDeps,
  depositAddressOf,
  depositHistory,
  depositNetworks,
  sendTestDeposit,
  tokensOf,
} from './deposits.ts';

/** The deposit calls (issue 10). Without a chain configured they answer that deposits are not set up. */
export function chainRoutes(deps: ChainDeps): CallRoute[] {
  // The node's clients and the addresses' holdings are made once per route table and kept.
  const d: ChainInfoDeps = { ...deps, rpc: {}, holdings: addressHoldings(deps.db) };
  return [
    handle(depositMenu, () => depositNetworks(d)),
    handle(symbolActionToken, (input) => tokensOf(d, input)),
    handle(depositAddress, (input, ctx) => depositAddressOf(d, ctx.member.id, input)),
    handle(depositRecord, (input, ctx) => depositHistory(d, ctx.member.id, input)),
    handle(testDeposit, async (_input, ctx) =>
      reply(await sendTestDeposit(d, ctx.member.id), 'chain_test_sent'),
    ),
    handle(adminChainInfo, () => chainInfo(d)),
  ];
}
