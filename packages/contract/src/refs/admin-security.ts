// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as adminSecurity from '../calls/admin-security.ts';

export const adminAdjustApprove: CallRef<typeof adminSecurity.adminAdjustApprove> = {
  name: 'Admin/adjustapprove',
  method: 'POST',
};
export const adminAdjustments: CallRef<typeof adminSecurity.adminAdjustments> = {
  name: 'Admin/adjustments',
  method: 'POST',
};
export const adminAuditLog: CallRef<typeof adminSecurity.adminAuditLog> = {
  name: 'Admin/auditlog',
  method: 'POST',
};
export const adminList: CallRef<typeof adminSecurity.adminList> = { name: 'Admin/adminlist', method: 'POST' };
export const adminMyRole: CallRef<typeof adminSecurity.adminMyRole> = {
  name: 'Admin/myrole',
  method: 'POST',
};
export const adminSave: CallRef<typeof adminSecurity.adminSave> = { name: 'Admin/adminsave', method: 'POST' };
