import type { Insertable, Updateable } from 'kysely';
import type { Conn, Db } from '../../db/database.ts';
import type { BotsTable } from '../../db/schema-bots.ts';
import type { BotWithDeal } from './model.ts';

/** The bots area's SQL for the calls (the engine's recording is in deal-queries.ts); the use cases compose these. */

type Page = { page: number; pagesize: number };

/** Bots (not deleted) with their open deal and their account's kind and venue, in the order they were made. */
export async function loadBots(
  db: Conn,
  where: { running?: boolean; botId?: string; memberId?: string; accountId?: string },
): Promise<BotWithDeal[]> {
  const rows = await db
    .selectFrom('bots as b')
    .innerJoin('trading_accounts as a', 'a.id', 'b.account_id')
    .selectAll('b')
    .select(['a.kind as accountKind', 'a.venue'])
    .$if(where.running === true, (q) => q.where('b.state', '=', 'running'))
    .$if(where.botId !== undefined, (q) => q.where('b.id', '=', where.botId!))
    .$if(where.memberId !== undefined, (q) => q.where('b.member_id', '=', where.memberId!))
    .$if(where.accountId !== undefined, (q) => q.where('b.account_id', '=', where.accountId!))
    .where('b.deleted_at', 'is', null)
    .orderBy('b.id')
    .execute();
  if (rows.length === 0) return [];
  const deals = await db
    .selectFrom('bot_deals')
    .selectAll()
    .where('state', '=', 'open')
    .where(
      'bot_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byBot = new Map(deals.map((d) => [d.bot_id, d]));
  return rows.map((r) => ({ ...r, deal: byBot.get(r.id) }));
}

export async function insertBot(db: Db, values: Insertable<BotsTable>): Promise<string> {
  const made = await db.insertInto('bots').values(values).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

export async function updateBot(db: Conn, botId: string, changes: Updateable<BotsTable>): Promise<void> {
  await db.updateTable('bots').set(changes).where('id', '=', botId).execute();
}

/** The member's newest 100 bots (not deleted), newest first. */
export async function newestBotIds(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bots')
    .select('id')
    .where('member_id', '=', memberId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => r.id);
}

/** The orders of the bot's last five deals, newest first. */
export async function recentDealOrders(db: Db, botId: string) {
  const deals = await db
    .selectFrom('bot_deals')
    .select('id')
    .where('bot_id', '=', botId)
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return deals.length
    ? await db
        .selectFrom('bot_orders')
        .selectAll()
        .where(
          'deal_id',
          'in',
          deals.map((x) => x.id),
        )
        .orderBy('id', 'desc')
        .execute()
    : [];
}

/** The member's closed deals (of one bot when given), newest first, with their bot's name. */
export async function closedDealsPage(db: Db, memberId: string, botId: string | undefined, p: Page) {
  const base = db
    .selectFrom('bot_deals as d')
    .innerJoin('bots as b', 'b.id', 'd.bot_id')
    .where('d.member_id', '=', memberId)
    .where('d.state', '=', 'closed')
    .$if(botId !== undefined, (q) => q.where('d.bot_id', '=', botId!));
  const [rows, count] = await Promise.all([
    base
      .selectAll('d')
      .select(['b.name as bot_name'])
      .orderBy('d.id', 'desc')
      .limit(p.pagesize)
      .offset((p.page - 1) * p.pagesize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The bot's priced orders since `from` (the chart's marks), oldest first. */
export function chartOrders(db: Db, botId: string, from: Date) {
  return db
    .selectFrom('bot_orders')
    .select(['kind', 'side', 'price', 'at'])
    .where('bot_id', '=', botId)
    .where('at', '>=', from)
    .where('price', 'is not', null)
    .orderBy('id')
    .limit(500)
    .execute();
}

/** The all-in-one budget of a trading account (null: none), locked for a start when asked. */
export async function botBudgetOf(db: Conn, accountId: string, lock: boolean): Promise<bigint | null> {
  const row = await db
    .selectFrom('trading_accounts')
    .select('bot_budget')
    .where('id', '=', accountId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  return row.bot_budget === null ? null : BigInt(row.bot_budget);
}

/** Stops the member's running bots on the account; how many. */
export async function stopAccountBots(db: Conn, accountId: string, memberId: string): Promise<number> {
  const r = await db
    .updateTable('bots')
    .set({ state: 'stopped', updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function stopMemberBots(db: Conn, memberId: string): Promise<void> {
  await db
    .updateTable('bots')
    .set({ state: 'stopped', updated_at: new Date() })
    .where('member_id', '=', memberId)
    .where('state', '=', 'running')
    .execute();
}

/** The member's first two connected exchange accounts (in the order they connected them). */
export function firstExchangeAccounts(db: Db, memberId: string) {
  return db
    .selectFrom('trading_accounts')
    .select(['id', 'venue', 'label'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'exchange')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(2)
    .execute();
}

export async function kycStateOf(db: Db, memberId: string) {
  const member = await db
    .selectFrom('members')
    .select('kyc_state')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return member.kyc_state;
}

export function memberIdOf(db: Conn, userid: string) {
  return db.selectFrom('members').select('id').where('userid', '=', userid).executeTakeFirst();
}

/** The newest 200 bots that are not stopped, for the operator, with their owner and venue. */
export function activeBotsForOperator(db: Db) {
  return db
    .selectFrom('bots as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .innerJoin('trading_accounts as a', 'a.id', 'b.account_id')
    .select([
      'b.id',
      'm.userid',
      'b.symbol',
      'b.market',
      'a.venue',
      'b.state',
      'b.error',
      'b.error_values',
      'b.profit',
    ])
    .where('b.state', '!=', 'stopped')
    .where('b.deleted_at', 'is', null)
    .orderBy('b.id', 'desc')
    .limit(200)
    .execute();
}

export function paidUntilOf(db: Db, memberId: string) {
  return db
    .selectFrom('bot_subscriptions')
    .select('paid_until')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The members among these whose subscription runs past `now`. */
export async function paidMembers(db: Db, memberIds: string[], now: Date): Promise<Set<string>> {
  const paid = await db
    .selectFrom('bot_subscriptions')
    .select('member_id')
    .where('paid_until', '>', now)
    .where('member_id', 'in', memberIds)
    .execute();
  return new Set(paid.map((p) => p.member_id));
}

/** The member's subscription row, made when missing and locked: payments at once extend it one after the other. */
export async function lockedPaidUntil(db: Conn, memberId: string): Promise<Date> {
  await db
    .insertInto('bot_subscriptions')
    .values({ member_id: memberId, paid_until: new Date(0) })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('bot_subscriptions')
    .select('paid_until')
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.paid_until;
}

export async function setPaidUntil(db: Conn, memberId: string, until: Date, now: Date): Promise<void> {
  await db
    .updateTable('bot_subscriptions')
    .set({ paid_until: until, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}
