/**
 * The bonuses a shop purchase paid, found by the purchase's reference (issue 32; DECISIONS.md section 58). An admin
 * cancelling an order takes back each bonus paid with it (features/shop/admin-orders.ts): without an index on the
 * reference, that read every transfer in the ledger (about a minute at 100 million) inside the cancellation's
 * transaction. Only the transfers that name a shop purchase are indexed (the purchase's bonuses and their reversals,
 * a few per order), so no other posting writes an entry more. Built concurrently: the build reads the whole table
 * (minutes at 100 million), and postings do not wait for it.
 */
export const up = `
DROP INDEX CONCURRENTLY IF EXISTS ledger_transfers_shop_purchase;
CREATE INDEX CONCURRENTLY ledger_transfers_shop_purchase ON ledger_transfers (reference)
  WHERE reference LIKE 'purchase:shop:%';
`;
