import { type AssetCode, ASSET_CODES } from '@mp/contract';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { type AccountDirectory, platformAccount } from '../../ledger/accounts.ts';
import { PAYOUT_STAGE, postPayouts } from '../../ledger/payouts.ts';
import type { BatchOutcome, DailyJob } from '../../platform/scheduler.ts';

export const MINING_INCOME_JOB = 'mining_income';
/**
 * Orders looked at per transaction: large enough that the per-batch statements cost little beside the rows they
 * write, small enough to hold the paid members' accounts for well under a second or two.
 */
export const MINING_INCOME_BATCH = 100_000;

/**
 * Daily mining income for a date: every order mining that day (start <= date <= end) gets its daily income in its
 * settlement wallet, from the platform's mining payouts account. The daily income is the order's daily net as the one
 * economics function (`miningEconomics` in the contract) gave it at purchase, stored on the order with its daily fee:
 * what the package, the purchase preview and the member's orders show as the estimate is what this job pays. A member's orders of a batch are paid by one
 * transfer per settlement wallet with reference `mining:member-<member id>:<date>`; each order's income row names
 * that transfer. The (order, date) primary key of mining_income, written in the same transaction as the transfer,
 * makes each order's payout happen once.
 */
export function miningIncomeJob(accounts: AccountDirectory, batchSize = MINING_INCOME_BATCH): DailyJob {
  return {
    async batch(tx: Tx, date: string, cursor: string) {
      // The batch is a range of order ids, due or not: finding its end is a walk of the primary key, and the orders
      // in it are read once, by the payout itself.
      const bound = await sql<{
        last: string | null;
      }>`select max(id)::text last from (select id from mining_orders
        where id > ${cursor}::bigint order by id limit ${batchSize}) b`.execute(tx);
      const last = bound.rows[0]?.last;
      if (!last) return { outcome: null, cursor };
      // A per-order probe of the (order, date) key, on purpose not NOT EXISTS: as an anti-join the planner may hash
      // the whole income table on every batch, which grows with each day paid.
      const due = sql`o.id > ${cursor}::bigint and o.id <= ${last}::bigint
        and o.start_date <= ${date}::date and o.end_date >= ${date}::date
        and (select true from mining_income i where i.order_id = o.id and i.income_date = ${date}::date) is null`;
      const assets = await sql<{
        asset: string;
      }>`select distinct settle_asset asset from mining_packages`.execute(tx);
      const amounts: Record<string, bigint> = {};
      let items = 0;
      for (const { asset } of assets.rows) {
        if (!ASSET_CODES.includes(asset as AssetCode)) continue;
        const paid = await postPayouts(tx, accounts, {
          key: (first, to) => `job:${MINING_INCOME_JOB}:${date}:${asset}:${first}-${to}`,
          kind: 'mining_income',
          from: platformAccount('mining_payouts', asset as AssetCode),
          combine: true,
          rows: sql`select o.id source_id, o.member_id, o.settle_wallet wallet, o.daily_income amount,
              'mining:member-' || o.member_id || ':' || ${date} reference, '{}'::jsonb details
            from mining_orders o where o.settle_asset = ${asset} and ${due}`,
        });
        if (!paid) continue;
        await sql`insert into mining_income (order_id, income_date, amount, transfer_id)
          select source_id, ${date}::date, amount, tid from ${sql.table(PAYOUT_STAGE)}`.execute(tx);
        items += paid.count;
        amounts[asset] = paid.total;
      }
      const outcome: BatchOutcome = { items, amounts };
      return { outcome, cursor: last };
    },
  };
}
