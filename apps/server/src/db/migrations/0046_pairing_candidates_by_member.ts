/**
 * The pairing's candidates in member order (issue 32; DECISIONS.md section 59). A batch takes the next candidates
 * after the last member it settled, in member order: with the members who have volume open on both legs indexed by
 * the smaller leg, every batch read all the candidates still ahead and sorted them (150-230 ms a batch at 10 million
 * members, whatever the batch's size); indexed by member id, a batch reads from where the last one stopped to its
 * size. Both indexes hold the same members, so a change of the legs writes no more index entries than before.
 * Built concurrently (the propagation and the pairing write member_stats all day).
 */
export const up = `
DROP INDEX CONCURRENTLY IF EXISTS member_stats_pairable_by_member;
CREATE INDEX CONCURRENTLY member_stats_pairable_by_member ON member_stats (member_id)
  WHERE left_open > 0 AND right_open > 0;
DROP INDEX CONCURRENTLY IF EXISTS member_stats_pairable;
`;
