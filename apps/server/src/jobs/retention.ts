import { purgeOutbox } from '../adapters/notify/notifier.ts';
import type { Db, Tx } from '../db/database.ts';
import { purgeRejectedPictures } from '../features/kyc/index.ts';
import { purgeReserveTree } from '../features/reserves/index.ts';
import { type RollupCursor, rollUpOldCandles } from '../features/trading/index.ts';
import { addDays } from '../platform/dates.ts';
import type { FileStore } from '../platform/files.ts';
import type { DailyJob } from '../platform/scheduler.ts';
import { purgeSessions } from '../platform/session-store.ts';
import { cachedSetting } from '../platform/settings.ts';
import { purgeCodes } from '../platform/tac.ts';

/**
 * Retention (issue 28): a daily job that purges what is worth nothing after a while, each kind by the module that
 * writes it: ended sessions, verification codes, the dev outbox, one-minute candles (rolled into hourly ones) and the
 * pictures of rejected identity checks. Nothing money or an audit needs is touched: the ledger, audit_log,
 * security_events, withdrawals and the KYC submissions themselves are kept for good. Proof-of-reserves snapshots lose
 * their trees (a proof per member, about 0.5 GB a snapshot at a million members) and keep their roots and figures.
 */
export const RETENTION_JOB = 'retention';

/** The setting (a JSON object of days per kind) that overrides any of the defaults below. */
export const RETENTION_SETTING = 'retention';

/** Days each kind is kept, counted back from the start of the run's date (UTC). */
export const RETENTION_DEFAULTS = {
  sessions: 30,
  codes: 30,
  outbox: 30,
  candles: 30,
  kyc_pictures: 180,
  reserve_trees: 30,
};

export type RetentionKind = keyof typeof RETENTION_DEFAULTS;

/** Rows per statement: each batch is a short transaction of its own, so no purge holds its locks for long. */
const BATCH = 5000;

/** One statement's worth of a kind: rows purged, and where to go on (null: this kind is done). */
type Step = { purged: number; next: string | null };
type Purge = (tx: Tx, before: Date, cursor: string) => Promise<Step>;

/** A purge of plain deletes: the kind is done once a statement deletes less than a full batch. */
function inBatches(purge: (tx: Tx, before: Date, limit: number) => Promise<number>): Purge {
  return async (tx, before) => {
    const purged = await purge(tx, before, BATCH);
    return { purged, next: purged < BATCH ? null : '' };
  };
}

/** One snapshot's tree per batch (two partitions dropped); the kind is done when none is left to drop. */
async function reserveTrees(tx: Tx, before: Date): Promise<Step> {
  const purged = await purgeReserveTree(tx, before);
  return { purged, next: purged ? '' : null };
}

/** The candles go on from the last minute rolled (the cursor), so each batch reads the table's key range once. */
async function candles(tx: Tx, before: Date, cursor: string): Promise<Step> {
  const from: RollupCursor = cursor ? JSON.parse(cursor) : { symbol: '', openTime: 0 };
  // A batch picks half a statement's worth of minutes: whole hours of them are rolled, at most about twice as many.
  const step = await rollUpOldCandles(tx, before, from, BATCH / 2);
  return { purged: step.removed, next: step.next && JSON.stringify(step.next) };
}

/** The days per kind: the setting's positive whole numbers, the defaults for anything else. */
export async function retentionDays(db: Db): Promise<Record<RetentionKind, number>> {
  const set = await cachedSetting<Record<string, unknown>>(db, RETENTION_SETTING, {});
  const days = { ...RETENTION_DEFAULTS };
  for (const kind of Object.keys(days) as RetentionKind[]) {
    const value = set?.[kind];
    // A bad value (0, a negative or a string) must not purge everything: it falls back to the default.
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) days[kind] = value;
  }
  return days;
}

/**
 * The job. Its cursor is `<kind's index>[:<that kind's cursor>]`; each batch is one statement of one kind and records
 * the rows it purged under the kind's name (the run's `amounts`), so a run says what went, kind by kind.
 */
export function retentionJob(db: Db, files: FileStore): DailyJob {
  const purges: Record<RetentionKind, Purge> = {
    sessions: inBatches(purgeSessions),
    codes: inBatches(purgeCodes),
    outbox: inBatches(purgeOutbox),
    candles,
    kyc_pictures: inBatches((tx, before, limit) => purgeRejectedPictures(tx, files, before, limit)),
    reserve_trees: reserveTrees,
  };
  const kinds = Object.keys(purges) as RetentionKind[];
  return {
    async batch(tx, date, cursor) {
      const colon = cursor.indexOf(':');
      const index = Number(colon < 0 ? cursor : cursor.slice(0, colon));
      const kind = kinds[index];
      if (!kind) return { outcome: null, cursor };
      const days = (await retentionDays(db))[kind];
      const before = new Date(`${addDays(date, -days)}T00:00:00Z`);
      const step = await purges[kind](tx, before, colon < 0 ? '' : cursor.slice(colon + 1));
      return {
        outcome: { items: step.purged, amounts: { [kind]: BigInt(step.purged) } },
        cursor: step.next === null ? String(index + 1) : `${index}:${step.next}`,
      };
    },
  };
}
