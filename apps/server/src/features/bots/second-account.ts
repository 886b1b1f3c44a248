import type { ParsedRequestOf, secondAddEntry, secondCloseAll } from '@mp/contract';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { type BotDeps, ownBot, ownBotView, refuseWhileOff, type Caller } from './access.ts';
import { addEntryNow, closeDealNow } from './manual.ts';
import { firstExchangeAccounts, loadBots } from './queries.ts';

/** The member's second connected exchange account (in the order they connected them). */
async function secondAccount(d: BotDeps, memberId: string) {
  const rows = await firstExchangeAccounts(d.db, memberId);
  const second = rows[1];
  if (!second) throw new Refusal(409, 'bot_no_second_account');
  return second;
}

/** Closes the deals of the bots on the second exchange account (or of one of them). */
export async function closeSecondDeals(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof secondCloseAll>,
) {
  const second = await secondAccount(d, caller.member.id);
  let bots = (await loadBots(d.db, { memberId: caller.member.id })).filter(
    (b) => b.account_id === second.id && b.deal,
  );
  if (input.bot_id !== undefined) {
    const one = await ownBot(d, caller.member.id, input.bot_id);
    if (one.account_id !== second.id) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
    if (!one.deal) throw fieldRefusal(409, 'bot_id', 'bot_no_deal');
    bots = [one];
  }
  let closed = 0;
  for (const bot of bots) {
    try {
      await closeDealNow(d, bot);
      closed++;
    } catch (err) {
      // Said on the bot; the others still close (a single bot's refusal is the answer).
      if (input.bot_id !== undefined) throw err;
    }
  }
  return { closed, account: second.id };
}

/** The next safety order of a bot on the second exchange account, now. */
export async function addSecondEntry(
  d: BotDeps,
  caller: Caller,
  input: ParsedRequestOf<typeof secondAddEntry>,
) {
  await refuseWhileOff(d);
  const second = await secondAccount(d, caller.member.id);
  const bot = await ownBot(d, caller.member.id, input.bot_id);
  if (bot.account_id !== second.id) throw fieldRefusal(404, 'bot_id', 'bot_unknown');
  await addEntryNow(d, bot);
  return { bot: await ownBotView(d, caller.member.id, bot.id, caller.lang), account: second.id };
}
