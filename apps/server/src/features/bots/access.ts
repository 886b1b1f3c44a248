import type { Language } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, numericId, Refusal } from '../../lib/errors.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import type { TxPasswordGuard } from '../../platform/factors.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import type { TradingAccounts } from '../trading/index.ts';
import type { BotEngine } from './engine.ts';
import type { BotWithDeal } from './model.ts';
import { loadBots } from './queries.ts';
import { botSwitch } from './settings.ts';
import { botView } from './views.ts';

/** What the bot calls use. */
export type BotDeps = {
  db: Db;
  clock: Clock;
  data: MarketData;
  trading: TradingAccounts;
  engine: BotEngine;
  ledger: Ledger;
  txPassword: TxPasswordGuard;
};

/** Who calls, and in which language they read (a call's context has both). */
export type Caller = { member: SessionMember; lang: Language };

/** The member's bot by the id they sent; another member's bot is as unknown to them as a missing one. */
export async function ownBot(d: BotDeps, memberId: string, id: string): Promise<BotWithDeal> {
  const botId = numericId(id, fieldRefusal(404, 'bot_id', 'bot_unknown'));
  const [bot] = await loadBots(d.db, { botId });
  if (!bot || bot.member_id !== memberId) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
  return bot;
}

/** The member's bot as they see it now (after a change). */
export async function ownBotView(d: BotDeps, memberId: string, id: string, lang: Language) {
  const bot = await ownBot(d, memberId, id);
  return botView(bot, await d.data.ticker(bot.symbol), lang);
}

/** Refuses what makes bots trade while the operator has switched bots off. */
export async function refuseWhileOff(d: BotDeps): Promise<void> {
  const on = await botSwitch(d.db);
  if (!on.enabled) throw new Refusal(409, 'bots_disabled');
}
