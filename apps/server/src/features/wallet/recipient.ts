import type { Conn } from '../../db/database.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import { maskName } from '../members/index.ts';
import { findByUserid } from '../../platform/members.ts';

type Recipient = { id: string; userid: string; name: string; role: string };

const CACHE_MS = 60_000;
const cache = new WeakMap<object, Map<string, { r: Recipient; until: number }>>();

/**
 * userid -> member, cached for a minute: a userid never moves to another member. Whether the member may receive
 * (active, not frozen) is not cached: the posting checks it in its own transaction (`requireActive`).
 */
async function lookUp(db: Conn, userid: string): Promise<Recipient | undefined> {
  let byDb = cache.get(db);
  if (!byDb) {
    byDb = new Map();
    cache.set(db, byDb);
  }
  const key = userid.toLowerCase();
  const hit = byDb.get(key);
  if (hit && hit.until > Date.now()) return hit.r;
  const m = await findByUserid(db, userid);
  if (!m) return undefined;
  const r = { id: m.id, userid: m.userid, name: maskName(m.name || m.userid), role: m.role };
  if (byDb.size > 100_000) byDb.clear();
  byDb.set(key, { r, until: Date.now() + CACHE_MS });
  return r;
}

/** A member who can be named as a recipient by `selfId`: exists, is a member, is not `selfId`. */
export async function findRecipient(db: Conn, userid: string, selfId: string, field = 'to_userid') {
  const m = await lookUp(db, userid);
  if (m?.role !== 'member') throw fieldRefusal(404, field, 'recipient_not_found');
  if (m.id === selfId) throw fieldRefusal(422, field, 'transfer_to_self');
  return m;
}

/** As findRecipient, and active right now: for screens that check a recipient before any posting. */
export async function findActiveRecipient(db: Conn, userid: string, selfId: string, field = 'to_userid') {
  const m = await findRecipient(db, userid, selfId, field);
  const row = await db.selectFrom('members').select('status').where('id', '=', m.id).executeTakeFirst();
  if (row?.status !== 'active') throw fieldRefusal(422, field, 'recipient_inactive');
  return m;
}
