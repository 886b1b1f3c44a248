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
  searchCoin,
  tradeBoard,
  tradeOrderHistory,
  tradingAccountDelete,
  tradingAccountSave,
  tradingAccounts,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { TradingAccounts, TradingDeps } from './accounts.ts';
import { operatorMarketSettings } from './admin-settings.ts';
import { listTradingAccounts, removeExchangeAccount, saveExchangeAccount } from './exchange-accounts.ts';
import { describeMarket, listMarkets, marketCandles, searchMarkets } from './market.ts';
import { cancelOrder, listOpenOrders, placeOrder } from './orders.ts';
import { accountBalance, resetPaperAccount } from './paper-account.ts';
import { closePositionNow, listPositions } from './positions.ts';
import { orderHistory, tradeRecords } from './records.ts';
import { challengeProgress, tradeResults } from './results.ts';

/** The trading calls (issue 11). */
export function tradingRoutes(deps: TradingDeps, accounts: TradingAccounts): CallRoute[] {
  const d = { ...deps, accounts };
  return [
    handle(getcMarket, (input) => listMarkets(d, input)),
    handle(searchCoin, (input) => searchMarkets(d, input)),
    handle(marketInfo, (input) => describeMarket(d, input)),
    handle(candles, (input) => marketCandles(d, input)),
    handle(tradingAccounts, (_input, ctx) => listTradingAccounts(d, ctx.member.id)),
    handle(tradingAccountSave, async (input, ctx) =>
      reply(await saveExchangeAccount(d, ctx.member.id, input), 'exchange_account_saved'),
    ),
    handle(tradingAccountDelete, async (input, ctx) => {
      await removeExchangeAccount(d, ctx.member.id, input);
      return reply({}, 'exchange_account_deleted');
    }),
    handle(saveOrder, async (input, ctx) => {
      const placed = await placeOrder(d, ctx.member.id, input);
      return reply(placed, placed.state === 'filled' ? 'order_filled' : 'order_placed');
    }),
    handle(positions, (input, ctx) => listPositions(d, ctx.member.id, input)),
    handle(closePosition, async (input, ctx) =>
      reply(await closePositionNow(d, ctx.member.id, input), 'position_closed'),
    ),
    handle(closeOrder, async (input, ctx) =>
      reply(await cancelOrder(d, ctx.member.id, input), 'order_cancelled'),
    ),
    handle(openOrders, (input, ctx) => listOpenOrders(d, ctx.member.id, input)),
    handle(demoBalance, (input, ctx) => accountBalance(d, ctx.member.id, input)),
    handle(demoReset, async (input, ctx) =>
      reply(await resetPaperAccount(d, ctx.member.id, input), 'demo_reset_done'),
    ),
    handle(recordTx, (input, ctx) => tradeRecords(d, ctx.member.id, input)),
    handle(tradeOrderHistory, (input, ctx) => orderHistory(d, ctx.member.id, input)),
    handle(tradeBoard, (input, ctx) => tradeResults(d, ctx.member.id, input)),
    handle(demoChallenge, (input, ctx) => challengeProgress(d, ctx.member.id, input)),
    handle(adminMarketSettings, (input, ctx) => operatorMarketSettings(d, ctx.member.id, input)),
  ];
}
