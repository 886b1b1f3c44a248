import type { botAio, botAioOff, ParsedRequestOf } from '@mp/contract';
import { formatUnits } from '../../adapters/exchange/paper-math.ts';
import type { Conn } from '../../db/database.ts';
import type { BotDeps, Caller } from './access.ts';
import { dealBudget } from './dca.ts';
import { settingsOf } from './model.ts';
import { setBotBudget } from '../../adapters/exchange/account-store.ts';
import { botBudgetOf, loadBots, stopAccountBots } from './queries.ts';
import { quoteOf } from './parse.ts';

/**
 * The all-in-one budget of a trading account and what its running bots' deals may take (their budgets). A start
 * reads it locked (`lock`), so two starts on one account at once cannot both fit in what is left.
 */
export async function aioOf(db: Conn, accountId: string, lock = false) {
  const budget = await botBudgetOf(db, accountId, lock);
  const bots = await loadBots(db, { accountId });
  const committed = bots
    .filter((b) => b.state === 'running')
    .reduce((sum, b) => sum + dealBudget(settingsOf(b)), 0n);
  return { budget, committed, bots };
}

/** The account's all-in-one budget (set first when asked; empty: none) and what its bots take of it. */
export async function aioBudget(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botAio>) {
  const account = await d.trading.resolve(caller.member.id, input.account);
  if (input.save) {
    const budget = input.budget?.trim() ? quoteOf(input.budget, 'budget') : null;
    await setBotBudget(d.db, account.id, budget);
  }
  const aio = await aioOf(d.db, account.id);
  return {
    account: input.account,
    enabled: aio.budget !== null,
    budget: aio.budget === null ? '' : formatUnits(aio.budget),
    committed: formatUnits(aio.committed),
    left:
      aio.budget === null ? '' : formatUnits(aio.budget > aio.committed ? aio.budget - aio.committed : 0n),
    bots: aio.bots.map((b) => ({
      id: b.id,
      name: b.name || `${b.symbol} DCA`,
      symbol: b.symbol,
      state: b.state,
      budget: formatUnits(dealBudget(settingsOf(b))),
    })),
  };
}

/** Ends the account's all-in-one budget and stops its running bots, at once. */
export async function aioOff(d: BotDeps, caller: Caller, input: ParsedRequestOf<typeof botAioOff>) {
  const account = await d.trading.resolve(caller.member.id, input.account);
  const stopped = await d.db.transaction().execute(async (tx) => {
    await setBotBudget(tx, account.id, null);
    return stopAccountBots(tx, account.id, caller.member.id);
  });
  return { stopped };
}
