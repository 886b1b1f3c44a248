import { ledgerFunctions } from './ledger-sql.ts';

/**
 * ledger_post_batch (ledger/sql/post-batch.sql): single-set operations that wait while others are at the database are
 * posted together, one lock hold and one commit for all of them (issue 32: a hot member's transfers each waited for
 * the WAL flush of the one before).
 */
export const up = ledgerFunctions({
  'post-batch.sql': '4165e06604d5baa152d279ffb65b1ce892e10dd87385bd50bdf17288714560dd',
});
