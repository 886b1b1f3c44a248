import type { EnquiryState } from '@mp/contract';
import type { ImageType } from '../../platform/images.ts';
import { sql } from 'kysely';
import type { Conn, Tx } from '../../db/database.ts';

/** Customer service's SQL: enquiries, their pictures and messages. */

export type EnquiryRow = {
  id: string;
  member_id: string;
  subject: string;
  message: string;
  state: EnquiryState;
  created_at: Date;
  updated_at: Date;
  userid: string;
  name: string;
  pictures: number;
  replies: { message: string; at: string; from: 'member' | 'support' }[];
};

/** A page of enquiries with the count of all that matched, carried on each row. */
type PageRow = EnquiryRow & { total: string };

function enquiryQuery(db: Conn) {
  return db
    .selectFrom('enquiries as q')
    .innerJoin('members as m', 'm.id', 'q.member_id')
    .select([
      'q.id',
      'q.member_id',
      'q.subject',
      'q.message',
      'q.state',
      'q.created_at',
      'q.updated_at',
      'm.userid',
      'm.name',
      sql<number>`(SELECT count(*)::int FROM enquiry_pictures p WHERE p.enquiry_id = q.id)`.as('pictures'),
      sql<EnquiryRow['replies']>`coalesce((
        SELECT json_agg(json_build_object('message', x.message,
          'at', to_char(x.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'from', CASE WHEN x.admin_id IS NULL THEN 'member' ELSE 'support' END) ORDER BY x.id)
        FROM enquiry_messages x WHERE x.enquiry_id = q.id), '[]'::json)`.as('replies'),
    ]);
}

export async function findEnquiry(conn: Conn, id: string): Promise<EnquiryRow | undefined> {
  return (await enquiryQuery(conn).where('q.id', '=', id).executeTakeFirst()) as EnquiryRow | undefined;
}

/** A member's enquiries, latest activity first. */
export async function memberEnquiriesPage(
  db: Conn,
  memberId: string,
  state: EnquiryState | undefined,
  page: number,
  pagesize: number,
): Promise<PageRow[]> {
  let query = enquiryQuery(db).where('q.member_id', '=', memberId);
  if (state) query = query.where('q.state', '=', state);
  return (await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('q.updated_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(pagesize)
    .offset((page - 1) * pagesize)
    .execute()) as PageRow[];
}

/** Every member's enquiries for the admin: open ones are a queue (oldest waiting first), else latest activity first. */
export async function adminEnquiriesPage(
  db: Conn,
  filter: { state: EnquiryState | undefined; memberId: string | undefined },
  page: number,
  pagesize: number,
): Promise<PageRow[]> {
  let query = enquiryQuery(db);
  if (filter.state) query = query.where('q.state', '=', filter.state);
  if (filter.memberId) query = query.where('q.member_id', '=', filter.memberId);
  query =
    filter.state === 'open'
      ? query.orderBy('q.updated_at', 'asc').orderBy('q.id', 'asc')
      : query
          .orderBy(sql`CASE q.state WHEN 'open' THEN 0 ELSE 1 END`)
          .orderBy('q.updated_at', 'desc')
          .orderBy('q.id', 'desc');
  return (await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .limit(pagesize)
    .offset((page - 1) * pagesize)
    .execute()) as PageRow[];
}

/** The enquiry locked for a change (`memberId`: only if it is that member's). */
export function lockEnquiry(tx: Conn, id: string, memberId?: string) {
  let query = tx.selectFrom('enquiries').select(['id', 'state', 'member_id', 'subject']).where('id', '=', id);
  if (memberId) query = query.where('member_id', '=', memberId);
  return query.forUpdate().executeTakeFirst();
}

export async function insertEnquiry(tx: Tx, memberId: string, subject: string, message: string) {
  const row = await tx
    .insertInto('enquiries')
    .values({ member_id: memberId, subject, message })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type PictureRow = { file_name: string; content_type: ImageType; bytes: number };

/** The enquiry's pictures, numbered from 1 in the order given. */
export async function insertPictures(tx: Tx, enquiryId: string, pictures: PictureRow[]) {
  await tx
    .insertInto('enquiry_pictures')
    .values(pictures.map((p, i) => ({ enquiry_id: enquiryId, position: i + 1, ...p })))
    .execute();
}

/** A picture of an enquiry (`memberId`: only if the enquiry is that member's). */
export function enquiryPicture(db: Conn, enquiryId: string, index: number, memberId?: string) {
  let query = db
    .selectFrom('enquiry_pictures as p')
    .innerJoin('enquiries as q', 'q.id', 'p.enquiry_id')
    .select(['p.file_name', 'p.content_type'])
    .where('p.enquiry_id', '=', enquiryId)
    .where('p.position', '=', index);
  if (memberId) query = query.where('q.member_id', '=', memberId);
  return query.executeTakeFirst();
}

/** A message on the enquiry: the member's (`adminId` null) or support's. */
export async function insertMessage(tx: Tx, enquiryId: string, adminId: string | null, message: string) {
  await tx
    .insertInto('enquiry_messages')
    .values({ enquiry_id: enquiryId, admin_id: adminId, message })
    .execute();
}

export async function setEnquiryState(
  tx: Tx,
  enquiryId: string,
  fields: { state: EnquiryState; updated_at: Date; closed_by?: string },
) {
  await tx.updateTable('enquiries').set(fields).where('id', '=', enquiryId).execute();
}

/** Where and in which language a member hears of an answer. */
export function memberContact(db: Conn, memberId: string) {
  return db.selectFrom('members').select(['email', 'lang']).where('id', '=', memberId).executeTakeFirst();
}
