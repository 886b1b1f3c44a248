import type { botSave, ParsedRequestOf } from '@mp/contract';
import { parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { MARKET_BY_SYMBOL } from '../trading/index.ts';
import { type BotDeps, ownBot, ownBotView, type Caller } from './access.ts';
import { insertBot, updateBot } from './queries.ts';
import { percentBps, quoteOf, scaleOf } from './parse.ts';

/** Makes a bot, or changes a stopped one (a bot with an open deal keeps its market and direction). */
export async function saveBot(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botSave>) {
  const def = MARKET_BY_SYMBOL.get(input.symbol);
  if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol: input.symbol });
  if (input.market === 'spot' && input.direction !== 'long')
    throw fieldRefusal(422, 'direction', 'bot_spot_long');
  const account = await d.trading.resolve(caller.member.id, input.account);
  const values = {
    name: input.name ?? '',
    account_id: account.id,
    symbol: def.symbol,
    market: input.market,
    direction: input.direction,
    leverage: input.market === 'perp' ? input.leverage : 1,
    base_quote: quoteOf(input.base_order, 'base_order').toString(),
    safety_quote: input.max_safety > 0 ? quoteOf(input.safety_order, 'safety_order').toString() : '0',
    max_safety: input.max_safety,
    deviation_bps: percentBps(input.deviation_percent, 'deviation_percent', 0.1, 50),
    step_scale: scaleOf(input.step_scale, 'step_scale'),
    volume_scale: scaleOf(input.volume_scale, 'volume_scale'),
    take_profit_bps: percentBps(input.take_profit_percent, 'take_profit_percent', 0.1, 100),
    stop_loss_bps:
      input.stop_loss_percent && input.stop_loss_percent !== '0'
        ? percentBps(input.stop_loss_percent, 'stop_loss_percent', 0.5, 90)
        : 0,
    updated_at: new Date(),
  };
  const minCost = parseDecimal(def.minCost, UNIT_DECIMALS) as bigint;
  if (BigInt(values.base_quote) < minCost)
    throw fieldRefusal(422, 'base_order', 'bot_order_too_small', {
      amount: input.base_order,
      min: def.minCost,
    });
  let id = input.id;
  if (id) {
    const bot = await ownBot(d, caller.member.id, id);
    if (bot.state === 'running') throw fieldRefusal(409, 'id', 'bot_running');
    if (
      bot.deal &&
      (bot.symbol !== values.symbol || bot.direction !== values.direction || bot.market !== values.market)
    )
      throw fieldRefusal(409, 'symbol', 'bot_deal_open');
    await updateBot(d.db, bot.id, values);
  } else {
    id = await insertBot(d.db, { ...values, member_id: caller.member.id });
  }
  return { bot: await ownBotView(d, caller.member.id, id, caller.lang) };
}
