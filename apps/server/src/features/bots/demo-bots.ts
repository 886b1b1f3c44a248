import type { Db } from '../../db/database.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import type { TradingAccounts } from '../trading/index.ts';
import type { BotEngine } from './engine.ts';
import { loadBots } from './queries.ts';

/** Amounts of the bots table: integers of 1e-8 USDT. */
const usdt = (n: number) => String(BigInt(n) * 100_000_000n);

/**
 * Demo data for bots: alice and bob each run DCA bots on their demo accounts (a spot bot and a 3x perpetual one with
 * a tight take profit, so the moving demo feed opens and closes deals while someone watches), and alice has one
 * deal she closed herself, for the history. A member with bots already gets nothing more, so a restart adds nothing.
 * The perpetual bot trades a pair the demo's hand-placed positions leave alone: an account holds one net position per
 * pair, so a bot's deal and a position opened by hand on the same pair would net against each other.
 */
const BOTS = [
  {
    name: 'BTC steady',
    symbol: 'BTC/USDT',
    market: 'spot',
    direction: 'long',
    leverage: 1,
    base: 50,
    safety: 50,
    maxSafety: 5,
    deviationBps: 60,
    takeProfitBps: 40,
  },
  {
    name: 'BNB perpetual',
    symbol: 'BNB/USDT',
    market: 'perp',
    direction: 'long',
    leverage: 3,
    base: 100,
    safety: 100,
    maxSafety: 4,
    deviationBps: 50,
    takeProfitBps: 30,
  },
] as const;

export async function loadDemoBots(db: Db, engine: BotEngine, data: MarketData, trading: TradingAccounts) {
  const members = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where('userid', 'in', ['alice', 'bob'])
    .execute();
  const tickers = new Map((await data.tickers()).map((t) => [t.symbol, t]));
  for (const m of members) {
    const has = await db
      .selectFrom('bots')
      .select('id')
      .where('member_id', '=', m.id)
      .limit(1)
      .executeTakeFirst();
    if (has) continue;
    const account = await trading.resolve(m.id, 'demo');
    const ids: string[] = [];
    for (const b of BOTS) {
      const made = await db
        .insertInto('bots')
        .values({
          member_id: m.id,
          account_id: account.id,
          name: b.name,
          symbol: b.symbol,
          market: b.market,
          direction: b.direction,
          leverage: b.leverage,
          base_quote: usdt(b.base),
          safety_quote: usdt(b.safety),
          max_safety: b.maxSafety,
          deviation_bps: b.deviationBps,
          step_scale: 1200,
          volume_scale: 1500,
          take_profit_bps: b.takeProfitBps,
          state: 'running',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(made.id);
    }
    // Each bot opens its deal now; alice closes the first deal of her BTC bot, and it opens a new one.
    for (const id of ids) {
      const [bot] = await loadBots(db, { botId: id });
      if (bot) await engine.runBot(bot, tickers.get(bot.symbol));
    }
    if (m.userid !== 'alice') continue;
    const [bot] = await loadBots(db, { botId: ids[0]! });
    if (!bot?.deal) continue;
    await engine.runBot(bot, tickers.get(bot.symbol), {
      kind: 'stop_loss',
      side: 'sell',
      amount: BigInt(bot.deal.size),
      level: bot.deal.safety_filled,
      manual: true,
    });
  }
}
