-- members_open_accounts: a member's reward account (USDT), where the plan pays bonuses by default, is opened with
-- the member. Trigger members_open_accounts (AFTER INSERT ON members, FOR EACH STATEMENT, the new rows as
-- new_members; migration 0008) runs it. The daily bonus jobs pay tens of thousands of first-time earners at once,
-- and opening an account then costs about as much as the payout (two index entries, and foreign-key checks that lock
-- the member row, run again when the new account is credited in the same transaction). Other accounts are still
-- opened on first use (ledger/accounts.ts), and an account opened by either is the same row (ON CONFLICT).
--
-- A change to this function is made here and installed by a new migration (db/migrations/ledger-sql.ts says how).
CREATE OR REPLACE FUNCTION members_open_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (member_id, wallet, asset, no_overdraft)
  SELECT id, 'reward', 'USDT', true FROM new_members ORDER BY id
  ON CONFLICT (member_id, wallet, asset) WHERE member_id IS NOT NULL DO NOTHING;
  RETURN NULL;
END $$;
