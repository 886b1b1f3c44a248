import type { Language } from '@mp/contract';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { type Db, poolOf } from '../../db/database.ts';
import { createReadCache } from '../../db/read-cache.ts';
import { SessionInvalid } from '../../lib/errors.ts';

/** What `Member/getinfoc` answers: the member's card, read on every screen that shows who is logged in. */
export type MemberCard = {
  userid: string;
  username: string;
  rank: 'Fans' | 'Analyst' | 'Developer' | 'Operator' | 'Investor';
  role: 'member' | 'admin';
  lang: Language;
  kyc_state: 'none' | 'pending' | 'approved' | 'rejected';
  joined_at: string;
  has_tx_password: boolean;
};

const CARD_SQL = `select userid, coalesce(nullif(name, ''), userid) as username, rank, role, lang, kyc_state,
  created_at, coalesce(tx_password_hash, '') <> '' as has_tx_password from members where id = $1`;

/** Member cards in memory until the member changes (the change feed tells every server); one query otherwise. */
export function createMemberCards(db: Db, feed: ChangeFeed) {
  const cache = createReadCache<MemberCard>(feed, { tables: ['members'], ttlMs: 60_000, max: 100_000 });
  const read = async (memberId: string): Promise<MemberCard> => {
    const { rows } = await poolOf(db).query<MemberCard & { created_at: Date }>({
      name: 'member_card',
      text: CARD_SQL,
      values: [memberId],
    });
    const r = rows[0];
    if (!r) throw new SessionInvalid();
    const { created_at, ...card } = r;
    return { ...card, joined_at: new Date(created_at).toISOString() };
  };
  return { get: (memberId: string) => cache.get(memberId, () => read(memberId)) };
}

export type MemberCards = ReturnType<typeof createMemberCards>;
