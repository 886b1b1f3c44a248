/**
 * The notices a member has seen join the change feed (issue 32): the home screen asks for the next unseen notice on
 * every opening, and each server keeps who saw what in memory (features/content/published.ts). A statement that
 * marks or forgets seen notices tells every server which members' entries to drop, at commit.
 */
export const up = `
CREATE FUNCTION notice_seen_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_changes('notice_seen', ARRAY(SELECT DISTINCT member_id::text FROM changed_rows LIMIT 201));
  RETURN NULL;
END $$;
CREATE TRIGGER notice_seen_inserted AFTER INSERT ON notice_seen
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notice_seen_changed();
CREATE TRIGGER notice_seen_deleted AFTER DELETE ON notice_seen
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notice_seen_changed();
`;
