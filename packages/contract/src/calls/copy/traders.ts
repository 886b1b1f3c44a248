import { z } from 'zod';
import { defineCall, empty, formBool, oneOf, optionalText, pagingFields, text } from '../../call.ts';
import { pagedSchema } from '../../envelope.ts';

/**
 * Copy trading (issue 15), first part: becoming a lead trader. A member with an approved identity applies with a
 * display name, a short bio and their strategy; an admin approves or rejects (with a reason); an approved trader
 * keeps their profile up to date. (Packages, investing and settlement: discover.ts, invest.ts, admin.ts.)
 */
export const TRADER_STATES = ['none', 'pending', 'approved', 'rejected'] as const;

export const traderProfileSchema = z.object({
  /** The lead trader's id once applied ('' before). */
  id: z.string(),
  state: z.enum(TRADER_STATES),
  display_name: z.string(),
  bio: z.string(),
  strategy: z.string(),
  /** Why the application was rejected ('' otherwise). */
  reason: z.string(),
  applied_at: z.string(),
  decided_at: z.string(),
  /** The member's identity is approved (needed to apply). */
  kyc_approved: z.boolean(),
});

const profileFields = {
  display_name: text(30),
  bio: optionalText(500),
  strategy: optionalText(500),
};

export const traderProfile = defineCall({
  name: 'Trade/traderprofile',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "The member's lead-trader application or profile, and whether they may apply",
  request: empty,
  response: traderProfileSchema,
});

export const traderApply = defineCall({
  name: 'Trade/traderapply',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary:
    'Applies to become a lead trader (identity approved, the agreement accepted); again after a rejection',
  request: z.object({ ...profileFields, agree: formBool() }),
  response: traderProfileSchema,
});

export const traderProfileSave = defineCall({
  name: 'Trade/traderprofilesave',
  method: 'POST',
  auth: 'member',
  tag: 'copy',
  summary: "An approved lead trader's display name, bio and strategy",
  request: z.object(profileFields),
  response: traderProfileSchema,
});

export const adminTraderSchema = z.object({
  id: z.string(),
  userid: z.string(),
  display_name: z.string(),
  bio: z.string(),
  strategy: z.string(),
  state: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  applied_at: z.string(),
  decided_at: z.string(),
  decided_by: z.string(),
});

export const adminTraders = defineCall({
  name: 'Admin/traders',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'Lead-trader applications and traders, by state, newest first',
  request: z.object({
    ...pagingFields,
    state: oneOf(['pending', 'approved', 'rejected'] as const).optional(),
  }),
  response: pagedSchema(adminTraderSchema),
});

export const adminTraderDecide = defineCall({
  name: 'Admin/traderdecide',
  method: 'POST',
  auth: 'admin',
  tag: 'copy',
  summary: 'Approves or rejects (with a reason shown to the member) a pending lead-trader application, once',
  request: z.object({
    id: text(30),
    action: oneOf(['approve', 'reject'] as const),
    reason: optionalText(300),
  }),
  response: adminTraderSchema,
});
