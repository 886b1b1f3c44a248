import {
  adminEnquiryClose,
  adminEnquiryList,
  adminEnquiryReply,
  ENQUIRY_MAX_PICTURES,
  type EnquiryState,
  enquiryFollowUp,
  enquiryImage,
  sendEnquiries,
  showEmailHistory,
  translate,
} from '@mp/contract';
import { sql } from 'kysely';
import type { Conn, Db } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { type CallRoute, handle, reply } from '../../platform/calls.ts';
import { numericId, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { type CleanImage, checkPicture } from '../../platform/images.ts';
import { privateFiles } from '../../platform/files.ts';
import { findByUserid } from '../../platform/members.ts';

type EnquiryRow = {
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

function memberView(r: EnquiryRow) {
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

const adminView = (r: EnquiryRow) => ({ ...memberView(r), userid: r.userid, name: r.name });

/** Customer service (issue 13): members write, admins answer; the member hears of an answer by mail. */
export function enquiryRoutes(deps: Deps): CallRoute[] {
  const { db, clock } = deps;
  const storage = privateFiles(deps.config.dataDir, 'enquiries');
  const notFound = () => new Refusal(404, 'enquiry_not_found');

  async function one(conn: Conn, id: string): Promise<EnquiryRow> {
    const row = await enquiryQuery(conn).where('q.id', '=', numericId(id, notFound())).executeTakeFirst();
    if (!row) throw notFound();
    return row as EnquiryRow;
  }

  /** Locks the enquiry for a change; refuses a closed one. */
  async function lockOpen(tx: Conn, id: string, memberId?: string) {
    let query = tx
      .selectFrom('enquiries')
      .select(['id', 'state', 'member_id', 'subject'])
      .where('id', '=', id);
    if (memberId) query = query.where('member_id', '=', memberId);
    const row = await query.forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.state === 'closed') throw new Refusal(409, 'enquiry_closed');
    return row;
  }

  return [
    handle(sendEnquiries, async (input, ctx) => {
      const pictures: CleanImage[] = [];
      for (const field of ['picture1', 'picture2', 'picture3'] as const) {
        if (input[field] !== undefined) pictures.push(checkPicture(input[field], field));
      }
      const names: string[] = [];
      try {
        for (const p of pictures.slice(0, ENQUIRY_MAX_PICTURES)) names.push(await storage.save(p.bytes));
        const id = await db.transaction().execute(async (tx) => {
          const row = await tx
            .insertInto('enquiries')
            .values({ member_id: ctx.member.id, subject: input.subject, message: input.message })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (names.length) {
            await tx
              .insertInto('enquiry_pictures')
              .values(
                names.map((file_name, i) => ({
                  enquiry_id: row.id,
                  position: i + 1,
                  file_name,
                  content_type: pictures[i]!.type,
                  bytes: pictures[i]!.bytes.length,
                })),
              )
              .execute();
          }
          return row.id;
        });
        return reply({ id: Number(id) }, 'enquiry_sent');
      } catch (err) {
        await storage.remove(names);
        throw err;
      }
    }),

    handle(showEmailHistory, async ({ page, pagesize, state }, ctx) => {
      let query = enquiryQuery(db).where('q.member_id', '=', ctx.member.id);
      if (state) query = query.where('q.state', '=', state);
      const rows = (await query
        .select(sql<string>`count(*) over ()`.as('total'))
        .orderBy('q.updated_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(pagesize)
        .offset((page - 1) * pagesize)
        .execute()) as (EnquiryRow & { total: string })[];
      return { list: rows.map(memberView), page, pagesize, total: Number(rows[0]?.total ?? 0) };
    }),

    handle(enquiryFollowUp, async ({ id, message }, ctx) => {
      const enquiryId = numericId(id, notFound());
      const row = await db.transaction().execute(async (tx) => {
        await lockOpen(tx, enquiryId, ctx.member.id);
        await tx
          .insertInto('enquiry_messages')
          .values({ enquiry_id: enquiryId, admin_id: null, message })
          .execute();
        await tx
          .updateTable('enquiries')
          .set({ state: 'open', updated_at: clock.now() })
          .where('id', '=', enquiryId)
          .execute();
        return one(tx, enquiryId);
      });
      return reply(memberView(row), 'enquiry_sent');
    }),

    handle(enquiryImage, async ({ id, index }, ctx) => {
      const enquiryId = numericId(id, notFound());
      let query = db
        .selectFrom('enquiry_pictures as p')
        .innerJoin('enquiries as q', 'q.id', 'p.enquiry_id')
        .select(['p.file_name', 'p.content_type'])
        .where('p.enquiry_id', '=', enquiryId)
        .where('p.position', '=', index);
      // Another member's enquiry does not exist for this member.
      if (ctx.member.role !== 'admin') query = query.where('q.member_id', '=', ctx.member.id);
      const row = await query.executeTakeFirst();
      if (!row) throw notFound();
      const bytes = await storage.read(row.file_name);
      return {
        content_type: row.content_type,
        data_url: `data:${row.content_type};base64,${bytes.toString('base64')}`,
      };
    }),

    handle(adminEnquiryList, async ({ page, pagesize, state, userid }) => {
      let query = enquiryQuery(db);
      if (state) query = query.where('q.state', '=', state);
      if (userid) {
        const member = await findByUserid(db, userid);
        if (!member) return { list: [], page, pagesize, total: 0 };
        query = query.where('q.member_id', '=', member.id);
      }
      // Open ones are a queue (oldest waiting first); otherwise the latest activity first.
      query =
        state === 'open'
          ? query.orderBy('q.updated_at', 'asc').orderBy('q.id', 'asc')
          : query
              .orderBy(sql`CASE q.state WHEN 'open' THEN 0 ELSE 1 END`)
              .orderBy('q.updated_at', 'desc')
              .orderBy('q.id', 'desc');
      const rows = (await query
        .select(sql<string>`count(*) over ()`.as('total'))
        .limit(pagesize)
        .offset((page - 1) * pagesize)
        .execute()) as (EnquiryRow & { total: string })[];
      return { list: rows.map(adminView), page, pagesize, total: Number(rows[0]?.total ?? 0) };
    }),

    handle(adminEnquiryReply, async ({ id, message, close }, ctx) => {
      const enquiryId = numericId(id, notFound());
      const { row, subject } = await db.transaction().execute(async (tx) => {
        const locked = await lockOpen(tx, enquiryId);
        await tx
          .insertInto('enquiry_messages')
          .values({ enquiry_id: enquiryId, admin_id: ctx.member.id, message })
          .execute();
        await tx
          .updateTable('enquiries')
          .set({
            state: close ? 'closed' : 'answered',
            updated_at: clock.now(),
            ...(close ? { closed_by: ctx.member.id } : {}),
          })
          .where('id', '=', enquiryId)
          .execute();
        await audit(tx, ctx.member.id, 'enquiry.reply', `enquiry:${enquiryId}`, { close });
        return { row: await one(tx, enquiryId), subject: locked.subject };
      });
      await tellMember(db, deps, row.member_id, subject);
      return reply(adminView(row), 'enquiry_replied');
    }),

    handle(adminEnquiryClose, async ({ id }, ctx) => {
      const enquiryId = numericId(id, notFound());
      const row = await db.transaction().execute(async (tx) => {
        await lockOpen(tx, enquiryId);
        await tx
          .updateTable('enquiries')
          .set({ state: 'closed', updated_at: clock.now(), closed_by: ctx.member.id })
          .where('id', '=', enquiryId)
          .execute();
        await audit(tx, ctx.member.id, 'enquiry.close', `enquiry:${enquiryId}`);
        return one(tx, enquiryId);
      });
      return adminView(row);
    }),
  ];
}

/** Mails the member that an answer is waiting, in their language; a mail that cannot go out is logged, not fatal. */
async function tellMember(db: Db, deps: Deps, memberId: string, subject: string) {
  const member = await db
    .selectFrom('members')
    .select(['email', 'lang'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member?.email) return;
  const lang = member.lang;
  try {
    await deps.notifier.send({
      channel: 'email',
      destination: member.email,
      subject: translate('enquiry_answer_subject', lang),
      body: translate('enquiry_answer_body', lang, { subject }),
    });
  } catch (err) {
    deps.log?.warn({ err }, 'enquiry answer notice not sent');
  }
}
