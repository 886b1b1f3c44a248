import { sql } from 'kysely';
import {
  type Address,
  BaseError,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem';
import { inTransaction, type Db, type Tx } from '../../db/database.ts';
import type { ChainSendsTable } from '../../db/schema-chain.ts';
import { type Ledger, platformAccount } from '../../ledger/index.ts';

type Send = {
  id: string;
  kind: ChainSendsTable['kind'];
  withdrawal_id: string | null;
  to_address: string;
  amount: string;
  state: ChainSendsTable['state'];
  nonce: string | null;
  raw_tx: string | null;
  tx_hash: string | null;
  block_number: string | null;
};

export type PayoutDeps = {
  db: Db;
  ledger: Ledger;
  client: PublicClient;
  chainId: number;
  token: Address;
  /** The hot wallet: it signs every payout and gas top-up. */
  account: PrivateKeyAccount;
  /** A send is final once its block has this many confirmations (its own block counts as one). */
  confirmations: number;
  /** Crashes simulated around a broadcast (tests): the worker stops where a killed process would. */
  hooks?: { beforeBroadcast?: (s: Send) => void; afterBroadcast?: (s: Send) => void };
};

/** The words nodes use when a transaction they are sent again is already theirs or already mined. */
const ALREADY_SENT = /already known|known transaction|already imported|already exists|nonce too low/i;

function errorText(err: unknown): string {
  if (err instanceof BaseError) return (err.details || err.shortMessage).slice(0, 300);
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/** A JSON-RPC error answered by the node (it saw the request and refused it), not a network failure. */
function nodeRefused(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(
    err.walk((e) => typeof (e as { code?: unknown }).code === 'number' && (e as { code: number }).code < 0),
  );
}

/** An estimate that failed because the call itself reverts (e.g. the hot wallet lacks the tokens). */
function reverts(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const text = `${err.shortMessage} ${err.details ?? ''}`;
  return /revert/i.test(text) ? text.replace(/\s+/g, ' ').trim().slice(0, 300) : undefined;
}

/**
 * The payout worker (DESIGN.md section 7): sends what `chain_sends` queues (withdrawal payouts in USDT, gas top-ups of
 * the sweep) from the hot wallet, and follows each to its confirmations.
 *
 * - Sign: the nonce is taken under the hot wallet's locked row (a nonce the node refused earlier first, else the
 *   larger of the row's next nonce and the chain's pending count), and the signed transaction and its hash are
 *   stored in the same transaction, before anything is broadcast. A process killed at any point after that finds the
 *   same transaction on restart and sends it again: the same nonce and hash cannot pay twice.
 * - Broadcast: a node that already has it (or has mined it) is fine; a node that refuses it (e.g. no gas) fails
 *   the send with its reason and frees the nonce; a network failure leaves it to the next step.
 * - Follow: the receipt by hash; once its block has the confirmations a successful payout posts the withdrawal's
 *   held money (one ledger operation keyed by the withdrawal) and a reverted one fails, its money still held for an
 *   admin to retry or reject. A receipt that disappears (a reorg) sends the transaction again.
 *
 * Several servers may run steps at once: signing claims a send with SKIP LOCKED, sending the same signed transaction
 * twice is harmless, and the ledger operation's key posts once.
 */
export function createPayoutWorker(d: PayoutDeps) {
  const from = d.account.address.toLowerCase();

  async function ensureWallet() {
    await d.db
      .insertInto('chain_hot_wallets')
      .values({ chain_id: d.chainId, address: from, next_nonce: '0' })
      .onConflict((oc) => oc.columns(['chain_id', 'address']).doNothing())
      .execute();
  }

  const openSends = (state: ChainSendsTable['state']) =>
    d.db
      .selectFrom('chain_sends')
      .select([
        'id',
        'kind',
        'withdrawal_id',
        'to_address',
        'amount',
        'state',
        'nonce',
        'raw_tx',
        'tx_hash',
        'block_number',
      ])
      .where('chain_id', '=', d.chainId)
      .where('from_address', '=', from)
      .where('state', '=', state)
      .orderBy('id');

  function callOf(s: Send): { to: Address; data?: Hex; value: bigint } {
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
  async function prepare(s: Send) {
    const call = callOf(s);
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

  /** Sets a payout's state on its withdrawal (in the send's own transaction). */
  async function mirror(tx: Tx, s: Send, set: { payout_state: 'broadcast' | 'failed'; error?: string }) {
    if (s.kind !== 'payout' || !s.withdrawal_id) return;
    await tx
      .updateTable('withdrawals')
      .set({ payout_state: set.payout_state, payout_error: set.error ?? '', tx_hash: s.tx_hash })
      .where('id', '=', s.withdrawal_id)
      .where('payout_state', 'in', ['queued', 'broadcast'])
      .execute();
  }

  /**
   * Fails a send: its withdrawal goes back to the admin queue with the reason (the money stays held). A nonce the
   * chain never used (`freeNonce`) is kept for the next send.
   */
  async function fail(s: Send, error: string, freeNonce: boolean) {
    await inTransaction(d.db, async (tx) => {
      const row = await tx
        .selectFrom('chain_sends')
        .select(['state', 'nonce'])
        .where('id', '=', s.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.state === 'confirmed' || row.state === 'failed') return;
      if (freeNonce && row.nonce !== null) {
        await tx
          .selectFrom('chain_hot_wallets')
          .select('next_nonce')
          .where('chain_id', '=', d.chainId)
          .where('address', '=', from)
          .forUpdate()
          .execute();
        await tx
          .insertInto('chain_free_nonces')
          .values({ chain_id: d.chainId, address: from, nonce: row.nonce })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      await tx
        .updateTable('chain_sends')
        .set({
          state: 'failed',
          error,
          updated_at: new Date(),
          ...(freeNonce ? { nonce: null } : {}),
        })
        .where('id', '=', s.id)
        .execute();
      await mirror(tx, s, { payout_state: 'failed', error });
    });
  }

  /** Signs the oldest queued send and stores it; false when nothing is queued. */
  async function signNext(): Promise<boolean> {
    const next = await openSends('queued').limit(1).executeTakeFirst();
    if (!next) return false;
    const prep = await prepare(next);
    if ('refused' in prep) {
      await fail(next, prep.refused ?? 'refused', false);
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
      const wallet = await tx
        .selectFrom('chain_hot_wallets')
        .select('next_nonce')
        .where('chain_id', '=', d.chainId)
        .where('address', '=', from)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // A freed nonce below the chain's count was used by a transaction from elsewhere: forgotten.
      await tx
        .deleteFrom('chain_free_nonces')
        .where('chain_id', '=', d.chainId)
        .where('address', '=', from)
        .where('nonce', '<', prep.pending.toString())
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
            .where('address', '=', from),
        )
        .where('chain_id', '=', d.chainId)
        .where('address', '=', from)
        .returning('nonce')
        .executeTakeFirst();
      let nonce: bigint;
      if (free) nonce = BigInt(free.nonce);
      else {
        const stored = BigInt(wallet.next_nonce);
        nonce = stored > prep.pending ? stored : prep.pending;
        await tx
          .updateTable('chain_hot_wallets')
          .set({ next_nonce: (nonce + 1n).toString() })
          .where('chain_id', '=', d.chainId)
          .where('address', '=', from)
          .execute();
      }
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
      if (next.kind === 'payout' && next.withdrawal_id)
        await tx
          .updateTable('withdrawals')
          .set({ tx_hash: hash })
          .where('id', '=', next.withdrawal_id)
          .execute();
    });
    return true;
  }

  /** Whether the node knows the transaction (in its pool or mined). */
  const known = (hash: Hash) =>
    d.client.getTransaction({ hash }).then(
      () => true,
      () => false,
    );

  /** Sends a signed transaction (again); marks it broadcast, or failed when the node refuses it. */
  async function broadcast(s: Send) {
    d.hooks?.beforeBroadcast?.(s);
    try {
      await d.client.sendRawTransaction({ serializedTransaction: s.raw_tx as Hex });
    } catch (err) {
      const text = errorText(err);
      if (!ALREADY_SENT.test(text)) {
        if (!nodeRefused(err) || (await known(s.tx_hash as Hash))) throw err;
        await fail(s, text, true);
        return;
      }
    }
    d.hooks?.afterBroadcast?.(s);
    if (s.state === 'signed')
      await inTransaction(d.db, async (tx) => {
        const moved = await tx
          .updateTable('chain_sends')
          .set({ state: 'broadcast', updated_at: new Date() })
          .where('id', '=', s.id)
          .where('state', '=', 'signed')
          .executeTakeFirst();
        if (moved.numUpdatedRows > 0n) await mirror(tx, s, { payout_state: 'broadcast' });
      });
  }

  /** Posts a confirmed payout's held money (once: keyed by the withdrawal) and marks it confirmed. */
  async function confirm(s: Send, blockNumber: bigint) {
    if (s.kind === 'gas' || !s.withdrawal_id) {
      await d.db
        .updateTable('chain_sends')
        .set({ state: 'confirmed', block_number: blockNumber.toString(), updated_at: new Date() })
        .where('id', '=', s.id)
        .execute();
      return;
    }
    const wid = s.withdrawal_id;
    await d.ledger.operation(
      {
        key: `withdrawal:${wid}:paid`,
        kind: 'withdraw_paid',
        memberId: null,
        request: { withdrawal: wid, tx_hash: s.tx_hash },
      },
      async (op) => {
        const w = await op.tx
          .selectFrom('withdrawals')
          .selectAll()
          .where('id', '=', wid)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (w.payout_state === 'confirmed') return { withdrawal: wid };
        await op.resolve([w.payout_transfer_id, ...(w.fee_transfer_id ? [w.fee_transfer_id] : [])], 'post');
        // The money has left the platform: from the withdrawals in flight to the outside world.
        const receive = BigInt(w.amount) - BigInt(w.fee);
        if (receive > 0n)
          await op.post([
            {
              debit: platformAccount('withdrawal_payouts', 'USDT'),
              credit: platformAccount('chain', 'USDT'),
              amount: receive,
              kind: 'withdraw_onchain',
              details: { withdrawal: wid, tx_hash: s.tx_hash ?? '' },
            },
          ]);
        await op.tx
          .updateTable('withdrawals')
          .set({ payout_state: 'confirmed', tx_hash: s.tx_hash, payout_error: '' })
          .where('id', '=', wid)
          .execute();
        await op.tx
          .updateTable('chain_sends')
          .set({ state: 'confirmed', block_number: blockNumber.toString(), updated_at: new Date() })
          .where('id', '=', s.id)
          .execute();
        return { withdrawal: wid };
      },
    );
  }

  /** Follows a broadcast send: its receipt, its confirmations, or sends it again when the node lost it. */
  async function follow(s: Send, head: bigint) {
    const hash = s.tx_hash as Hash;
    const receipt = await d.client.getTransactionReceipt({ hash }).catch(() => undefined);
    if (!receipt) {
      if (s.block_number !== null)
        await d.db.updateTable('chain_sends').set({ block_number: null }).where('id', '=', s.id).execute();
      if (await known(hash)) return;
      // Lost (a restarted node, a reorg): the same transaction again. Its nonce taken by another: it failed.
      try {
        await d.client.sendRawTransaction({ serializedTransaction: s.raw_tx as Hex });
      } catch (err) {
        const text = errorText(err);
        if (/nonce too low/i.test(text)) {
          const mined = await d.client.getTransactionCount({
            address: d.account.address,
            blockTag: 'latest',
          });
          if (
            BigInt(mined) > BigInt(s.nonce ?? 0) &&
            !(await d.client.getTransactionReceipt({ hash }).catch(() => undefined))
          )
            await fail(s, 'its nonce was used by another transaction of the hot wallet', false);
        } else if (!ALREADY_SENT.test(text) && !nodeRefused(err)) throw err;
      }
      return;
    }
    if (s.block_number !== receipt.blockNumber.toString())
      await d.db
        .updateTable('chain_sends')
        .set({ block_number: receipt.blockNumber.toString() })
        .where('id', '=', s.id)
        .execute();
    // A gas top-up (for the sweep) is enough once mined; a payout waits for its confirmations.
    const needed = s.kind === 'gas' ? 1n : BigInt(d.confirmations);
    if (head - receipt.blockNumber + 1n < needed) return;
    if (receipt.status === 'reverted') await fail(s, 'the transfer reverted on chain', false);
    else await confirm(s, receipt.blockNumber);
  }

  /** One step: sign what is queued, send what is signed, follow what is out. */
  async function step() {
    await ensureWallet();
    for (let i = 0; i < 50 && (await signNext()); i++);
    for (const s of await openSends('signed').execute()) await broadcast(s);
    const out = await openSends('broadcast').execute();
    if (out.length === 0) return;
    const head = await d.client.getBlockNumber({ cacheTime: 0 });
    for (const s of out) await follow(s, head);
  }

  return { step, address: d.account.address };
}

export type PayoutWorker = ReturnType<typeof createPayoutWorker>;

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

/** Queues a payout of an approved withdrawal (in the decision's transaction); its key is (withdrawal, attempt). */
export async function queuePayout(
  tx: Tx,
  p: {
    chainId: number;
    hotWallet: Address;
    withdrawalId: string;
    attempt: number;
    to: string;
    amount: bigint;
  },
) {
  await tx
    .insertInto('chain_sends')
    .values({
      chain_id: p.chainId,
      from_address: p.hotWallet.toLowerCase(),
      kind: 'payout',
      key: `payout:${p.withdrawalId}:${p.attempt}`,
      withdrawal_id: p.withdrawalId,
      to_address: p.to.toLowerCase(),
      amount: p.amount.toString(),
      state: 'queued',
    })
    .execute();
}

/** Counts of payouts not yet final, for the admin's chain page. */
export async function payoutCounts(db: Db, chainId: number) {
  const row = await db
    .selectFrom('chain_sends')
    .select([
      sql<string>`count(*) FILTER (WHERE state IN ('queued', 'signed'))`.as('queued'),
      sql<string>`count(*) FILTER (WHERE state = 'broadcast')`.as('broadcast'),
    ])
    .where('chain_id', '=', chainId)
    .where('kind', '=', 'payout')
    .executeTakeFirstOrThrow();
  const failed = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('payout_state', '=', 'failed')
    .executeTakeFirstOrThrow();
  return { queued: Number(row.queued), broadcast: Number(row.broadcast), failed: Number(failed.n) };
}
