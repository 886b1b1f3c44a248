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
  /** When it was paid (the service's clock); its UTC day is the day its volume counts for pairing. */
  at?: Date;
};

/**
 * Records a paid purchase inside the paying operation's transaction, so the record exists exactly when the payment
 * does. Unique per (source, order). The sponsor and level bonuses are legs of the paying operation
 * (`purchaseBonusLegs`, network/bonus.ts); `propagateTree` (network/propagate.ts) adds the volume to
 * every placement ancestor's legs once the purchase has committed.
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
      created_at: p.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
