import type { Address, Hex } from 'viem';
import type { Db } from '../../db/database.ts';
import type { SendState } from '../../db/schema-chain.ts';

// Anchors (proof of reserves, issue 31): a 0-value transaction from the hot wallet to itself carrying a snapshot's
// root. Queued like a payout, so the payout worker takes its nonce under the hot wallet's lock, signs, broadcasts
// and follows it: the anchors and the payouts never take the same nonce.

/** Queues an anchor once per key (a second call with the same key changes nothing). */
export async function queueAnchor(
  db: Db,
  a: { chainId: number; hotWallet: Address; key: string; data: Hex },
): Promise<void> {
  const from = a.hotWallet.toLowerCase();
  await db
    .insertInto('chain_sends')
    .values({
      chain_id: a.chainId,
      from_address: from,
      kind: 'anchor',
      key: a.key,
      to_address: from,
      amount: '0',
      data: a.data,
      state: 'queued',
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Where a queued anchor is: its state, its transaction once signed, its block once mined; undefined if never queued. */
export async function anchorSend(
  db: Db,
  key: string,
): Promise<
  { state: SendState; tx_hash: string | null; block_number: string | null; error: string } | undefined
> {
  return db
    .selectFrom('chain_sends')
    .select(['state', 'tx_hash', 'block_number', 'error'])
    .where('key', '=', key)
    .where('kind', '=', 'anchor')
    .executeTakeFirst();
}
