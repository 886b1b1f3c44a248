import {
  type botAddEntry,
  type botClose,
  type botConfirm,
  formatAmount,
  type ParsedRequestOf,
  type ResponseOf,
} from '@mp/contract';
import { formatUnits, parseDecimal, valueAt } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { MARKET_BY_SYMBOL } from '../trading/index.ts';
import { type BotDeps, ownBot, ownBotView, refuseWhileOff, type Caller } from './access.ts';
import { amountFor, averageEntry, type DcaAction, safetyQuote } from './dca.ts';
import { type BotWithDeal, type DealRow, dealOf, marketRules, settingsOf } from './model.ts';
import { loadBots, updateBot } from './queries.ts';

/** Sends one action for the bot now (the engine's path: its key, its recording); refusals stop the bot. */
async function actNow(d: BotDeps, bot: BotWithDeal, action: DcaAction) {
  const acted = await d.engine.runBot(bot, await d.data.ticker(bot.symbol), action);
  if (acted) return;
  const [after] = await loadBots(d.db, { botId: bot.id });
  if (after?.error && after.actions === bot.actions)
    throw new Refusal(422, after.error as 'bot_order_rejected', after.error_values);
  throw new Refusal(409, 'market_stale');
}

/** The last price of the bot's market, in its price units (0 when there is none yet). */
async function lastPrice(d: BotDeps, bot: BotWithDeal): Promise<bigint> {
  const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
  const ticker = await d.data.ticker(bot.symbol);
  const v = ticker ? parseDecimal(ticker.last, def.priceDecimals) : 0n;
  return typeof v === 'bigint' ? v : 0n;
}

/** The action that closes the bot's open deal at market, as its owner's. */
function manualClose(bot: BotWithDeal, deal: DealRow): DcaAction {
  return {
    kind: 'stop_loss',
    side: bot.direction === 'long' ? 'sell' : 'buy',
    amount: BigInt(deal.size),
    level: deal.safety_filled,
    manual: true,
  };
}

/** The next safety order of the bot's open deal, sent now at market. */
export async function addEntryNow(d: BotDeps, bot: BotWithDeal) {
  const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
  if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
  const next = bot.deal.safety_filled + 1;
  if (next > bot.max_safety) throw fieldRefusal(409, 'bot_id', 'bot_safety_done', { max: bot.max_safety });
  const amount = amountFor(safetyQuote(settingsOf(bot), next), await lastPrice(d, bot), marketRules(def));
  await actNow(d, bot, {
    kind: 'safety',
    side: bot.direction === 'long' ? 'buy' : 'sell',
    amount,
    level: next,
    manual: true,
  });
}

/** Stops the bot and closes its open deal at market now. */
export async function closeDealNow(d: BotDeps, bot: BotWithDeal) {
  if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
  await updateBot(d.db, bot.id, { state: 'stopped' });
  await actNow(d, { ...bot, state: 'stopped' }, manualClose(bot, bot.deal));
}

export async function closeBotDeal(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botClose>) {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  await closeDealNow(d, bot);
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}

/** Stops every bot of the member with an open deal and closes the deal; one bot's refusal leaves the others. */
export async function closeAllDeals(d: BotDeps, caller: Caller) {
  const bots = (await loadBots(d.db, { memberId: caller.member.id })).filter((b) => b.deal);
  let closed = 0;
  for (const bot of bots) {
    await updateBot(d.db, bot.id, { state: 'stopped' });
    try {
      await actNow(d, bot, manualClose(bot, bot.deal!));
      closed++;
    } catch {
      // Said on the bot; the others still close.
    }
  }
  return { closed };
}

export async function addEntry(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botAddEntry>) {
  await refuseWhileOff(d);
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  await addEntryNow(d, bot);
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang) };
}

/** What a manual entry or close would do at the last price, for the member to confirm. */
export async function previewAction(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botConfirm>,
): Promise<ResponseOf<typeof botConfirm>> {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  const def = MARKET_BY_SYMBOL.get(bot.symbol)!;
  if (!bot.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
  if (input.action === 'reverse' && bot.market !== 'perp')
    throw fieldRefusal(409, 'bot_id', 'bot_reverse_spot');
  const rules = marketRules(def);
  const deal = dealOf(bot.deal, def);
  const price = await lastPrice(d, bot);
  const fmtPrice = (p: bigint) => formatAmount(p, def.priceDecimals, def.priceDecimals);
  const long = bot.direction === 'long';
  if (input.action === 'entry') {
    const next = deal.safetyFilled + 1;
    if (next > bot.max_safety) throw fieldRefusal(409, 'bot_id', 'bot_safety_done', { max: bot.max_safety });
    const amount = amountFor(safetyQuote(settingsOf(bot), next), price, rules);
    const value = valueAt(amount, price, def.priceDecimals, 'down');
    const after = { ...deal, size: deal.size + amount, cost: deal.cost + value };
    return {
      action: input.action,
      side: long ? ('buy' as const) : ('sell' as const),
      amount: formatUnits(amount),
      price: fmtPrice(price),
      value: formatUnits(value),
      pnl: '',
      average_after: fmtPrice(averageEntry(after, rules)),
    };
  }
  const value = valueAt(deal.size, price, def.priceDecimals, 'down');
  const pnl = (long ? value - deal.cost : deal.cost - value) - BigInt(bot.deal.fees);
  return {
    action: input.action,
    side: long ? ('sell' as const) : ('buy' as const),
    amount: formatUnits(deal.size),
    price: fmtPrice(price),
    value: formatUnits(value),
    pnl: formatUnits(pnl),
    average_after: '',
  };
}
