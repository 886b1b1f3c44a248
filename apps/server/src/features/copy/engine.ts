import type { Conn } from '../../db/database.ts';
import { close, endTerms, stopLosses } from './engine-close.ts';
import { type CopyDeps, stateOf, type Trader } from './engine-deps.ts';
import { ensureAccounts, invest, type InvestRequest } from './engine-invest.ts';
import { mirror } from './engine-mirror.ts';
import { runDaily, settle } from './engine-settle.ts';
import { mark, type StepMemory, step } from './engine-step.ts';

export { type CopyDeps, type Investment, lockTrader, type Trader } from './engine-deps.ts';
export { profitSplit } from './engine-settle.ts';

/**
 * Copy trading's moving parts (DECISIONS 39): the trader's pool and source accounts (engine-invest.ts), mirroring
 * each fill of the source onto the pool (engine-mirror.ts), settlement above the high-water mark
 * (engine-settle.ts), closing at term end, stop-copy or a member's stop (engine-close.ts), and the daily marks
 * the track record is read from (engine-step.ts). `step` runs after each market-feed step on the feed's writer.
 * Each is a top-level function taking `CopyDeps`; the engine binds them to one set of deps and keeps what `step`
 * remembers between passes.
 */
export function createCopyEngine(d: CopyDeps) {
  const memory: StepMemory = { lastMarks: 0, lastDaily: '' };
  return {
    data: d.data,
    ensureAccounts: (trader: Pick<Trader, 'id' | 'member_id'>) => ensureAccounts(d, trader),
    stateOf: (conn: Conn, t: Pick<Trader, 'pool_account_id' | 'units'>) => stateOf(d, conn, t),
    invest: (r: InvestRequest) => invest(d, r),
    mirror: (t: Trader) => mirror(d, t),
    settle: (investmentId: string, date: string, kind: 'daily' | 'term') =>
      settle(d, investmentId, date, kind),
    close: (investmentId: string, reason: 'term_end' | 'stop_loss' | 'member_stop' | 'retry') =>
      close(d, investmentId, reason),
    runDaily: (date: string, startedBy?: string) => runDaily(d, date, startedBy),
    endTerms: () => endTerms(d),
    stopLosses: () => stopLosses(d),
    mark: (force?: boolean) => mark(d, memory, force),
    step: () => step(d, memory),
  };
}

export type CopyEngine = ReturnType<typeof createCopyEngine>;
