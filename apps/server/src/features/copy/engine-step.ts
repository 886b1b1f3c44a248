import { equityOf } from '../../adapters/exchange/paper.ts';
import { todayOf } from '../../platform/dates.ts';
import { MARKET_BY_SYMBOL, QUOTE } from '../trading/index.ts';
import { endTerms, stopLosses } from './engine-close.ts';
import type { CopyDeps } from './engine-deps.ts';
import { mirror } from './engine-mirror.ts';
import { runDaily } from './engine-settle.ts';

/** What one engine remembers between steps: when it last wrote the marks and the last day it settled. */
export type StepMemory = { lastMarks: number; lastDaily: string };

/** The day's closing equity of each trader's account and pool (the track record and value history). */
export async function mark(d: CopyDeps, memory: StepMemory, force = false) {
  const { db } = d;
  const now = d.clock.now();
  if (!force && now.getTime() - memory.lastMarks < 60_000) return;
  memory.lastMarks = now.getTime();
  const day = todayOf(d.clock);
  const tickers = await d.data.tickers();
  const traders = await db
    .selectFrom('lead_traders')
    .select(['source_account_id', 'pool_account_id', 'units'])
    .where('state', '=', 'approved')
    .where('source_account_id', 'is not', null)
    .execute();
  for (const t of traders) {
    for (const [account, units] of [
      [t.source_account_id!, '0'],
      [t.pool_account_id!, t.units],
    ] as const) {
      const equity = await equityOf(db, account, QUOTE, tickers, MARKET_BY_SYMBOL);
      await db
        .insertInto('copy_marks')
        .values({ account_id: account, day, equity: equity.toString(), units })
        .onConflict((oc) =>
          oc.columns(['account_id', 'day']).doUpdateSet({ equity: equity.toString(), units }),
        )
        .execute();
    }
  }
}

/** One pass: mirror new fills, stop losses, end terms, the daily settlement once a day, the marks. */
export async function step(d: CopyDeps, memory: StepMemory) {
  const { db } = d;
  const traders = await db
    .selectFrom('lead_traders')
    .selectAll()
    .where('state', '=', 'approved')
    .where('pool_account_id', 'is not', null)
    .execute();
  // One trader's failure does not hold up the others, nor the settlements: it is thrown at the end.
  let failure: unknown;
  for (const t of traders) await mirror(d, t).catch((err: unknown) => (failure ??= err));
  await stopLosses(d);
  await endTerms(d);
  const today = todayOf(d.clock);
  if (today !== memory.lastDaily) {
    const started = await db
      .selectFrom('copy_runs')
      .select('date')
      .where('date', '=', today)
      .executeTakeFirst();
    if (!started) await runDaily(d, today);
    memory.lastDaily = today;
  }
  await mark(d, memory);
  if (failure) throw failure;
}
