/**
 * What the daily check-in game paid in all, one row kept with the check-ins (content/game.ts): each check-in locks it
 * to decide against the admin's budget and adds its reward, so neither needs to sum every check-in ever made.
 */
export const up = `
CREATE TABLE game_pool (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0)
);
INSERT INTO game_pool (paid) SELECT coalesce(sum(amount), 0) FROM game_checkins;
`;
