import {
  adminBots,
  botAddEntry,
  botAio,
  botAioOff,
  botBalance,
  botChart,
  botCheckApi,
  botClose,
  botConfirm,
  botCloseAll,
  botHistory,
  botOff,
  botOnline,
  botOrderType,
  botPerpOff,
  botReverse,
  botSave,
  botSteps,
  botSubscribe,
  checkBot,
  listBots,
} from '@mp/contract/web';
import type { RequestOf, ResponseOf } from '@mp/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../lib/api.ts';

export const botKeys = {
  all: ['bots'] as const,
  list: ['bots', 'list'] as const,
  one: (id: string) => ['bots', 'one', id] as const,
  chart: (id: string) => ['bots', 'chart', id] as const,
  history: (botId: string) => ['bots', 'history', botId] as const,
  balance: (account: string) => ['bots', 'balance', account] as const,
  steps: (account: string) => ['bots', 'steps', account] as const,
  key: (account: string) => ['bots', 'key', account] as const,
  aio: (account: string) => ['bots', 'aio', account] as const,
  admin: ['bots', 'admin'] as const,
};

export type Bot = ResponseOf<typeof listBots>['list'][number];
export type BotSettings = Omit<RequestOf<typeof botSave>, 'id'>;

/** A running bot's deal moves with the market: its screens refresh while they are open. */
const LIVE_MS = 3000;

export const botsQuery = queryOptions({
  queryKey: botKeys.list,
  queryFn: () => api(listBots, {}),
  refetchInterval: LIVE_MS,
});
export const botQuery = (id: string) =>
  queryOptions({
    queryKey: botKeys.one(id),
    queryFn: () => api(checkBot, { bot_id: id }, { quiet: true }),
    refetchInterval: LIVE_MS,
  });
export const botChartQuery = (id: string) =>
  queryOptions({
    queryKey: botKeys.chart(id),
    queryFn: () => api(botChart, { bot_id: id, timeframe: '5m', limit: 150 }, { quiet: true }),
    refetchInterval: 15_000,
  });
/** Whether a connected exchange account's stored key still works (checked on the exchange). */
export const apiKeyQuery = (account: string) =>
  queryOptions({
    queryKey: botKeys.key(account),
    queryFn: () => api(botCheckApi, { account }, { quiet: true }),
  });
export const aioQuery = (account: string) =>
  queryOptions({ queryKey: botKeys.aio(account), queryFn: () => api(botAio, { account, save: false }) });
export const saveAio = (account: string, budget: string) =>
  apiEnvelope(botAio, { account, save: true, budget });
export const aioOff = (account: string) => apiEnvelope(botAioOff, { account });
export const botBalanceQuery = (account: string) =>
  queryOptions({ queryKey: botKeys.balance(account), queryFn: () => api(botBalance, { account }) });
export const botStepsQuery = (account: string) =>
  queryOptions({ queryKey: botKeys.steps(account), queryFn: () => api(botSteps, { account }) });
export const adminBotsQuery = queryOptions({
  queryKey: botKeys.admin,
  queryFn: () => api(adminBots, { save: false }),
  refetchInterval: 5000,
});

export const fetchBotHistory = (botId: string) => (page: number, pagesize: number) =>
  api(botHistory, { bot_id: botId || undefined, page, pagesize });

export const saveBot = (input: RequestOf<typeof botSave>) => apiEnvelope(botSave, input);
export const startBot = (id: string) => apiEnvelope(botOnline, { bot_id: id });
/** Stops a bot: the spot and the perpetual bot each have their call. */
export const stopBot = (bot: Pick<Bot, 'id' | 'market'>) =>
  apiEnvelope(bot.market === 'perp' ? botPerpOff : botOff, { bot_id: bot.id });
export const closeDeal = (id: string) => apiEnvelope(botClose, { bot_id: id });
export const closeAllDeals = () => apiEnvelope(botCloseAll, {});
export const subscribe = (txPassword: string, key: string) =>
  apiEnvelope(botSubscribe, { tx_password: txPassword, idempotency_key: key });
export const setOrderType = (id: string, orderType: 'market' | 'limit') =>
  apiEnvelope(botOrderType, { bot_id: id, order_type: orderType });
export const reverseBot = (id: string) => apiEnvelope(botReverse, { bot_id: id });
/** What a manual action would do at the last price, for the member to confirm. */
export const previewAction = (id: string, action: 'close' | 'entry' | 'reverse') =>
  api(botConfirm, { bot_id: id, action }, { quiet: true });
export const addEntry = (id: string) => apiEnvelope(botAddEntry, { bot_id: id });
export const switchBots = (input: { enabled?: boolean; stop_member?: string; fee?: string; days?: number }) =>
  apiEnvelope(adminBots, { save: true, ...input });
