// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as chain from '../calls/chain.ts';

export const adminChainInfo: CallRef<typeof chain.adminChainInfo> = {
  name: 'Admin/chaininfo',
  method: 'POST',
};
export const depositAddress: CallRef<typeof chain.depositAddress> = { name: 'asset/deposit', method: 'POST' };
export const depositMenu: CallRef<typeof chain.depositMenu> = { name: 'Asset/depositmenu', method: 'POST' };
export const depositRecord: CallRef<typeof chain.depositRecord> = {
  name: 'Asset/depositrecord',
  method: 'POST',
};
export const symbolActionToken: CallRef<typeof chain.symbolActionToken> = {
  name: 'Asset/getSymbolActionToken',
  method: 'POST',
};
export const testDeposit: CallRef<typeof chain.testDeposit> = { name: 'Asset/testdeposit', method: 'POST' };
