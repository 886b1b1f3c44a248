/**
 * The change feed of the read caches (db/change-feed.ts): a statement trigger on each table whose rows a server keeps
 * in memory sends `pg_notify('mp_changes', '<table>:<ids>')`, or `<table>:*` when a statement changes more than 200
 * rows. NOTIFY is transactional: every server listening hears it when (and only if) the change commits.
 * Members: only the columns a cache holds count (a tree or TOTP bookkeeping update says nothing); a column that a
 * cache starts to hold must be added here.
 */
export const up = `
CREATE FUNCTION notify_changes(tbl text, ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('mp_changes', tbl || ':' || CASE WHEN cardinality(ids) > 200 THEN '*' ELSE array_to_string(ids, ',') END);
END $$;

CREATE FUNCTION members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('members', ARRAY(
    SELECT n.id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.userid, n.name, n.role, n.rank, n.lang, n.status, n.kyc_state, n.tx_password_hash, n.password_hash,
           n.email, n.mobile, n.tel_prefix)
      IS DISTINCT FROM
          (o.userid, o.name, o.role, o.rank, o.lang, o.status, o.kyc_state, o.tx_password_hash, o.password_hash,
           o.email, o.mobile, o.tel_prefix)
    LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER members_changed AFTER UPDATE ON members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION members_changed();

CREATE FUNCTION members_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('members', ARRAY(SELECT id::text FROM old_rows LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER members_deleted AFTER DELETE ON members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION members_deleted();

-- Sessions are told by member: a revoked or shortened session drops every cached session of its member.
CREATE FUNCTION sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('sessions', ARRAY(
    SELECT DISTINCT n.member_id::text FROM new_rows n JOIN old_rows o ON o.token_hash = n.token_hash
    WHERE (n.revoked_at, n.expires_at, n.member_id) IS DISTINCT FROM (o.revoked_at, o.expires_at, o.member_id)
    LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed();

CREATE FUNCTION sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('sessions', ARRAY(SELECT DISTINCT member_id::text FROM old_rows LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_deleted();

CREATE FUNCTION settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mp_changes', 'settings:*');
  RETURN NULL;
END $$;
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
`;
