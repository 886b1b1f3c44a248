import { z } from 'zod';
import { ADMIN_ROLES } from '../admin-roles.ts';
import { defineCall, empty, oneOf, optionalText, pagingFields, text } from '../call.ts';
import { pagedSchema } from '../envelope.ts';

/** A fresh code from the admin's authenticator app: required on money actions when two-factor is on (step-up). */
export const stepUpTotp = () => optionalText(8);

const roleOrNone = z.enum(['', ...ADMIN_ROLES]);

export const adminMyRole = defineCall({
  name: 'Admin/myrole',
  method: 'POST',
  auth: 'member',
  tag: 'admin',
  summary:
    "The caller's admin role ('' for a member), whether two-factor is on (money actions then ask a code) and whether it must be enrolled before any admin call",
  request: empty,
  response: z.object({
    role: roleOrNone,
    totp_enabled: z.boolean(),
    /** Two-factor must be enrolled first: every admin call answers 403 admin_totp_required until it is. */
    totp_enrolment_required: z.boolean(),
  }),
});

export const adminSchema = z.object({
  userid: z.string(),
  name: z.string(),
  role: roleOrNone,
  status: z.string(),
  totp_enabled: z.boolean(),
});

export const adminList = defineCall({
  name: 'Admin/adminlist',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'The admins with their roles and whether their two-factor is on (owner only)',
  request: z.object({ ...pagingFields }),
  response: pagedSchema(adminSchema),
});

export const adminSave = defineCall({
  name: 'Admin/adminsave',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    "Gives an existing member an admin role, changes it, or takes it away (role ''); not one's own, never the last owner (owner only, step-up code)",
  request: z.object({
    userid: text(64),
    role: oneOf(['', ...ADMIN_ROLES] as const),
    totp: stepUpTotp(),
  }),
  response: adminSchema,
});

export const auditEntrySchema = z.object({
  id: z.string(),
  /** The admin's userid; '' for the system (start-up bootstrap). */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  /** The action's details as JSON text. */
  details: z.string(),
  created_at: z.string(),
});

export const adminAuditLog = defineCall({
  name: 'Admin/auditlog',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'The audit log, newest first, filtered by actor (userid), action and target (parts of them) and a date range (YYYY-MM-DD)',
  request: z.object({
    ...pagingFields,
    actor: optionalText(64),
    action: optionalText(64),
    target: optionalText(120),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(auditEntrySchema),
});

export const ADJUSTMENT_STATES = ['pending', 'posted', 'rejected'] as const;

export const adjustmentSchema = z.object({
  id: z.string(),
  userid: z.string(),
  wallet: z.string(),
  asset: z.string(),
  /** Signed, in major units. */
  amount: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATES),
  requested_by: z.string(),
  requested_at: z.string(),
  decided_by: z.string(),
  decided_at: z.string(),
});

export const adminAdjustments = defineCall({
  name: 'Admin/adjustments',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Balance adjustments above the two-person threshold, waiting for (or decided by) a second admin',
  request: z.object({ ...pagingFields, status: oneOf(ADJUSTMENT_STATES).optional() }),
  response: pagedSchema(adjustmentSchema),
});

export const adminAdjustApprove = defineCall({
  name: 'Admin/adjustapprove',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    'A second finance or owner admin approves a pending adjustment (it then posts through the ledger, once) or rejects it (step-up code)',
  request: z.object({
    id: text(30),
    action: oneOf(['approve', 'reject'] as const).default('approve'),
    totp: stepUpTotp(),
  }),
  response: adjustmentSchema,
});
