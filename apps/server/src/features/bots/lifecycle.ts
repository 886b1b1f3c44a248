import type { botOff, botOnline, botOrderType, botReverse, ParsedRequestOf } from '@mp/contract';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { money } from '../../lib/amount.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { type BotDeps, ownBot, ownBotView, refuseWhileOff, type Caller } from './access.ts';
import { aioOf } from './aio.ts';
import { dealBudget } from './dca.ts';
import { closeDealNow } from './manual.ts';
import { type BotWithDeal, settingsOf } from './model.ts';
import { loadBots, updateBot } from './queries.ts';
import { botSubscription } from './settings.ts';

type BotInput = ParsedRequestOf<typeof botOnline>;

/** Starts the bot (it decides at once), within the operator's switch, the subscription and the account's budget. */
export async function startBot(d: BotDeps, caller: Caller, input: BotInput) {
  await refuseWhileOff(d);
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  const sub = await botSubscription(d.db, d.clock, caller.member.id);
  if (sub.fee > 0n && !sub.active)
    throw new Refusal(409, 'bot_subscription_needed', { fee: money(sub.fee, 'USDT'), days: sub.days });
  await markRunning(d, bot);
  const [running] = await loadBots(d.db, { botId: bot.id });
  await d.engine.runBot(running!, await d.data.ticker(bot.symbol));
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}

/**
 * The account's all-in-one budget bounds what its running bots may take together: starts on one account take its
 * row's lock, so two at once cannot both fit in what is left.
 */
async function markRunning(d: BotDeps, bot: BotWithDeal) {
  await d.db.transaction().execute(async (tx) => {
    const aio = await aioOf(tx, bot.account_id, true);
    const fresh = aio.bots.find((b) => b.id === bot.id);
    if (aio.budget !== null && fresh?.state !== 'running') {
      const needed = dealBudget(settingsOf(bot));
      if (aio.committed + needed > aio.budget)
        throw fieldRefusal(409, 'bot_id', 'bot_aio_budget', {
          budget: formatUnits(aio.budget),
          committed: formatUnits(aio.committed),
          needed: formatUnits(needed),
        });
    }
    await updateBot(tx, bot.id, { state: 'running', error: '', error_values: '{}', updated_at: new Date() });
  });
}

/** Stops the bot (its open deal stays open); the call names the market it is for. */
export async function stopBot(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botOff>,
  market: 'spot' | 'perp',
) {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  if (bot.market !== market)
    throw fieldRefusal(409, 'bot_id', market === 'perp' ? 'bot_not_perp' : 'bot_not_spot');
  await updateBot(d.db, bot.id, { state: 'stopped', updated_at: new Date() });
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}

/** Closes a perpetual bot's deal and turns it the other way; a running bot opens its new deal at once. */
export async function reverseBot(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botReverse>) {
  await refuseWhileOff(d);
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  if (bot.market !== 'perp') throw fieldRefusal(409, 'bot_id', 'bot_reverse_spot');
  if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
  const wasRunning = bot.state === 'running';
  await closeDealNow(d, bot);
  await updateBot(d.db, bot.id, {
    direction: bot.direction === 'long' ? 'short' : 'long',
    state: wasRunning ? 'running' : 'stopped',
    updated_at: new Date(),
  });
  if (wasRunning) {
    const [turned] = await loadBots(d.db, { botId: bot.id });
    await d.engine.runBot(turned!, await d.data.ticker(bot.symbol));
  }
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}

export async function setOrderType(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botOrderType>) {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  await updateBot(d.db, bot.id, { order_type: input.order_type, updated_at: new Date() });
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}
