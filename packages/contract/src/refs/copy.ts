// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as copy from '../calls/copy.ts';

export const adminTraderDecide: CallRef<typeof copy.adminTraderDecide> = {
  name: 'Admin/traderdecide',
  method: 'POST',
};
export const adminTraders: CallRef<typeof copy.adminTraders> = { name: 'Admin/traders', method: 'POST' };
export const traderApply: CallRef<typeof copy.traderApply> = { name: 'Trade/traderapply', method: 'POST' };
export const traderProfile: CallRef<typeof copy.traderProfile> = {
  name: 'Trade/traderprofile',
  method: 'POST',
};
export const traderProfileSave: CallRef<typeof copy.traderProfileSave> = {
  name: 'Trade/traderprofilesave',
  method: 'POST',
};
