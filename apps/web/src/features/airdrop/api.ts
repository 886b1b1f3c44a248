import { adminAirdropCampaign, adminAirdropCampaigns } from '@mp/contract/web';
import type { RequestOf, campaignSchema } from '@mp/contract';
import type { z } from 'zod';
import { api, apiEnvelope } from '../../lib/api.ts';

export type AirdropCampaign = z.infer<typeof campaignSchema>;

export const airdropKeys = {
  campaigns: ['admin', 'campaigns'] as const,
};

export function createCampaign(input: RequestOf<typeof adminAirdropCampaign>) {
  return apiEnvelope(adminAirdropCampaign, input);
}

export function fetchCampaignsPage(page: number, pagesize: number) {
  return api(adminAirdropCampaigns, { page, pagesize });
}
