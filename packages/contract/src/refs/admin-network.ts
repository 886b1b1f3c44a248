// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as adminNetwork from '../calls/admin-network.ts';

export const adminDashboard: CallRef<typeof adminNetwork.adminDashboard> = {
  name: 'Admin/dashboard',
  method: 'POST',
};
export const adminMemberDetail: CallRef<typeof adminNetwork.adminMemberDetail> = {
  name: 'Admin/memberdetail',
  method: 'POST',
};
export const adminMemberList: CallRef<typeof adminNetwork.adminMemberList> = {
  name: 'Admin/memlist',
  method: 'POST',
};
export const adminMemberStatus: CallRef<typeof adminNetwork.adminMemberStatus> = {
  name: 'Admin/memberstatus',
  method: 'POST',
};
export const adminPlan: CallRef<typeof adminNetwork.adminPlan> = { name: 'Admin/plan', method: 'POST' };
export const adminPlanPreview: CallRef<typeof adminNetwork.adminPlanPreview> = {
  name: 'Admin/planpreview',
  method: 'POST',
};
export const adminPlanSave: CallRef<typeof adminNetwork.adminPlanSave> = {
  name: 'Admin/plansave',
  method: 'POST',
};
