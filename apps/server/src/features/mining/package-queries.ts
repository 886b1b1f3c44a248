import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';

/** What the package pages read beside the packages themselves: the coins on sale, the member's identity check. */

/** The coins of the packages on sale, with how many packages each has. */
export function coinsOnSale(db: Conn) {
  return db
    .selectFrom('mining_packages')
    .select(['coin', sql<number>`count(*)::int`.as('count')])
    .where('active', '=', true)
    .groupBy('coin')
    .orderBy('coin')
    .execute();
}

/** Where the member's identity check stands, if the member exists. */
export async function kycStateOf(db: Conn, memberId: string) {
  const m = await db.selectFrom('members').select('kyc_state').where('id', '=', memberId).executeTakeFirst();
  return m?.kyc_state;
}
