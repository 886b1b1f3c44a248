import { type Address, encodeFunctionData, erc20Abi, type Hex, keccak256, type PublicClient } from 'viem';
import { inTransaction, type Tx } from '../../db/database.ts';
import { errorText, nodeRefused, reverts } from './payout-errors.ts';
import {
  fail,
  lockHotWallet,
  openSends,
  type PayoutContext,
  paidWithdrawal,
  type Send,
} from './payout-sends.ts';

// Signing (DECISIONS 37): the nonce is taken under the hot wallet's locked row and the signed transaction is stored
// with its hash in that same transaction, before anything is broadcast.

/**
 * The fees to offer now: EIP-1559 (twice the base fee plus the node's suggested tip) where the chain has a base fee,
 * else a legacy gas price; `perGas` is the most a unit of gas may cost.
 */
export async function feeParams(client: PublicClient) {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.baseFeePerGas == null) {
    const gasPrice = await client.getGasPrice();
    return { tx: { type: 'legacy' as const, gasPrice }, perGas: gasPrice };
  }
  const tip = await client.estimateMaxPriorityFeePerGas().catch(() => 1_000_000_000n);
  const maxFeePerGas = block.baseFeePerGas * 2n + tip;
  return { tx: { type: 'eip1559' as const, maxPriorityFeePerGas: tip, maxFeePerGas }, perGas: maxFeePerGas };
}

/** The call a send makes: a USDT transfer for a payout, plain gas for a top-up, data to itself for an anchor. */
function callOf(d: PayoutContext, s: Send): { to: Address; data?: Hex; value: bigint } {
  if (s.kind === 'anchor') return { to: d.account.address, data: (s.data ?? '0x') as Hex, value: 0n };
  return s.kind === 'payout'
    ? {
        to: d.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [s.to_address as Address, BigInt(s.amount)],
        }),
        value: 0n,
      }
    : { to: s.to_address as Address, value: BigInt(s.amount) };
}

/** Gas and fees for a send (read before its nonce is taken); a reason when the transfer would revert. */
async function prepare(d: PayoutContext, s: Send) {
  const call = callOf(d, s);
  let gas: bigint;
  try {
    gas = await d.client.estimateGas({ account: d.account.address, ...call });
  } catch (err) {
    // The transfer would revert, or the node refuses the call (e.g. no gas for a top-up): this send fails alone.
    // A network failure is retried next step.
    const why = reverts(err) ?? (nodeRefused(err) ? errorText(err) : undefined);
    if (why) return { refused: why };
    throw err;
  }
  const [fees, pending] = await Promise.all([
    feeParams(d.client),
    d.client.getTransactionCount({ address: d.account.address, blockTag: 'pending' }),
  ]);
  return { call, gas: (gas * 12n) / 10n, fees: fees.tx, pending: BigInt(pending) };
}
type Prepared = Exclude<Awaited<ReturnType<typeof prepare>>, { refused: string }>;

/** Signs the oldest queued send and stores it; false when nothing is queued. */
export async function signNext(d: PayoutContext): Promise<boolean> {
  const next = await openSends(d, 'queued').limit(1).executeTakeFirst();
  if (!next) return false;
  const prep = await prepare(d, next);
  if ('refused' in prep) {
    await fail(d, next, prep.refused ?? 'refused', false);
    return true;
  }
  await inTransaction(d.db, async (tx) => {
    const row = await tx
      .selectFrom('chain_sends')
      .select('id')
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return;
    const nonce = await takeNonce(d, tx, prep.pending);
    await signAndStore(d, tx, next, prep, nonce);
  });
  return true;
}

/**
 * The nonce of the next send, under the hot wallet's row lock: a nonce freed earlier first, else the larger of the
 * row's next nonce and the chain's pending count (so a transaction sent from elsewhere is stepped over).
 */
async function takeNonce(d: PayoutContext, tx: Tx, pending: bigint): Promise<bigint> {
  const wallet = await lockHotWallet(d, tx).executeTakeFirstOrThrow();
  // A freed nonce below the chain's count was used by a transaction from elsewhere: forgotten.
  await tx
    .deleteFrom('chain_free_nonces')
    .where('chain_id', '=', d.chainId)
    .where('address', '=', d.from)
    .where('nonce', '<', pending.toString())
    .execute();
  const free = await tx
    .deleteFrom('chain_free_nonces')
    .where(
      'nonce',
      '=',
      tx
        .selectFrom('chain_free_nonces')
        .select((eb) => eb.fn.min('nonce').as('n'))
        .where('chain_id', '=', d.chainId)
        .where('address', '=', d.from),
    )
    .where('chain_id', '=', d.chainId)
    .where('address', '=', d.from)
    .returning('nonce')
    .executeTakeFirst();
  if (free) return BigInt(free.nonce);
  const stored = BigInt(wallet.next_nonce);
  const nonce = stored > pending ? stored : pending;
  await tx
    .updateTable('chain_hot_wallets')
    .set({ next_nonce: (nonce + 1n).toString() })
    .where('chain_id', '=', d.chainId)
    .where('address', '=', d.from)
    .execute();
  return nonce;
}

/** Signs the send with its nonce and stores the signed transaction and its hash (and the withdrawal's hash). */
async function signAndStore(d: PayoutContext, tx: Tx, next: Send, prep: Prepared, nonce: bigint) {
  const raw = await d.account.signTransaction({
    ...prep.call,
    ...prep.fees,
    chainId: d.chainId,
    nonce: Number(nonce),
    gas: prep.gas,
  });
  const hash = keccak256(raw);
  await tx
    .updateTable('chain_sends')
    .set({ state: 'signed', nonce: nonce.toString(), raw_tx: raw, tx_hash: hash, updated_at: new Date() })
    .where('id', '=', next.id)
    .execute();
  const withdrawalId = paidWithdrawal(next);
  if (withdrawalId) await d.withdrawals.signed(tx, withdrawalId, hash);
}
