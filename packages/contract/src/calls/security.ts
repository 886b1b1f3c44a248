import { z } from 'zod';
import { defineCall, optionalText, pagingFields } from '../call.ts';
import { pagedSchema } from '../envelope.ts';

export const securityEventSchema = z.object({
  id: z.string(),
  userid: z.string(),
  kind: z.string(),
  at: z.string(),
  /** For lockouts: until when (ISO 8601); '' for other events. */
  until: z.string(),
  ip: z.string(),
  details: z.record(z.string(), z.unknown()),
});

export const adminSecurityEvents = defineCall({
  name: 'Admin/securityevents',
  method: 'POST',
  auth: 'admin',
  tag: 'admin',
  summary:
    "Lockouts and security changes of members, newest first; filters: userid, kind ('lockout' for every lockout), dates (YYYY-MM-DD, UTC, inclusive)",
  request: z.object({
    ...pagingFields,
    userid: optionalText(64),
    kind: optionalText(40),
    from: optionalText(10),
    to: optionalText(10),
  }),
  response: pagedSchema(securityEventSchema),
});
