import { z } from 'zod';
import { defineCall, empty, oneOf, optionalText, pagingFields, secret, text } from '../call.ts';
import { USERNAME_RE } from '../constants.ts';
import { pagedSchema } from '../envelope.ts';
import { telPrefixSchema, userInfoSchema } from './system.ts';

export const usernameField = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').regex(USERNAME_RE, 'username_format'),
  );

export const login = defineCall({
  name: 'Logon/login',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Logs in with username and password; returns a bearer token',
  request: z.object({ username: text(64), password: secret() }),
  response: z.object({ token: z.string(), expires_at: z.string(), userInfo: userInfoSchema }),
});

export const logout = defineCall({
  name: 'Logon/logout',
  method: 'POST',
  auth: 'member',
  tag: 'auth',
  summary: 'Revokes the current session token',
  request: empty,
  response: z.object({}),
});

export const getTelPrefix = defineCall({
  name: 'logon/getTelPrefix',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Telephone country prefixes for the mobile sign-up',
  request: empty,
  response: z.object({ list: z.array(telPrefixSchema) }),
});

export const checkUserid = defineCall({
  name: 'logon/checkuserid',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Is this username valid and free? A taken one is refused with 409',
  request: z.object({ userid: usernameField() }),
  response: z.object({ userid: z.string(), available: z.literal(true) }),
});

export const checkSponsorId = defineCall({
  name: 'logon/checksponsorid',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Does this sponsor exist? Returns the userid and a masked name',
  request: z.object({ sponsor_id: text(64) }),
  response: z.object({ userid: z.string(), name: z.string() }),
});

export const checkPlacementId = defineCall({
  name: 'Logon/checkplacementid',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: "Is the placement the sponsor or in the sponsor's downline, and which sides are free",
  request: z.object({ sponsor_id: text(64), placement_id: text(64) }),
  response: z.object({ userid: z.string(), left_free: z.boolean(), right_free: z.boolean() }),
});

export const signupTypeField = () => oneOf(['mobile', 'email'] as const);

export const getSmsVerification = defineCall({
  name: 'Logon/getsmsverification',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Sends a sign-up TAC to the e-mail or mobile number',
  request: z.object({
    signup_type: signupTypeField(),
    email: optionalText(254),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
  }),
  response: z.object({ destination: z.string(), expires_in: z.number(), resend_in: z.number() }),
});

export const signupSave = defineCall({
  name: 'Signup/signupsave',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Creates a member and places them in the binary tree',
  request: z.object({
    username: usernameField(),
    password: secret(),
    confirm_password: secret(),
    tx_password: secret(),
    confirm_tx_password: secret(),
    sponsor_id: text(64),
    placement_id: optionalText(64),
    side: oneOf(['L', 'R'] as const),
    signup_type: signupTypeField(),
    mobile: optionalText(20),
    tel_prefix: optionalText(6),
    email: optionalText(254),
    tac: text(12),
  }),
  response: z.object({
    userid: z.string(),
    sponsor_id: z.string(),
    placement_id: z.string(),
    side: z.enum(['L', 'R']),
  }),
});

export const resetPasswordCode = defineCall({
  name: 'logon/resetPasswordCode',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: "Sends a password-reset TAC to the member's e-mail or mobile",
  request: z.object({ username: text(64) }),
  response: z.object({ destination: z.string(), expires_in: z.number(), resend_in: z.number() }),
});

export const resetPassword = defineCall({
  name: 'logon/resetPassword',
  method: 'POST',
  auth: 'public',
  tag: 'auth',
  summary: 'Sets a new login password with a reset TAC; all sessions are revoked',
  request: z.object({ username: text(64), tac: text(12), password: secret(), confirm_password: secret() }),
  response: z.object({}),
});

export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
});

export const getAnnouncement = defineCall({
  name: 'Logon/getAnnouncement',
  method: 'POST',
  auth: 'public',
  tag: 'content',
  summary: 'Current announcements, newest first, in the requested language',
  request: z.object({ ...pagingFields }),
  response: pagedSchema(announcementSchema),
});
