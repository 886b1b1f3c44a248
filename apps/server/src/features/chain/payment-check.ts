import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hash,
  http,
  parseEventLogs,
  type PublicClient,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { ChainConfig } from '../../config.ts';

const clients = new Map<string, PublicClient>();
const clientOf = (chain: ChainConfig) => {
  let c = clients.get(chain.rpcUrl);
  if (!c) {
    c = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 }) as PublicClient;
    clients.set(chain.rpcUrl, c);
  }
  return c;
};

/**
 * Whether the transaction with this hash, on the chain this server follows, succeeded with its confirmations and moved
 * at least `amount` of the chain's USDT to `to` (a payout made by hand, before it is recorded as paid). A hash the node
 * does not know is `false`; a node that cannot be reached throws.
 */
export async function paysToken(
  chain: ChainConfig,
  hash: string,
  to: string,
  amount: bigint,
): Promise<boolean> {
  const client = clientOf(chain);
  const receipt = await client.getTransactionReceipt({ hash: hash as Hash }).catch((err: unknown) => {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  });
  if (receipt?.status !== 'success') return false;
  const head = await client.getBlockNumber();
  if (head - receipt.blockNumber + 1n < BigInt(chain.confirmations)) return false;
  const paid = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter(
      (l) =>
        l.address.toLowerCase() === chain.token.toLowerCase() &&
        (l.args.to as Address).toLowerCase() === to.toLowerCase(),
    )
    .reduce((sum, l) => sum + l.args.value, 0n);
  return paid >= amount;
}
