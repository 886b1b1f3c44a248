/**
 * Trading accounts join the change feed (issue 32): the market screen lists a member's accounts and shows a paper
 * account's starting balance and resets on every opening, and each server keeps them in memory
 * (features/trading/read-caches.ts). A statement that makes, disconnects or resets accounts tells every server at
 * commit which members' entries to drop. Only the columns those reads hold count: the bots' budget and re-sealed keys
 * say nothing. These rows change rarely (an account made on first use, connected, disconnected, reset), so the NOTIFY
 * may be in the writing transaction; a paper account's balances and orders, which move on every order, are told after
 * their commit instead (db/published-changes.ts).
 */
export const up = `
CREATE FUNCTION trading_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('trading_accounts', ARRAY(SELECT DISTINCT member_id::text FROM changed_rows LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER trading_accounts_inserted AFTER INSERT ON trading_accounts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION trading_accounts_changed();
CREATE TRIGGER trading_accounts_deleted AFTER DELETE ON trading_accounts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION trading_accounts_changed();

CREATE FUNCTION trading_accounts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('trading_accounts', ARRAY(
    SELECT DISTINCT m FROM (
      SELECT unnest(ARRAY[n.member_id::text, o.member_id::text]) AS m FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.member_id, n.kind, n.venue, n.label, n.key_hint, n.created_at, n.deleted_at, n.start_balance, n.resets)
        IS DISTINCT FROM
            (o.member_id, o.kind, o.venue, o.label, o.key_hint, o.created_at, o.deleted_at, o.start_balance, o.resets)
    ) changed LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER trading_accounts_updated AFTER UPDATE ON trading_accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION trading_accounts_updated();
`;
