import type { Tx } from '../../db/database.ts';
import type { WithdrawalPayouts } from '../chain/index.ts';

// A withdrawal's payout as the chain's payout worker reports it (features/chain/payout-port.ts): the withdraw area
// writes its withdrawals' rows itself. Each statement runs in the worker's transaction.

async function signed(tx: Tx, withdrawalId: string, hash: string) {
  await tx.updateTable('withdrawals').set({ tx_hash: hash }).where('id', '=', withdrawalId).execute();
}

/** Broadcast or failed: only a payout still under way moves (a confirmed one stays confirmed). */
async function underWay(
  tx: Tx,
  withdrawalId: string,
  hash: string | null,
  set: { payout_state: 'broadcast' | 'failed'; error?: string },
) {
  await tx
    .updateTable('withdrawals')
    .set({ payout_state: set.payout_state, payout_error: set.error ?? '', tx_hash: hash })
    .where('id', '=', withdrawalId)
    .where('payout_state', 'in', ['queued', 'broadcast'])
    .execute();
}

async function paid(tx: Tx, withdrawalId: string, hash: string | null) {
  await tx
    .updateTable('withdrawals')
    .set({ payout_state: 'confirmed', tx_hash: hash, payout_error: '' })
    .where('id', '=', withdrawalId)
    .execute();
}

export const withdrawalPayouts: WithdrawalPayouts = {
  signed,
  broadcast: (tx, withdrawalId, hash) => underWay(tx, withdrawalId, hash, { payout_state: 'broadcast' }),
  failed: (tx, withdrawalId, hash, error) =>
    underWay(tx, withdrawalId, hash, { payout_state: 'failed', error }),
  paid,
};
