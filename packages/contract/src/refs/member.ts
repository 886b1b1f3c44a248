// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as member from '../calls/member.ts';

export const adminOutbox: CallRef<typeof member.adminOutbox> = { name: 'Admin/outbox', method: 'POST' };
export const adminSetPassword: CallRef<typeof member.adminSetPassword> = {
  name: 'Admin/setmemberpassword',
  method: 'POST',
};
export const getProfile: CallRef<typeof member.getProfile> = { name: 'Member/getprofile', method: 'POST' };
export const getVerificationCode: CallRef<typeof member.getVerificationCode> = {
  name: 'Member/getVerificationCode',
  method: 'POST',
};
export const securityState: CallRef<typeof member.securityState> = {
  name: 'Member/securitystate',
  method: 'POST',
};
export const updateProfile: CallRef<typeof member.updateProfile> = {
  name: 'Member/updateprofile',
  method: 'POST',
};
export const updatePwd: CallRef<typeof member.updatePwd> = { name: 'member/updatepwd', method: 'POST' };
export const updateTransactionPwd: CallRef<typeof member.updateTransactionPwd> = {
  name: 'member/updateTransactionPwd',
  method: 'POST',
};
