import { z } from 'zod';
import {
  defineCall,
  empty,
  oneOf,
  optionalSecret,
  optionalText,
  pagingFields,
  secret,
  text,
} from '../call.ts';
import { LANGUAGES, RANKS, TAC_PURPOSES } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';

/** Purposes a member may ask a code for: the shared ones, and the new contact's own code of a contact change. */
export const MEMBER_TAC_PURPOSES = [...TAC_PURPOSES, 'profile_new'] as const;

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
    'Updates name and language; a new e-mail or mobile needs the login password (and a two-factor code when on), a TAC sent to the current contact (`tac`, purpose profile) and one sent to the new contact (`new_tac`, purpose profile_new); the old contact is told and money is held for a while',
  request: z.object({
    name: optionalText(60),
    lang: oneOf(LANGUAGES).optional(),
    email: optionalText(254),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
    password: optionalSecret(),
    tac: optionalText(12),
    new_tac: optionalText(12),
    totp: optionalText(8),
  }),
  response: profileSchema,
});

export const updatePwd = defineCall({
  name: 'member/updatepwd',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary:
    'Changes the login password (with a two-factor code when on); every session is revoked and the member logs in again; the contact is told and money is held for a while',
  request: z.object({
    old_password: secret(),
    password: secret(),
    confirm_password: secret(),
    totp: optionalText(8),
  }),
  response: z.object({}),
});

export const updateTransactionPwd = defineCall({
  name: 'member/updateTransactionPwd',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary:
    'Changes the transaction password, proven by the login password and a TAC (purpose tx_password) sent to the member (and a two-factor code when on)',
  request: z.object({
    password: secret(),
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
    "Sends a TAC for a member action to the member's current e-mail or mobile; for purpose profile_new, to the new e-mail or mobile given (the second code of a contact change)",
  request: z.object({
    purpose: oneOf(MEMBER_TAC_PURPOSES),
    email: optionalText(254),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
  }),
  response: z.object({ destination: z.string(), expires_in: z.number(), resend_in: z.number() }),
});

export const securityStateSchema = z.object({
  /** ISO time until which withdrawals, transfers and address binding are held; '' when not held. */
  hold_until: z.string(),
  /** What started the hold (a security event kind: email_changed, password_changed, ...); '' when not held. */
  hold_reason: z.string(),
  /** Where the member's codes go, masked (j***@x.com); '' when the member has no contact. */
  contact: z.string(),
  contact_channel: z.enum(['email', 'sms', '']),
  totp_enabled: z.boolean(),
});

export const securityState = defineCall({
  name: 'Member/securitystate',
  method: 'POST',
  auth: 'member',
  tag: 'member',
  summary:
    'Whether withdrawals, transfers and address binding are held after a security change (until when and why), and where codes go',
  request: empty,
  response: securityStateSchema,
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
  request: z.object({ userid: text(64), password: secret(), reason: text(200), totp: optionalText(8) }),
  response: z.object({}),
});
