import type { Conn } from '../../db/database.ts';
import { fieldRefusal } from '../../http/errors.ts';
import { maskName } from '../members/contact.ts';
import { findByUserid } from '../members/queries.ts';

/** A member who can receive money from `selfId`: exists, is not `selfId`, is an active member. */
export async function findRecipient(db: Conn, userid: string, selfId: string, field = 'to_userid') {
  const m = await findByUserid(db, userid);
  if (m?.role !== 'member') throw fieldRefusal(404, field, 'recipient_not_found');
  if (m.id === selfId) throw fieldRefusal(422, field, 'transfer_to_self');
  if (m.status !== 'active') throw fieldRefusal(422, field, 'recipient_inactive');
  return { id: m.id, userid: m.userid, name: maskName(m.name || m.userid) };
}
