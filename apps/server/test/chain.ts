import { type Address, erc20Abi } from 'viem';
import type { ChainConfig } from '../src/config.ts';
import { LOCAL_TEST_MNEMONIC, xpubOf } from '../src/features/chain/addresses.ts';
import { localClients } from '../src/features/chain/local.ts';

/** What the chain tests share: test USDT amounts, anvil's JSON-RPC, the local chain's settings, token balances. */
export const USDT = (n: number) => BigInt(Math.round(n * 1_000_000));

/** A JSON-RPC call to anvil (its own methods too: anvil_mine, evm_snapshot, ...); its result. */
export function anvilRpc(url: string) {
  return async (method: string, params: unknown[] = []): Promise<unknown> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await res.json()) as { result: unknown }).result;
  };
}

/** The local test chain's settings as the server takes them (an explorer, to see its links). */
export function testChainConfig(
  rpcUrl: string,
  token: Address,
  over: Partial<ChainConfig> = {},
): ChainConfig {
  return {
    rpcUrl,
    chainId: 31337,
    name: 'Local test chain',
    network: 'ERC20',
    explorer: 'https://explorer.example',
    token,
    xpub: xpubOf(LOCAL_TEST_MNEMONIC, 1),
    confirmations: 6,
    minimum: '1',
    test: true,
    ...over,
  };
}

/** What an address holds of the test USDT on chain. */
export const tokenBalanceOf = (url: string, token: Address, owner: Address) =>
  localClients(url).client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
