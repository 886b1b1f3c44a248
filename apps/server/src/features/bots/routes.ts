import {
  adminBots,
  botAddEntry,
  botAio,
  botAioOff,
  botBalance,
  botChart,
  botCheckApi,
  botClose,
  botCloseAll,
  botConfirm,
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
  secondAddEntry,
  secondCloseAll,
} from '@mp/contract';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import type { BotDeps } from './access.ts';
import { checkAccountKey, botFunds, readiness } from './account-checks.ts';
import { operatorBots } from './admin.ts';
import { aioBudget, aioOff } from './aio.ts';
import { reverseBot, setOrderType, startBot, stopBot } from './lifecycle.ts';
import { addEntry, closeAllDeals, closeBotDeal, previewAction } from './manual.ts';
import { botWithOrders, chartOfBot, dealHistory, listMemberBots } from './reads.ts';
import { saveBot } from './save.ts';
import { addSecondEntry, closeSecondDeals } from './second-account.ts';
import { subscribeBots } from './subscribe.ts';

/** The bot calls (issue 14). */
export function botRoutes(d: BotDeps): CallRoute[] {
  return [
    handle(botSave, async (input, ctx) => reply(await saveBot(d, ctx, input), 'bot_saved')),
    handle(listBots, (_input, ctx) => listMemberBots(d, ctx)),
    handle(checkBot, (input, ctx) => botWithOrders(d, ctx, input)),
    handle(botOnline, async (input, ctx) => reply(await startBot(d, ctx, input), 'bot_started')),
    handle(botOff, async (input, ctx) => reply(await stopBot(d, ctx, input, 'spot'), 'bot_stopped')),
    handle(botPerpOff, async (input, ctx) => reply(await stopBot(d, ctx, input, 'perp'), 'bot_stopped')),
    handle(botClose, async (input, ctx) => reply(await closeBotDeal(d, ctx, input), 'bot_deal_closed')),
    handle(botCloseAll, async (_input, ctx) => reply(await closeAllDeals(d, ctx), 'bot_deal_closed')),
    handle(botAddEntry, async (input, ctx) => reply(await addEntry(d, ctx, input), 'bot_entry_added')),
    handle(botHistory, (input, ctx) => dealHistory(d, ctx, input)),
    handle(botBalance, (input, ctx) => botFunds(d, ctx, input)),
    handle(botSteps, (input, ctx) => readiness(d, ctx, input)),
    handle(adminBots, async (input, ctx) =>
      reply(await operatorBots(d, ctx, input), input.save ? 'bots_switched' : 'ok'),
    ),
    handle(botCheckApi, (input, ctx) => checkAccountKey(d, ctx, input)),
    handle(botChart, (input, ctx) => chartOfBot(d, ctx, input)),
    handle(botReverse, async (input, ctx) => reply(await reverseBot(d, ctx, input), 'bot_reversed')),
    handle(botConfirm, (input, ctx) => previewAction(d, ctx, input)),
    handle(secondCloseAll, async (input, ctx) =>
      reply(await closeSecondDeals(d, ctx, input), 'bot_deal_closed'),
    ),
    handle(secondAddEntry, async (input, ctx) =>
      reply(await addSecondEntry(d, ctx, input), 'bot_entry_added'),
    ),
    handle(botSubscribe, async (input, ctx) => reply(await subscribeBots(d, ctx, input), 'bot_subscribed')),
    handle(botOrderType, async (input, ctx) => reply(await setOrderType(d, ctx, input), 'bot_order_type')),
    handle(botAio, async (input, ctx) =>
      reply(await aioBudget(d, ctx, input), input.save ? 'bot_aio_saved' : 'ok'),
    ),
    handle(botAioOff, async (input, ctx) => reply(await aioOff(d, ctx, input), 'bot_aio_off')),
  ];
}
