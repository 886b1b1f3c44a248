import type { campaignSchema, ledgerHealthSchema, withdrawalSchema } from '@mp/contract';
import type { z } from 'zod';

export type AdminWithdrawal = z.infer<typeof withdrawalSchema>;
export type AirdropCampaign = z.infer<typeof campaignSchema>;
export type LedgerHealth = z.infer<typeof ledgerHealthSchema>;
