import type { Tx } from '../../db/database.ts';

/** What was bought, by whom and its qualifying volume (minor units of `asset`); the bonus engine reads these. */
export type PurchaseRecord = {
  memberId: string;
  /** Where the purchase comes from: 'mining' (issue 5), later 'shop'. */
  source: string;
  orderId: string;
  amount: bigint;
  volume: bigint;
  asset: string;
};

/**
 * Records a paid purchase inside the paying operation's transaction, so the record exists exactly when the payment
 * does. Unique per (source, order). The bonus engine (issue 4) hooks here to pay sponsor bonuses in the same
 * transaction and reads the rows for volumes and pairing.
 */
export async function recordPurchase(tx: Tx, p: PurchaseRecord): Promise<string> {
  const row = await tx
    .insertInto('purchases')
    .values({
      member_id: p.memberId,
      source: p.source,
      order_id: p.orderId,
      amount: p.amount.toString(),
      volume: p.volume.toString(),
      asset: p.asset,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
