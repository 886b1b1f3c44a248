// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as wallet from '../calls/wallet.ts';

export const bonusRecord: CallRef<typeof wallet.bonusRecord> = { name: 'asset/bonusrecord', method: 'POST' };
export const bonusSummary: CallRef<typeof wallet.bonusSummary> = {
  name: 'asset/bonussummary',
  method: 'POST',
};
export const coinMenu: CallRef<typeof wallet.coinMenu> = { name: 'asset/coinmenu', method: 'POST' };
export const getBankList: CallRef<typeof wallet.getBankList> = { name: 'Member/getbanklist', method: 'POST' };
export const getCoin: CallRef<typeof wallet.getCoin> = { name: 'asset/getcoin', method: 'POST' };
export const getWalletBalance: CallRef<typeof wallet.getWalletBalance> = {
  name: 'Asset/getwalletbalance',
  method: 'POST',
};
export const getXToken: CallRef<typeof wallet.getXToken> = { name: 'Asset/getxtoken', method: 'POST' };
export const searchBonusRecord: CallRef<typeof wallet.searchBonusRecord> = {
  name: 'Asset/searchBonusrecord',
  method: 'POST',
};
export const walletDetail: CallRef<typeof wallet.walletDetail> = { name: 'asset/index3', method: 'POST' };
export const walletOverview: CallRef<typeof wallet.walletOverview> = { name: 'asset/index2', method: 'POST' };
export const walletRecord: CallRef<typeof wallet.walletRecord> = {
  name: 'asset/walletrecord',
  method: 'POST',
};
export const walletRecord2: CallRef<typeof wallet.walletRecord2> = {
  name: 'asset/walletrecord2',
  method: 'POST',
};
export const walletRecord3: CallRef<typeof wallet.walletRecord3> = {
  name: 'asset/walletrecord3',
  method: 'POST',
};
