// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as system from '../calls/system.ts';

export const checkVersion: CallRef<typeof system.checkVersion> = {
  name: 'index/check_version',
  method: 'GET',
};
export const downloadUrl: CallRef<typeof system.downloadUrl> = { name: 'index/downloadurl', method: 'GET' };
export const getData: CallRef<typeof system.getData> = { name: 'Index/getdata', method: 'GET' };
export const getInfoC: CallRef<typeof system.getInfoC> = { name: 'Member/getinfoc', method: 'GET' };
