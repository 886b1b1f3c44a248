import {
  adminMarketSettings,
  candles,
  closeOrder,
  closePosition,
  demoBalance,
  demoChallenge,
  demoReset,
  getcMarket,
  marketInfo,
  openOrders,
  positions,
  recordTx,
  saveOrder,
  tradeBoard,
  tradeOrderHistory,
  tradingAccountDelete,
  tradingAccountSave,
  tradingAccounts,
} from '@mp/contract/web';
import type { CandleTimeframe, RequestOf, ResponseOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const tradingKeys = {
  all: ['trading'] as const,
  markets: ['trading', 'markets'] as const,
  info: (symbol: string, account: string) => ['trading', 'info', symbol, account] as const,
  candles: (symbol: string, tf: string) => ['trading', 'candles', symbol, tf] as const,
  balance: (account: string) => ['trading', 'balance', account] as const,
  open: (account: string) => ['trading', 'open', account] as const,
  positions: (account: string) => ['trading', 'positions', account] as const,
  fills: (account: string) => ['trading', 'fills', account] as const,
  orders: (account: string) => ['trading', 'orders', account] as const,
  board: (account: string) => ['trading', 'board', account] as const,
  challenge: (account: string) => ['trading', 'challenge', account] as const,
  accounts: ['trading', 'accounts'] as const,
  admin: ['trading', 'admin'] as const,
};

export type Ticker = ResponseOf<typeof getcMarket>['list'][number];
export type Order = ResponseOf<typeof openOrders>['list'][number];
export type Position = ResponseOf<typeof positions>['list'][number];

export const marketsQuery = queryOptions({
  queryKey: tradingKeys.markets,
  queryFn: () => api(getcMarket, {}, { quiet: true }),
});
export const infoQuery = (symbol: string, account: string) =>
  queryOptions({
    queryKey: tradingKeys.info(symbol, account),
    queryFn: () => api(marketInfo, { symbol, account }),
  });
export const candlesQuery = (symbol: string, timeframe: CandleTimeframe) =>
  queryOptions({
    queryKey: tradingKeys.candles(symbol, timeframe),
    queryFn: () => api(candles, { symbol, timeframe, limit: 300 }, { quiet: true }),
  });
export const balanceQuery = (account: string) =>
  queryOptions({ queryKey: tradingKeys.balance(account), queryFn: () => api(demoBalance, { account }) });
export const openOrdersQuery = (account: string) =>
  queryOptions({
    queryKey: tradingKeys.open(account),
    queryFn: () => api(openOrders, { account }, { quiet: true }),
  });
export const positionsQuery = (account: string) =>
  queryOptions({
    queryKey: tradingKeys.positions(account),
    queryFn: () => api(positions, { account }, { quiet: true }),
  });
export const boardQuery = (account: string) =>
  queryOptions({ queryKey: tradingKeys.board(account), queryFn: () => api(tradeBoard, { account }) });
export const challengeQuery = (account: string) =>
  queryOptions({ queryKey: tradingKeys.challenge(account), queryFn: () => api(demoChallenge, { account }) });
export const accountsQuery = queryOptions({
  queryKey: tradingKeys.accounts,
  queryFn: () => api(tradingAccounts, {}),
});
export const adminMarketQuery = queryOptions({
  queryKey: tradingKeys.admin,
  queryFn: () => api(adminMarketSettings, { save: false }),
});

export const fetchFills = (account: string) => (page: number, pagesize: number) =>
  api(recordTx, { account, page, pagesize });
export const fetchOrderHistory = (account: string) => (page: number, pagesize: number) =>
  api(tradeOrderHistory, { account, page, pagesize });

export const placeOrder = (input: RequestOf<typeof saveOrder>) => apiEnvelope(saveOrder, input);
export const closePositionAt = (account: string, symbol: string, key: string) =>
  apiEnvelope(closePosition, { account, symbol, idempotency_key: key });
export const cancelOrder = (orderId: string) => apiEnvelope(closeOrder, { order_id: orderId });
export const resetDemo = (account: string, key: string) =>
  apiEnvelope(demoReset, { account, idempotency_key: key });
export const saveMarketSettings = (input: Omit<RequestOf<typeof adminMarketSettings>, 'save'>) =>
  apiEnvelope(adminMarketSettings, { ...input, save: true });
export const connectExchange = (input: RequestOf<typeof tradingAccountSave>) =>
  apiEnvelope(tradingAccountSave, input);
export const disconnectExchange = (id: string) => apiEnvelope(tradingAccountDelete, { id });
