// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as auth from '../calls/auth.ts';

export const checkPlacementId: CallRef<typeof auth.checkPlacementId> = {
  name: 'Logon/checkplacementid',
  method: 'POST',
};
export const checkSponsorId: CallRef<typeof auth.checkSponsorId> = {
  name: 'logon/checksponsorid',
  method: 'POST',
};
export const checkUserid: CallRef<typeof auth.checkUserid> = { name: 'logon/checkuserid', method: 'POST' };
export const getAnnouncement: CallRef<typeof auth.getAnnouncement> = {
  name: 'Logon/getAnnouncement',
  method: 'POST',
};
export const getSmsVerification: CallRef<typeof auth.getSmsVerification> = {
  name: 'Logon/getsmsverification',
  method: 'POST',
};
export const getTelPrefix: CallRef<typeof auth.getTelPrefix> = { name: 'logon/getTelPrefix', method: 'POST' };
export const login: CallRef<typeof auth.login> = { name: 'Logon/login', method: 'POST' };
export const logout: CallRef<typeof auth.logout> = { name: 'Logon/logout', method: 'POST' };
export const resetPassword: CallRef<typeof auth.resetPassword> = {
  name: 'logon/resetPassword',
  method: 'POST',
};
export const resetPasswordCode: CallRef<typeof auth.resetPasswordCode> = {
  name: 'logon/resetPasswordCode',
  method: 'POST',
};
export const signupSave: CallRef<typeof auth.signupSave> = { name: 'Signup/signupsave', method: 'POST' };
