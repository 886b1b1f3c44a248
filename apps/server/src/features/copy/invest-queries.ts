import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';

/** Copy trading's SQL for the investment calls: investments, packages, traders' reads and the admin's figures. */

export const investmentQuery = (db: Conn) =>
  db
    .selectFrom('copy_investments as i')
    .innerJoin('copy_packages as p', 'p.id', 'i.package_id')
    .innerJoin('lead_traders as t', 't.id', 'i.trader_id')
    .innerJoin('members as m', 'm.id', 'i.member_id')
    .selectAll('i')
    .select([
      'p.name as package_name',
      't.display_name as trader_name',
      't.company',
      't.pool_account_id',
      't.units as pool_units',
      'm.userid',
    ]);
export type InvestmentRow = Awaited<
  ReturnType<ReturnType<typeof investmentQuery>['executeTakeFirstOrThrow']>
>;

export const packageQuery = (db: Conn) =>
  db
    .selectFrom('copy_packages as p')
    .innerJoin('lead_traders as t', 't.id', 'p.trader_id')
    .selectAll('p')
    .select(['t.display_name as trader_name']);
export type PackageRow = Awaited<ReturnType<ReturnType<typeof packageQuery>['executeTakeFirstOrThrow']>>;

export const memberInvestment = (db: Conn, memberId: string, id: string) =>
  investmentQuery(db).where('i.id', '=', id).where('i.member_id', '=', memberId).executeTakeFirst();

export const lockInvestment = (tx: Tx, id: string) =>
  tx.selectFrom('copy_investments').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

export const approvedTraders = (db: Conn) =>
  db
    .selectFrom('lead_traders')
    .selectAll()
    .where('state', '=', 'approved')
    .where('pool_account_id', 'is not', null)
    .orderBy('id')
    .execute();

/** An approved trader with a pool, by id. */
export const listedTrader = (db: Conn, id: string) =>
  db
    .selectFrom('lead_traders')
    .selectAll()
    .where('id', '=', id)
    .where('state', '=', 'approved')
    .where('pool_account_id', 'is not', null)
    .executeTakeFirst();

/** The trader's last 20 fills on their source account. */
export const recentFills = (db: Conn, accountId: string) =>
  db
    .selectFrom('trade_fills')
    .select(['id', 'symbol', 'market', 'side', 'amount', 'price', 'pnl', 'at'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();

export const activeInvestmentIn = (db: Conn, traderId: string, memberId: string) =>
  db
    .selectFrom('copy_investments')
    .select('id')
    .where('trader_id', '=', traderId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'active')
    .executeTakeFirst();

export const memberKycState = (db: Conn, memberId: string) =>
  db.selectFrom('members').select('kyc_state').where('id', '=', memberId).executeTakeFirstOrThrow();

/** An active package with its trader's fields that investing checks. */
export const activePackage = (db: Conn, id: string) =>
  db
    .selectFrom('copy_packages as p')
    .innerJoin('lead_traders as t', 't.id', 'p.trader_id')
    .selectAll('p')
    .select(['t.member_id', 't.company', 't.state', 't.display_name', 't.pool_account_id'])
    .where('p.id', '=', id)
    .where('p.active', '=', true)
    .executeTakeFirst();

export type InvestmentState = 'active' | 'closing' | 'stopped' | 'closed';

export const countMemberInvestments = (db: Conn, memberId: string, states: readonly InvestmentState[]) =>
  db
    .selectFrom('copy_investments')
    .select(sql<string>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .where('state', 'in', states)
    .executeTakeFirstOrThrow();

export const settlementsOf = (db: Conn, investmentId: string) =>
  db
    .selectFrom('copy_settlements')
    .select(['kind', 'value', 'profit', 'trader_share', 'platform_fee'])
    .select(sql<string>`date::text`.as('date'))
    .where('investment_id', '=', investmentId)
    .orderBy('date')
    .orderBy('at')
    .execute();

/** The last 50 mirrored trades of the investment's trader while it ran. */
export const mirrorsDuring = (db: Conn, row: InvestmentRow) =>
  db
    .selectFrom('copy_mirrors')
    .selectAll()
    .where('trader_id', '=', row.trader_id)
    .where('at', '>=', row.started_at)
    .$if(row.closed_at !== null, (q) => q.where('at', '<=', row.closed_at!))
    .orderBy('source_fill_id', 'desc')
    .limit(50)
    .execute();

export const setPoolUnits = (tx: Tx, traderId: string, units: bigint) =>
  tx.updateTable('lead_traders').set({ units: units.toString() }).where('id', '=', traderId).execute();

type InvestmentChange = {
  units?: string;
  principal?: string;
  booked?: string;
  hwm?: string;
  ends_at?: Date;
  renewals?: number;
};

export const updateInvestment = (tx: Tx, id: string, set: InvestmentChange) =>
  tx.updateTable('copy_investments').set(set).where('id', '=', id).execute();

/** The member's stop-loss and auto-renew; no row updated once the investment is no longer active. */
export const saveInvestmentSettings = (
  db: Conn,
  id: string,
  set: { stop_loss_percent: number; auto_renew: boolean },
) =>
  db
    .updateTable('copy_investments')
    .set(set)
    .where('id', '=', id)
    .where('state', '=', 'active')
    .executeTakeFirst();
