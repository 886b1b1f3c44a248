import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';

/** The deposit calls' SQL: a member's deposits, and the admin's figures of the chain. */

/** A page of the member's deposits, latest first, and how many they have in all. */
export async function memberDepositsPage(db: Conn, memberId: string, page: number, pagesize: number) {
  const base = db.selectFrom('chain_deposits').where('member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every address that ever received a deposit on the chain. */
export function depositedAddresses(db: Conn, chainId: number) {
  return db
    .selectFrom('chain_deposits')
    .select('address')
    .distinct()
    .where('chain_id', '=', chainId)
    .execute();
}

/** The next block the scanner reads, if it started. */
export function scanCursor(db: Conn, chainId: number) {
  return db
    .selectFrom('chain_cursors')
    .select('next_block')
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
}

/** What was credited in all, and how many deposits wait for their confirmations. */
export function depositTotals(db: Conn, chainId: number) {
  return db
    .selectFrom('chain_deposits')
    .select([
      sql<string>`coalesce(sum(amount) FILTER (WHERE state = 'credited'), 0)`.as('credited'),
      sql<string>`count(*) FILTER (WHERE state = 'detected')`.as('pending'),
    ])
    .where('chain_id', '=', chainId)
    .executeTakeFirstOrThrow();
}

/** What members hold in their deposit wallets (the ledger), beside what is on chain. */
export function depositWalletsSum(db: Conn) {
  return db
    .selectFrom('ledger_accounts')
    .select(sql<string>`coalesce(sum(credits_posted - debits_posted), 0)`.as('sum'))
    .where('member_id', 'is not', null)
    .where('wallet', '=', 'deposit')
    .where('asset', '=', 'USDT')
    .executeTakeFirstOrThrow();
}

/** The latest 50 deposits an admin should look at: dropped by a reorganisation, or below the minimum. */
export function depositsNeedingAttention(db: Conn, chainId: number) {
  return db
    .selectFrom('chain_deposits as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select(['d.id', 'm.userid', 'd.tx_hash', 'd.amount', 'd.state', 'd.detected_at'])
    .where('d.chain_id', '=', chainId)
    .where('d.state', 'in', ['dropped', 'below_minimum'])
    .orderBy('d.id', 'desc')
    .limit(50)
    .execute();
}
