// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as security from '../calls/security.ts';

export const adminSecurityEvents: CallRef<typeof security.adminSecurityEvents> = {
  name: 'Admin/securityevents',
  method: 'POST',
};
