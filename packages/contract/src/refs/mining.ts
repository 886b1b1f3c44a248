// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as mining from '../calls/mining.ts';

export const activatePreview: CallRef<typeof mining.activatePreview> = {
  name: 'Mining/ActivatePreview',
  method: 'POST',
};
export const adminJobRuns: CallRef<typeof mining.adminJobRuns> = { name: 'Admin/jobruns', method: 'POST' };
export const adminPackageList: CallRef<typeof mining.adminPackageList> = {
  name: 'Admin/packagelist',
  method: 'POST',
};
export const adminPackageSave: CallRef<typeof mining.adminPackageSave> = {
  name: 'Admin/packagesave',
  method: 'POST',
};
export const adminRunJob: CallRef<typeof mining.adminRunJob> = { name: 'Admin/runjob', method: 'POST' };
export const adminVoucherIssue: CallRef<typeof mining.adminVoucherIssue> = {
  name: 'Admin/voucherissue',
  method: 'POST',
};
export const allPackages: CallRef<typeof mining.allPackages> = { name: 'Mining/allPackages', method: 'POST' };
export const buyProductPreview: CallRef<typeof mining.buyProductPreview> = {
  name: 'Asset/BuyProductPreview',
  method: 'POST',
};
export const buyProductSave: CallRef<typeof mining.buyProductSave> = {
  name: 'Asset/BuyProductSave',
  method: 'POST',
};
export const cmsPackages: CallRef<typeof mining.cmsPackages> = { name: 'Main/cmsPackages', method: 'POST' };
export const getInfoB: CallRef<typeof mining.getInfoB> = { name: 'Mining/getinfob', method: 'POST' };
export const getVouchers: CallRef<typeof mining.getVouchers> = { name: 'Member/getVouchers', method: 'POST' };
export const gInfo: CallRef<typeof mining.gInfo> = { name: 'Mining/ginfo', method: 'POST' };
export const incomeHistory: CallRef<typeof mining.incomeHistory> = {
  name: 'Mining/incomehistory',
  method: 'POST',
};
export const incomeSummary: CallRef<typeof mining.incomeSummary> = {
  name: 'Mining/incomesummary',
  method: 'POST',
};
export const orderHistory: CallRef<typeof mining.orderHistory> = {
  name: 'Member/OrderHistory',
  method: 'POST',
};
export const packageSubMenu: CallRef<typeof mining.packageSubMenu> = {
  name: 'Mining/packageSubMenu',
  method: 'POST',
};
