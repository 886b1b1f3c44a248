// Written by `node --import tsx scripts/contract-refs.ts` from the call definitions: do not edit.
import type { CallRef } from '../call.ts';
import type * as trading from '../calls/trading.ts';

export const adminMarketSettings: CallRef<typeof trading.adminMarketSettings> = {
  name: 'Admin/marketsettings',
  method: 'POST',
};
export const candles: CallRef<typeof trading.candles> = { name: 'Online/candles', method: 'POST' };
export const closeOrder: CallRef<typeof trading.closeOrder> = { name: 'Online/CloseOrder', method: 'POST' };
export const closePosition: CallRef<typeof trading.closePosition> = {
  name: 'Online/closeposition',
  method: 'POST',
};
export const demoBalance: CallRef<typeof trading.demoBalance> = { name: 'Trade/demobalance', method: 'POST' };
export const demoChallenge: CallRef<typeof trading.demoChallenge> = {
  name: 'Trade/challenge',
  method: 'POST',
};
export const demoReset: CallRef<typeof trading.demoReset> = { name: 'Trade/demoreset', method: 'POST' };
export const getcMarket: CallRef<typeof trading.getcMarket> = { name: 'Online/GetcMarket', method: 'POST' };
export const marketInfo: CallRef<typeof trading.marketInfo> = { name: 'Online/marketinfo', method: 'POST' };
export const openOrders: CallRef<typeof trading.openOrders> = { name: 'Online/openorders', method: 'POST' };
export const positions: CallRef<typeof trading.positions> = { name: 'Online/positions', method: 'POST' };
export const recordTx: CallRef<typeof trading.recordTx> = { name: 'Tradetx/Recordtx', method: 'POST' };
export const saveOrder: CallRef<typeof trading.saveOrder> = { name: 'Online/SaveOrder', method: 'POST' };
export const searchCoin: CallRef<typeof trading.searchCoin> = { name: 'Online/SearchCoin', method: 'POST' };
export const tradeBoard: CallRef<typeof trading.tradeBoard> = { name: 'Tradetx/summary', method: 'POST' };
export const tradeOrderHistory: CallRef<typeof trading.tradeOrderHistory> = {
  name: 'Tradetx/Recordtx2',
  method: 'POST',
};
export const tradingAccountDelete: CallRef<typeof trading.tradingAccountDelete> = {
  name: 'Online/accountdelete',
  method: 'POST',
};
export const tradingAccounts: CallRef<typeof trading.tradingAccounts> = {
  name: 'Online/accounts',
  method: 'POST',
};
export const tradingAccountSave: CallRef<typeof trading.tradingAccountSave> = {
  name: 'Online/accountsave',
  method: 'POST',
};
