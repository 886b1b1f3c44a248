import type { adminEnquiryList, enquiryImage, ParsedRequestOf, showEmailHistory } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { numericId, Refusal } from '../../lib/errors.ts';
import type { SessionMember } from '../../platform/sessions.ts';
import { findByUserid } from '../../platform/members.ts';
import type { Deps } from '../../platform/deps.ts';
import type { FileStore } from '../../platform/files.ts';
import {
  adminEnquiriesPage,
  type EnquiryRow,
  enquiryPicture,
  memberEnquiriesPage,
} from './enquiry-queries.ts';

/** What the enquiry calls use: the database, the clock, mail, and where the pictures are kept. */
export type EnquiryDeps = Pick<Deps, 'db' | 'clock' | 'notifier' | 'log'> & {
  files: FileStore;
};

export const enquiryNotFound = () => new Refusal(404, 'enquiry_not_found');

export function memberView(r: EnquiryRow) {
  return {
    id: Number(r.id),
    subject: r.subject,
    message: r.message,
    state: r.state,
    replies: r.replies,
    pictures: r.pictures,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export const adminView = (r: EnquiryRow) => ({ ...memberView(r), userid: r.userid, name: r.name });

/** The member's own enquiries, latest activity first. */
export async function memberEnquiries(
  db: Db,
  memberId: string,
  { page, pagesize, state }: ParsedRequestOf<typeof showEmailHistory>,
) {
  const rows = await memberEnquiriesPage(db, memberId, state, page, pagesize);
  return { list: rows.map(memberView), page, pagesize, total: Number(rows[0]?.total ?? 0) };
}

/** A picture of an enquiry as a data URL; another member's enquiry does not exist for this member. */
export async function enquiryPictureOf(
  d: EnquiryDeps,
  member: SessionMember,
  { id, index }: ParsedRequestOf<typeof enquiryImage>,
) {
  const enquiryId = numericId(id, enquiryNotFound());
  const row = await enquiryPicture(d.db, enquiryId, index, member.role !== 'admin' ? member.id : undefined);
  if (!row) throw enquiryNotFound();
  const bytes = await d.files.read(row.file_name);
  return {
    content_type: row.content_type,
    data_url: `data:${row.content_type};base64,${bytes.toString('base64')}`,
  };
}

/** The admin's list: by state and member (an unknown member has none). */
export async function adminEnquiries(
  db: Db,
  { page, pagesize, state, userid }: ParsedRequestOf<typeof adminEnquiryList>,
) {
  let memberId: string | undefined;
  if (userid) {
    const member = await findByUserid(db, userid);
    if (!member) return { list: [], page, pagesize, total: 0 };
    memberId = member.id;
  }
  const rows = await adminEnquiriesPage(db, { state, memberId }, page, pagesize);
  return { list: rows.map(adminView), page, pagesize, total: Number(rows[0]?.total ?? 0) };
}
