/** The airdrop area's public face: the admins' campaigns, run by the admin money calls. */
export { type Campaigns, campaignQuery, campaignView } from './campaign.ts';
