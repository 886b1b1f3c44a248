import type { Conn } from '../../db/database.ts';
import { SessionInvalid } from '../../lib/errors.ts';
import { findById, useridOf } from './queries.ts';

export async function loadProfile(db: Conn, memberId: string) {
  const m = await findById(db, memberId);
  if (!m) throw new SessionInvalid();
  return {
    userid: m.userid,
    username: m.name || m.userid,
    name: m.name,
    email: m.email ?? '',
    mobile: m.mobile ?? '',
    tel_prefix: m.tel_prefix ?? '',
    rank: m.rank,
    role: m.role,
    lang: m.lang,
    sponsor_id: await useridOf(db, m.sponsor_id),
    placement_id: await useridOf(db, m.placement_parent_id),
    side: m.side ?? '',
    joined_at: new Date(m.created_at).toISOString(),
    kyc_state: m.kyc_state,
    has_tx_password: Boolean(m.tx_password_hash),
  };
}
