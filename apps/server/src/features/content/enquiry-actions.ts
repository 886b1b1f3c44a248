import {
  type adminEnquiryClose,
  type adminEnquiryReply,
  ENQUIRY_MAX_PICTURES,
  type enquiryFollowUp,
  type ParsedRequestOf,
  type sendEnquiries,
  translate,
} from '@mp/contract';
import type { Tx } from '../../db/database.ts';
import { numericId, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { type CleanImage, checkPicture } from '../../platform/images.ts';
import {
  type EnquiryRow,
  findEnquiry,
  insertEnquiry,
  insertMessage,
  insertPictures,
  lockEnquiry,
  memberContact,
  type PictureRow,
  setEnquiryState,
} from './enquiry-queries.ts';
import { adminView, type EnquiryDeps, enquiryNotFound, memberView } from './enquiry-reads.ts';

/** Customer service's changes (issue 13): members write, admins answer; the member hears of an answer by mail. */

async function one(tx: Tx, id: string): Promise<EnquiryRow> {
  const row = await findEnquiry(tx, numericId(id, enquiryNotFound()));
  if (!row) throw enquiryNotFound();
  return row;
}

/** Locks the enquiry for a change; refuses a closed one. */
async function lockOpen(tx: Tx, id: string, memberId?: string) {
  const row = await lockEnquiry(tx, id, memberId);
  if (!row) throw enquiryNotFound();
  if (row.state === 'closed') throw new Refusal(409, 'enquiry_closed');
  return row;
}

/** A new enquiry with up to three pictures, stored with it in one transaction. */
export async function sendEnquiry(
  d: EnquiryDeps,
  memberId: string,
  input: ParsedRequestOf<typeof sendEnquiries>,
) {
  const pictures: CleanImage[] = [];
  for (const field of ['picture1', 'picture2', 'picture3'] as const) {
    if (input[field] !== undefined) pictures.push(checkPicture(input[field], field));
  }
  const id = await d.db.transaction().execute(async (tx) => {
    const enquiryId = await insertEnquiry(tx, memberId, input.subject, input.message);
    const stored: PictureRow[] = [];
    for (const p of pictures.slice(0, ENQUIRY_MAX_PICTURES)) {
      const name = await d.files.save(tx, { area: 'enquiries', contentType: p.type, bytes: p.bytes });
      stored.push({ file_name: name, content_type: p.type, bytes: p.bytes.length });
    }
    if (stored.length) await insertPictures(tx, enquiryId, stored);
    return enquiryId;
  });
  return { id: Number(id) };
}

/** The member writes again on an open or answered enquiry, which opens it again. */
export async function followUp(
  d: EnquiryDeps,
  memberId: string,
  { id, message }: ParsedRequestOf<typeof enquiryFollowUp>,
) {
  const enquiryId = numericId(id, enquiryNotFound());
  const row = await d.db.transaction().execute(async (tx) => {
    await lockOpen(tx, enquiryId, memberId);
    await insertMessage(tx, enquiryId, null, message);
    await setEnquiryState(tx, enquiryId, { state: 'open', updated_at: d.clock.now() });
    return one(tx, enquiryId);
  });
  return memberView(row);
}

/** Support answers (and may close); the member is told by mail after the answer is stored. */
export async function answerEnquiry(
  d: EnquiryDeps,
  adminId: string,
  { id, message, close }: ParsedRequestOf<typeof adminEnquiryReply>,
) {
  const enquiryId = numericId(id, enquiryNotFound());
  const { row, subject } = await d.db.transaction().execute(async (tx) => {
    const locked = await lockOpen(tx, enquiryId);
    await insertMessage(tx, enquiryId, adminId, message);
    await setEnquiryState(tx, enquiryId, {
      state: close ? 'closed' : 'answered',
      updated_at: d.clock.now(),
      ...(close ? { closed_by: adminId } : {}),
    });
    await audit(tx, adminId, 'enquiry.reply', `enquiry:${enquiryId}`, { close });
    return { row: await one(tx, enquiryId), subject: locked.subject };
  });
  await tellMember(d, row.member_id, subject);
  return adminView(row);
}

export async function closeEnquiry(
  d: EnquiryDeps,
  adminId: string,
  { id }: ParsedRequestOf<typeof adminEnquiryClose>,
) {
  const enquiryId = numericId(id, enquiryNotFound());
  const row = await d.db.transaction().execute(async (tx) => {
    await lockOpen(tx, enquiryId);
    await setEnquiryState(tx, enquiryId, { state: 'closed', updated_at: d.clock.now(), closed_by: adminId });
    await audit(tx, adminId, 'enquiry.close', `enquiry:${enquiryId}`);
    return one(tx, enquiryId);
  });
  return adminView(row);
}

/** Mails the member that an answer is waiting, in their language; a mail that cannot go out is logged, not fatal. */
async function tellMember(d: EnquiryDeps, memberId: string, subject: string) {
  const member = await memberContact(d.db, memberId);
  if (!member?.email) return;
  const lang = member.lang;
  try {
    await d.notifier.send({
      channel: 'email',
      destination: member.email,
      subject: translate('enquiry_answer_subject', lang),
      body: translate('enquiry_answer_body', lang, { subject }),
    });
  } catch (err) {
    d.log?.warn({ err }, 'enquiry answer notice not sent');
  }
}
