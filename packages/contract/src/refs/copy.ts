// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as copy from '../calls/copy.ts';

export const adminCopyInvestments: CallRef<typeof copy.adminCopyInvestments> = {
  name: 'Admin/copyinvestments',
  method: 'POST',
};
export const adminCopyPackages: CallRef<typeof copy.adminCopyPackages> = {
  name: 'Admin/copypackages',
  method: 'POST',
};
export const adminCopyPackageSave: CallRef<typeof copy.adminCopyPackageSave> = {
  name: 'Admin/copypackagesave',
  method: 'POST',
};
export const adminCopySettle: CallRef<typeof copy.adminCopySettle> = {
  name: 'Admin/copysettle',
  method: 'POST',
};
export const adminTraderCompany: CallRef<typeof copy.adminTraderCompany> = {
  name: 'Admin/tradercompany',
  method: 'POST',
};
export const adminTraderDecide: CallRef<typeof copy.adminTraderDecide> = {
  name: 'Admin/traderdecide',
  method: 'POST',
};
export const adminTraders: CallRef<typeof copy.adminTraders> = { name: 'Admin/traders', method: 'POST' };
export const getMyTrade: CallRef<typeof copy.getMyTrade> = { name: 'Trade/getmytrade', method: 'POST' };
export const getTradeDetails: CallRef<typeof copy.getTradeDetails> = {
  name: 'Trade/getTradeDetails',
  method: 'POST',
};
export const investSave: CallRef<typeof copy.investSave> = { name: 'Trade/investsave', method: 'POST' };
export const investSaveCompany: CallRef<typeof copy.investSaveCompany> = {
  name: 'Trade/investsavecompany',
  method: 'POST',
};
export const memberTraderList: CallRef<typeof copy.memberTraderList> = {
  name: 'Member/traderlist',
  method: 'POST',
};
export const renewSave: CallRef<typeof copy.renewSave> = { name: 'Trade/renewsave', method: 'POST' };
export const topupSave: CallRef<typeof copy.topupSave> = { name: 'Trade/topupsave', method: 'POST' };
export const tradePackage: CallRef<typeof copy.tradePackage> = { name: 'Trade/tradepackage', method: 'POST' };
export const traderApply: CallRef<typeof copy.traderApply> = { name: 'Trade/traderapply', method: 'POST' };
export const traderList: CallRef<typeof copy.traderList> = { name: 'Trade/traderlist', method: 'POST' };
export const traderProfile: CallRef<typeof copy.traderProfile> = {
  name: 'Trade/traderprofile',
  method: 'POST',
};
export const traderProfileSave: CallRef<typeof copy.traderProfileSave> = {
  name: 'Trade/traderprofilesave',
  method: 'POST',
};
export const updateTrade: CallRef<typeof copy.updateTrade> = { name: 'Trade/updateTrade', method: 'POST' };
