import { sql } from 'kysely';
import type { Address, PrivateKeyAccount, PublicClient } from 'viem';
import { type Db, inTransaction, type Tx } from '../../db/database.ts';
import type { ChainSendsTable } from '../../db/schema-chain.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { WithdrawalPayouts } from './payout-port.ts';

// The payout worker's rows: what `chain_sends` queues, its states, and the nonces freed by failed sends (DECISIONS
// 37). A payout's state is reported to its withdrawal through the withdraw area's port.

export type Send = {
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
  /** An anchor's call data (0x hex); null for payouts and gas. */
  data: string | null;
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
  /** Where a payout's state is written on its withdrawal (the withdraw area's). */
  withdrawals: WithdrawalPayouts;
  /** Crashes simulated around a broadcast (tests): the worker stops where a killed process would. */
  hooks?: { beforeBroadcast?: (s: Send) => void; afterBroadcast?: (s: Send) => void };
};

/** The worker's deps and the hot wallet's address as stored (lower case). */
export type PayoutContext = PayoutDeps & { from: string };

export async function ensureWallet(d: PayoutContext) {
  await d.db
    .insertInto('chain_hot_wallets')
    .values({ chain_id: d.chainId, address: d.from, next_nonce: '0' })
    .onConflict((oc) => oc.columns(['chain_id', 'address']).doNothing())
    .execute();
}

/** The hot wallet's sends in a state, oldest first. */
export const openSends = (d: PayoutContext, state: ChainSendsTable['state']) =>
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
      'data',
    ])
    .where('chain_id', '=', d.chainId)
    .where('from_address', '=', d.from)
    .where('state', '=', state)
    .orderBy('id');

/** Locks the hot wallet's row: every nonce is taken or freed under it. */
export const lockHotWallet = (d: PayoutContext, tx: Tx) =>
  tx
    .selectFrom('chain_hot_wallets')
    .select('next_nonce')
    .where('chain_id', '=', d.chainId)
    .where('address', '=', d.from)
    .forUpdate();

/** The withdrawal a send pays; null for a gas top-up. */
export const paidWithdrawal = (s: Send) => (s.kind === 'payout' ? s.withdrawal_id : null);

/**
 * Fails a send: its withdrawal goes back to the admin queue with the reason (the money stays held). A nonce the
 * chain never used (`freeNonce`) is kept for the next send.
 */
export async function fail(d: PayoutContext, s: Send, error: string, freeNonce: boolean) {
  await inTransaction(d.db, async (tx) => {
    const row = await tx
      .selectFrom('chain_sends')
      .select(['state', 'nonce'])
      .where('id', '=', s.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.state === 'confirmed' || row.state === 'failed') return;
    if (freeNonce && row.nonce !== null) {
      await lockHotWallet(d, tx).execute();
      await tx
        .insertInto('chain_free_nonces')
        .values({ chain_id: d.chainId, address: d.from, nonce: row.nonce })
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
    const withdrawalId = paidWithdrawal(s);
    if (withdrawalId) await d.withdrawals.failed(tx, withdrawalId, s.tx_hash, error);
  });
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
