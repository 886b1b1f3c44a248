/**
 * Room on every account's page for one more version of each of its rows: the daily mining income job updates a
 * million member balances in a few transactions, and an update that finds no room on its row's page is not HOT (it
 * writes a new entry in both of the table's indexes and costs about twice as much). At 80 only one row in four got
 * a HOT update. Applies to pages written from now on; `VACUUM FULL ledger_accounts` applies it to older ones.
 */
export const up = `
ALTER TABLE ledger_accounts SET (fillfactor = 45);
`;
