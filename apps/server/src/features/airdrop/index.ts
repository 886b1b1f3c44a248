/** The airdrop area's public face: the task that runs admins' campaigns from PostgreSQL (main.ts adds it). */
export { airdropCampaignTask } from './queue.ts';
