import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import artifact from '../../adapters/chain/test-usdt.json' with { type: 'json' };
import { LOCAL_TEST_MNEMONIC } from './addresses.ts';

/** The local chain's test USDT: 1,000,000,000 with 6 decimals, all on anvil's first account. */
export const TEST_USDT_SUPPLY = 1_000_000_000n * 1_000_000n;
export const TEST_USDT_ABI = artifact.abi;

/** Anvil's first default account: holds the test USDT (the demo's faucet). */
export const faucetAccount = () => mnemonicToAccount(LOCAL_TEST_MNEMONIC, { addressIndex: 0 });

export function localClients(url: string): { client: PublicClient; wallet: WalletClient } {
  const chain = { ...foundry, rpcUrls: { default: { http: [url] } } };
  return {
    client: createPublicClient({ chain, transport: http(url), cacheTime: 0 }) as PublicClient,
    wallet: createWalletClient({ chain, transport: http(url), account: faucetAccount() }),
  };
}

/** Deploys the test USDT from the faucet account; its address. */
export async function deployTestUsdt(url: string): Promise<Address> {
  const { client, wallet } = localClients(url);
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode as `0x${string}`,
    args: [TEST_USDT_SUPPLY],
    account: faucetAccount(),
    chain: wallet.chain,
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error('the test USDT was not deployed');
  return receipt.contractAddress;
}

/** Sends from this process, one at a time: the faucet has one nonce sequence, and two sends at once took the same. */
let faucetQueue: Promise<unknown> = Promise.resolve();

/** Sends test USDT from the faucet account; the transaction's hash. */
export function sendTestUsdt(
  url: string,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<`0x${string}`> {
  const sent = faucetQueue.then(() => sendWithNonceRetry(url, token, to, amount));
  faucetQueue = sent.catch(() => undefined);
  return sent;
}

/** Another process (an HTTP worker) may have used the nonce in between: a few tries with a fresh one. */
async function sendWithNonceRetry(url: string, token: Address, to: Address, amount: bigint) {
  const { wallet } = localClients(url);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await wallet.writeContract({
        address: token,
        abi: artifact.abi,
        functionName: 'transfer',
        args: [to, amount],
        account: faucetAccount(),
        chain: wallet.chain,
      });
    } catch (err) {
      if (attempt >= 3 || !/nonce|underpriced/i.test(String(err))) throw err;
    }
  }
}
