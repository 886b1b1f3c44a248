import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields, secret, text } from '../call.ts';
import { LANGUAGES, RANKS, TAC_PURPOSES } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';

export const profileSchema = z.object({
  userid: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  tel_prefix: z.string(),
  rank: z.enum(RANKS),
  role: z.enum(['member', 'admin']),
  lang: z.enum(LANGUAGES),
  sponsor_id: z.string(),
  placement_id: z.string(),
  side: z.string(),
  joined_at: z.string(),
  kyc_state: z.enum(['none', 'pending', 'approved', 'rejected']),
  has_tx_password: z.boolean(),
});

export const getProfile = defineCall({
  name: 'Member/getprofile',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary: "The logged-in member's profile",
  request: empty,
  response: profileSchema,
});

export const updateProfile = defineCall({
  name: 'Member/updateprofile',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary:
    'Updates name and language; a new e-mail or mobile needs a TAC sent to it (Member/getVerificationCode, purpose profile)',
  request: z.object({
    name: optionalText(60),
    lang: oneOf(LANGUAGES).optional(),
    email: optionalText(254),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
    tac: optionalText(12),
  }),
  response: profileSchema,
});

export const updatePwd = defineCall({
  name: 'member/updatepwd',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary: 'Changes the login password; every session is revoked and the member logs in again',
  request: z.object({ old_password: secret(), password: secret(), confirm_password: secret() }),
  response: z.object({}),
});

export const updateTransactionPwd = defineCall({
  name: 'member/updateTransactionPwd',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary: 'Changes the transaction password, proven by a TAC (purpose tx_password) sent to the member',
  request: z.object({
    tac: text(12),
    tx_password: secret(),
    confirm_tx_password: secret(),
    totp: optionalText(8),
  }),
  response: z.object({}),
});

export const getVerificationCode = defineCall({
  name: 'Member/getVerificationCode',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary:
    "Sends a TAC for a member action to the member's own e-mail or mobile; for purpose profile, to the new e-mail or mobile given",
  request: z.object({
    purpose: oneOf(TAC_PURPOSES),
    email: optionalText(254),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
  }),
  response: z.object({ destination: z.string(), expires_in: z.number(), resend_in: z.number() }),
});

export const outboxItemSchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  destination: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const adminOutbox = defineCall({
  name: 'Admin/outbox',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: 'Messages sent through the dev outbox (verification codes), newest first',
  request: z.object({ ...pagingFields, destination: optionalText(254) }),
  response: pagedSchema(outboxItemSchema),
});

export const adminSetPassword = defineCall({
  name: 'Admin/setmemberpassword',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary: "Sets a member's login password (e.g. the company root's); the member's sessions are revoked",
  request: z.object({ userid: text(64), password: secret(), reason: text(200) }),
  response: z.object({}),
});
