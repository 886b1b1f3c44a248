import type { DAILY_JOBS } from '@mp/contract';
import type { Ledger } from '../ledger/index.ts';
import type { DailyJob } from './daily.ts';
import { MINING_INCOME_JOB, miningIncomeJob } from './mining-income.ts';

export type DailyJobName = (typeof DAILY_JOBS)[number];

/** The daily jobs built so far; `pairing` joins with the bonus engine (issue 4). */
export function dailyJobs(ledger: Ledger): Partial<Record<DailyJobName, DailyJob>> {
  return { [MINING_INCOME_JOB]: miningIncomeJob(ledger.accounts) };
}
