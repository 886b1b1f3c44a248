import type { botChart, botHistory, checkBot, listBots, ParsedRequestOf, ResponseOf } from '@mp/contract';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import { type BotDeps, ownBot, type Caller } from './access.ts';
import { chartOrders, closedDealsPage, loadBots, newestBotIds, recentDealOrders } from './queries.ts';
import { botView } from './views.ts';

/** The member's newest 100 bots, newest first. */
export async function listMemberBots(d: BotDeps, caller: Caller): Promise<ResponseOf<typeof listBots>> {
  const [rows, tickers] = await Promise.all([newestBotIds(d.db, caller.member.id), d.data.tickers()]);
  const ids = new Set(rows);
  const bots = ids.size
    ? (await loadBots(d.db, { memberId: caller.member.id })).filter((b) => ids.has(b.id)).reverse()
    : [];
  return {
    list: bots.map((b) =>
      botView(
        b,
        tickers.find((t) => t.symbol === b.symbol),
        caller.lang,
      ),
    ),
  };
}

/** A bot with the orders of its last five deals. */
export async function botWithOrders(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof checkBot>,
): Promise<ResponseOf<typeof checkBot>> {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  const orders = await recentDealOrders(d.db, bot.id);
  return {
    bot: botView(bot, await d.data.ticker(bot.symbol), caller.lang),
    orders: orders.map((o) => ({
      deal_id: o.deal_id ?? '',
      kind: o.kind as 'base',
      side: o.side,
      amount: formatUnits(o.amount),
      price: o.price ?? '',
      fee: formatUnits(o.fee),
      at: o.at.toISOString(),
    })),
  };
}

/** The member's closed deals (of one bot when asked), newest first. */
export async function dealHistory(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botHistory>,
): Promise<ResponseOf<typeof botHistory>> {
  const botId =
    input.bot_id !== undefined
      ? numericId(input.bot_id, fieldRefusal(404, 'bot_id', 'bot_unknown'))
      : undefined;
  const { rows, total } = await closedDealsPage(d.db, caller.member.id, botId, input);
  return {
    list: rows.map((r) => ({
      id: r.id,
      bot_id: r.bot_id,
      bot_name: r.bot_name || `${r.symbol} DCA`,
      symbol: r.symbol,
      direction: r.direction,
      safety_filled: r.safety_filled,
      size: formatUnits(r.size),
      cost: formatUnits(r.cost),
      close_price: r.close_price ?? '',
      close_reason: r.close_reason ?? '',
      fees: formatUnits(r.fees),
      pnl: formatUnits(r.pnl ?? '0'),
      opened_at: r.opened_at.toISOString(),
      closed_at: r.closed_at?.toISOString() ?? '',
    })),
    page: input.page,
    pagesize: input.pagesize,
    total,
  };
}

/** The bot's market in candles, with its orders as marks and its deal's levels. */
export async function chartOfBot(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof botChart>,
): Promise<ResponseOf<typeof botChart>> {
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  const [rows, ticker] = await Promise.all([
    d.data.candles(bot.symbol, input.timeframe, input.limit),
    d.data.ticker(bot.symbol),
  ]);
  const from = rows[0]?.t ?? 0;
  const orders = await chartOrders(d.db, bot.id, new Date(from * 1000));
  const deal = botView(bot, ticker, caller.lang).deal;
  return {
    symbol: bot.symbol,
    timeframe: input.timeframe,
    candles: rows.map(
      (r) => [r.t, r.o, r.h, r.l, r.c, r.v] as [number, string, string, string, string, string],
    ),
    marks: orders.map((o) => ({
      at: Math.floor(o.at.getTime() / 1000),
      side: o.side as 'buy' | 'sell',
      kind: o.kind as 'base',
      price: String(o.price),
    })),
    levels: {
      average: deal?.average_price ?? '',
      take_profit: deal?.take_profit_price ?? '',
      next_safety: deal?.next_safety_price ?? '',
      stop_loss: deal?.stop_loss_price ?? '',
    },
  };
}
