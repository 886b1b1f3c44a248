// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as transfer from '../calls/transfer.ts';

export const airdropMenu: CallRef<typeof transfer.airdropMenu> = { name: 'Asset/airdrop', method: 'POST' };
export const airdropSave: CallRef<typeof transfer.airdropSave> = {
  name: 'Asset/airdropsave',
  method: 'POST',
};
export const checkAirdropUser: CallRef<typeof transfer.checkAirdropUser> = {
  name: 'Asset/checkairdropuser',
  method: 'POST',
};
export const checkTransferUser: CallRef<typeof transfer.checkTransferUser> = {
  name: 'asset/checktransferuser',
  method: 'POST',
};
export const exchangeMenu: CallRef<typeof transfer.exchangeMenu> = {
  name: 'Asset/exchangemenu',
  method: 'POST',
};
export const exchangeQuote: CallRef<typeof transfer.exchangeQuote> = {
  name: 'Asset/exchange_usdt',
  method: 'POST',
};
export const exchangeSave: CallRef<typeof transfer.exchangeSave> = {
  name: 'Asset/exchangesave_usdt',
  method: 'POST',
};
export const transferMenu: CallRef<typeof transfer.transferMenu> = { name: 'asset/transfer', method: 'POST' };
export const transferSave: CallRef<typeof transfer.transferSave> = {
  name: 'asset/transfersave',
  method: 'POST',
};
export const walletMove: CallRef<typeof transfer.walletMove> = { name: 'Asset/walletmove', method: 'POST' };
