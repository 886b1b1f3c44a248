import type {
  ResponseOf,
  adminDashboard,
  adminMemberDetail,
  adminMemberSchema,
  adminPlan,
  adminPlanPreview,
  adminPayoutSettings,
  jobRunSchema,
  ledgerHealthSchema,
  adminWithdrawalSchema,
} from '@mp/contract';
import type { z } from 'zod';

export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export type LedgerHealth = z.infer<typeof ledgerHealthSchema>;
export type Dashboard = ResponseOf<typeof adminDashboard>;
export type AdminMember = z.infer<typeof adminMemberSchema>;
export type MemberDetail = ResponseOf<typeof adminMemberDetail>;
export type Plan = ResponseOf<typeof adminPlan>;
export type PlanVersion = Plan['history'][number];
export type PlanPreview = ResponseOf<typeof adminPlanPreview>;
export type JobRun = z.infer<typeof jobRunSchema>;
export type PayoutSettings = ResponseOf<typeof adminPayoutSettings>;
export type PayoutNetwork = PayoutSettings['networks'][number];
