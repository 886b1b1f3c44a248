// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as withdraw from '../calls/withdraw.ts';

export const adminApproveWd: CallRef<typeof withdraw.adminApproveWd> = {
  name: 'Admin/AdminApprovewd',
  method: 'POST',
};
export const adminUnbindAddress: CallRef<typeof withdraw.adminUnbindAddress> = {
  name: 'Admin/unbindaddress',
  method: 'POST',
};
export const adminWdList: CallRef<typeof withdraw.adminWdList> = { name: 'Admin/wdlist', method: 'POST' };
export const adminWdManualPaid: CallRef<typeof withdraw.adminWdManualPaid> = {
  name: 'Admin/wdmanualpaid',
  method: 'POST',
};
export const getCAddress: CallRef<typeof withdraw.getCAddress> = {
  name: 'member/getcaddress',
  method: 'POST',
};
export const getCRAddress: CallRef<typeof withdraw.getCRAddress> = {
  name: 'Member/getcraddress',
  method: 'POST',
};
export const showWithdrawAddress: CallRef<typeof withdraw.showWithdrawAddress> = {
  name: 'Asset/showWithdrawAddress',
  method: 'POST',
};
export const updateCAddress: CallRef<typeof withdraw.updateCAddress> = {
  name: 'member/updatecaddress',
  method: 'POST',
};
export const withdrawAddressType: CallRef<typeof withdraw.withdrawAddressType> = {
  name: 'Member/withdrawAddressType',
  method: 'POST',
};
export const withdrawHistory: CallRef<typeof withdraw.withdrawHistory> = {
  name: 'Asset/withdrawlist',
  method: 'POST',
};
export const withdrawMenu: CallRef<typeof withdraw.withdrawMenu> = {
  name: 'asset/withdrawmenu',
  method: 'POST',
};
export const withdrawNote: CallRef<typeof withdraw.withdrawNote> = {
  name: 'Asset/withdrawNote',
  method: 'POST',
};
export const withdrawPreview: CallRef<typeof withdraw.withdrawPreview> = {
  name: 'asset/withdraw',
  method: 'POST',
};
export const withdrawSave: CallRef<typeof withdraw.withdrawSave> = {
  name: 'asset/withdrawsave',
  method: 'POST',
};
