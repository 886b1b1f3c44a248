import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';
import { type InvestmentState, investmentQuery } from './invest-queries.ts';

/** Copy trading's SQL for the admin's calls: packages, the company strategy, the investments' totals, the runs. */

export const approvedTraderNames = (db: Conn) =>
  db
    .selectFrom('lead_traders')
    .select(['id', 'display_name', 'company'])
    .where('state', '=', 'approved')
    .orderBy('id')
    .execute();

export const approvedTraderOf = (db: Conn, id: string) =>
  db
    .selectFrom('lead_traders')
    .select(['id', 'member_id', 'pool_account_id'])
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .executeTakeFirst();

export type PackageFields = {
  trader_id: string;
  name: string;
  min_amount: string;
  term_days: number;
  share_bps: number;
  fee_bps: number;
  active: boolean;
};

export const updatePackage = (tx: Tx, id: string, fields: PackageFields) =>
  tx.updateTable('copy_packages').set(fields).where('id', '=', id).returning('id').executeTakeFirst();

export const insertPackage = (tx: Tx, fields: PackageFields) =>
  tx.insertInto('copy_packages').values(fields).returning('id').executeTakeFirstOrThrow();

export const lockApprovedTrader = (tx: Tx, id: string) =>
  tx
    .selectFrom('lead_traders')
    .select('id')
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .forUpdate()
    .executeTakeFirst();

/** The one company strategy: every other trader loses the mark. */
export async function markCompany(tx: Tx, id: string) {
  await tx.updateTable('lead_traders').set({ company: false }).where('company', '=', true).execute();
  await tx.updateTable('lead_traders').set({ company: true }).where('id', '=', id).execute();
}

/** A page of investments (all, or in one state), their count, the totals shared and charged, the custody. */
export const adminInvestmentFigures = (
  db: Conn,
  p: { page: number; pagesize: number; state?: InvestmentState },
) => {
  const { state } = p;
  let base = investmentQuery(db);
  if (state) base = base.where('i.state', '=', state);
  return Promise.all([
    base
      .orderBy('i.id', 'desc')
      .limit(p.pagesize)
      .offset((p.page - 1) * p.pagesize)
      .execute(),
    db
      .selectFrom('copy_investments')
      .select(sql<string>`count(*)`.as('n'))
      .$if(Boolean(state), (q) => q.where('state', '=', state!))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('copy_investments')
      .select([
        sql<string>`coalesce(sum(shared), 0)`.as('shared'),
        sql<string>`coalesce(sum(fees), 0)`.as('fees'),
      ])
      .executeTakeFirstOrThrow(),
    investmentQuery(db).where('i.state', 'in', ['active', 'closing']).execute(),
    db
      .selectFrom('ledger_accounts')
      .select(sql<string>`credits_posted - debits_posted`.as('balance'))
      .where('platform', '=', 'copy_custody')
      .where('asset', '=', 'USDT')
      .executeTakeFirst(),
  ]);
};

export const lastRuns = (db: Conn) =>
  db
    .selectFrom('copy_runs')
    .select(['investments', 'shared', 'fees', 'started_by', 'at'])
    .select(sql<string>`date::text`.as('date'))
    .orderBy('date', 'desc')
    .limit(30)
    .execute();
