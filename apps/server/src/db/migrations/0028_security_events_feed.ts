/**
 * The security hold of a member (platform/security-hold.ts) is read on every transfer, so servers keep it in
 * their read caches: a new security event tells every server at commit which members' holds to read again
 * (the change feed of migration 0010).
 */
export const up = `
CREATE FUNCTION security_events_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('security_events', ARRAY(
    SELECT DISTINCT member_id::text FROM new_rows WHERE member_id IS NOT NULL LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER security_events_added AFTER INSERT ON security_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION security_events_added();
`;
