/**
 * Airdrop campaigns run from PostgreSQL (issue 28): a server claims a running campaign for a while (a lease), so any
 * server resumes what a crashed one left; see features/airdrop/queue.ts. `claimed_by` names the holder of the
 * current claim, so only it renews or gives it up.
 */
export const up = `
ALTER TABLE airdrop_campaigns ADD COLUMN claimed_by text, ADD COLUMN claimed_until timestamptz;
CREATE INDEX airdrop_campaigns_running ON airdrop_campaigns (id) WHERE status = 'running';
`;
