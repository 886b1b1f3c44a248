import type { DAILY_JOBS } from '@mp/contract';
import type { Ledger } from '../ledger/index.ts';
import { MINING_INCOME_JOB, miningIncomeJob } from '../features/mining/index.ts';
import { PAIRING_JOB, pairingJob } from '../features/network/index.ts';
import { fileStore } from '../platform/files.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { type BuildDeps, RESERVES_JOB, reservesJob } from '../features/reserves/index.ts';
import { RETENTION_JOB, retentionJob } from './retention.ts';

export type DailyJobName = (typeof DAILY_JOBS)[number];

/**
 * The daily jobs, each registered by its feature: mining income (issue 5), pairing (issue 4), retention (issue 28)
 * and the proof-of-reserves snapshot (issue 31), which builds where `reserves` is given (the main process, with the
 * hot wallet's key) and elsewhere only asks for the day's snapshot.
 */
export function dailyJobs(ledger: Ledger, reserves?: BuildDeps): Partial<Record<DailyJobName, DailyJob>> {
  return {
    [MINING_INCOME_JOB]: miningIncomeJob(ledger.accounts),
    [PAIRING_JOB]: { ...pairingJob(ledger.db, ledger.accounts), lagDays: 1 },
    [RETENTION_JOB]: retentionJob(ledger.db, fileStore(ledger.db)),
    [RESERVES_JOB]: reservesJob(reserves),
  };
}
