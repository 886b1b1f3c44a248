import { ledgerFunctions } from './ledger-sql.ts';

/**
 * The ledger's SQL functions installed from their source in ledger/sql/ (ledger-sql.ts says how and why), the same
 * definitions as 0002 (ledger_transfers_immutable), 0003 (ledger_post_single) and 0008 (members_open_accounts)
 * made: from here on a change to one is made in its file and installed by a new migration like this one.
 */
export const up = ledgerFunctions({
  'post-single.sql': '484dfce4d2553c2dbe9eace2bc8fab20660ee7dbdb609d9dd1c8ea55b3f5dc4b',
  'transfers-immutable.sql': '8e49a938a8eeb77416876f3947635058020c61affa10a686b81d143d1212f0b0',
  'members-open-accounts.sql': '219d3f5851b95f67417c05eaab4733f211956b54e1f2b78c2797417565f7680a',
});
