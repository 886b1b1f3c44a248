import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TradeOrdersTable, TradingAccountsTable } from '../../db/schema-trading.ts';
import type { RecordFilters } from './filters.ts';

/** The trading area's SQL (trading accounts, orders, fills, resets); the use cases compose these. */

type Page = { page: number; pagesize: number };

export function accountsOf(db: Db, memberId: string) {
  return db
    .selectFrom('trading_accounts')
    .select(['id', 'kind', 'venue', 'label', 'key_hint', 'created_at'])
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Columns of an account row, by its id (the account is known to exist). */
export function accountColumns<C extends keyof TradingAccountsTable & string>(
  db: Db,
  accountId: string,
  columns: readonly C[],
) {
  return db
    .selectFrom('trading_accounts')
    .select(columns)
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}

export function leadTraderOf(db: Db, accountId: string) {
  return db
    .selectFrom('lead_traders')
    .select('id')
    .where('source_account_id', '=', accountId)
    .executeTakeFirst();
}

export function orderByKey(db: Db, memberId: string, idempotencyKey: string) {
  return db
    .selectFrom('trade_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** The member's order with the kind and venue of its account. */
export function ownOrderWithAccount(db: Db, id: string, memberId: string) {
  return db
    .selectFrom('trade_orders as o')
    .innerJoin('trading_accounts as a', 'a.id', 'o.account_id')
    .selectAll('o')
    .select(['a.kind', 'a.venue'])
    .where('o.id', '=', id)
    .where('o.member_id', '=', memberId)
    .executeTakeFirst();
}

/** What an exchange order needs to be cancelled. */
export function orderToCancel(db: Db, id: string) {
  return db
    .selectFrom('trade_orders')
    .select(['id', 'state', 'exchange_order_id', 'symbol', 'amount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Our ids of the account's orders known on the exchange by these ids. */
export function ordersByExchangeId(db: Db, accountId: string, exchangeIds: string[]) {
  return db
    .selectFrom('trade_orders')
    .select(['id', 'exchange_order_id'])
    .where('account_id', '=', accountId)
    .where('exchange_order_id', 'in', exchangeIds.length ? exchangeIds : [''])
    .execute();
}

/** The markets the account ever ordered on. */
export async function orderedSymbols(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('trade_orders')
    .select('symbol')
    .distinct()
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((r) => r.symbol);
}

/** The account's orders that match the filters (by default those that ended), newest change first. */
export async function orderHistoryPage(
  db: Db,
  accountId: string,
  state: TradeOrdersTable['state'] | undefined,
  f: RecordFilters,
  p: Page,
) {
  const base = db
    .selectFrom('trade_orders')
    .where('account_id', '=', accountId)
    .$if(state === undefined, (q) => q.where('state', '!=', 'open'))
    .$if(state !== undefined, (q) => q.where('state', '=', state!))
    .$if(f.symbol !== undefined, (q) => q.where('symbol', '=', f.symbol!))
    .$if(f.side !== undefined, (q) => q.where('side', '=', f.side!))
    .$if(f.from !== undefined, (q) => q.where('updated_at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('updated_at', '<', f.to!));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.pagesize)
      .offset((p.page - 1) * p.pagesize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The paper account's fills that match the filters, newest first. */
export async function fillsPage(db: Db, accountId: string, f: RecordFilters, p: Page) {
  const base = db
    .selectFrom('trade_fills')
    .where('account_id', '=', accountId)
    .$if(f.symbol !== undefined, (q) => q.where('symbol', '=', f.symbol!))
    .$if(f.side !== undefined, (q) => q.where('side', '=', f.side!))
    .$if(f.from !== undefined, (q) => q.where('at', '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where('at', '<', f.to!));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(p.pagesize)
      .offset((p.page - 1) * p.pagesize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** When the account last started afresh (its results count from then). */
export async function resetAt(db: Db, accountId: string): Promise<Date> {
  const r = await db
    .selectFrom('trade_resets')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r?.at ? new Date(r.at as Date) : new Date(0);
}

export function fillsSince(db: Db, accountId: string, since: Date) {
  return db
    .selectFrom('trade_fills')
    .select(['at', 'equity_after', 'pnl', 'fee'])
    .where('account_id', '=', accountId)
    .where('at', '>', since)
    .orderBy('id')
    .execute();
}

/** The account's fills and limit orders since it last started afresh (the demo challenge's steps). */
export async function challengeCounts(db: Db, accountId: string, since: Date) {
  const stats = await sql<{ fills: string; limits: string }>`
          SELECT (SELECT count(*) FROM trade_fills WHERE account_id = ${accountId} AND at > ${since}) AS fills,
            (SELECT count(*) FROM trade_orders WHERE account_id = ${accountId} AND type = 'limit'
              AND created_at > ${since}) AS limits`.execute(db);
  return { fills: Number(stats.rows[0]?.fills ?? 0), limits: Number(stats.rows[0]?.limits ?? 0) };
}

/** When the feed last wrote a ticker ('' before it ever did). */
export async function lastTickAt(db: Db): Promise<string> {
  const last = await db
    .selectFrom('market_tickers')
    .select((eb) => eb.fn.max('at').as('at'))
    .executeTakeFirst();
  return last?.at ? new Date(last.at as Date).toISOString() : '';
}
