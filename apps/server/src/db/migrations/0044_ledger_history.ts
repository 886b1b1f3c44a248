/**
 * The ledger's transfers as a member's screens read them, at 100 million rows (issue 32; DECISIONS.md section 58).
 *
 * Each account's transfers by kind and time: a history page, filtered or not, is a merge of a few index ranges that
 * stops after the page (the former (account, id) indexes could only filter a kind or a date range row by row, through
 * every transfer of the account), and the flags ride along, so a count reads the index alone. The new indexes replace
 * the former ones (anything that looked transfers up by account uses them the same way), so a posting writes no
 * more index entries than before.
 *
 * A busy member's complete days, rolled up (features/wallet/records.ts writes them, from the ledger, once a member
 * has more than a thousand transfers not yet rolled up): how many transfers each account shows a day by kind, and
 * the sum of the posted ones, so a count or a bonus total reads a row per day instead of every transfer. A credit
 * from another account of the same member names that account (`peer`), so a transfer between two of the member's
 * wallets counts once when both are shown. Rows are only ever added for days that ended before the oldest
 * transaction then running began: no transfer can still appear on such a day.
 */
export const up = `
CREATE INDEX ledger_transfers_debit_kind ON ledger_transfers (debit_account_id, kind, created_at DESC, id DESC)
  INCLUDE (flags);
CREATE INDEX ledger_transfers_credit_kind ON ledger_transfers (credit_account_id, kind, created_at DESC, id DESC)
  INCLUDE (flags);
DROP INDEX ledger_transfers_debit;
DROP INDEX ledger_transfers_credit;

CREATE TABLE ledger_history_rollups (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  -- Every day before this one is in ledger_history_days.
  through date NOT NULL
);

CREATE TABLE ledger_history_days (
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  side char(1) NOT NULL CHECK (side IN ('d', 'c')),
  kind text NOT NULL,
  day date NOT NULL,
  -- A credit from another account of the same member: that account; else 0.
  peer bigint NOT NULL DEFAULT 0,
  -- Transfers the history shows (posted and pending), the posted ones, and the posted ones' amount.
  shown bigint NOT NULL,
  posted bigint NOT NULL,
  amount bigint NOT NULL,
  PRIMARY KEY (account_id, side, kind, day, peer)
);
`;
