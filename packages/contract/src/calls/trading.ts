/**
 * Calls of trading I (issue 11), by part: market data, the paper (demo) exchange and members' own exchange
 * accounts. Demo money is virtual and lives outside the money ledger.
 */
export * from './trading/accounts.ts';
export * from './trading/admin.ts';
export * from './trading/market.ts';
export * from './trading/orders.ts';
export * from './trading/records.ts';
