import {
  KYC_SIDES,
  type KycSide,
  type FileLike,
  type Language,
  type ParsedRequestOf,
  type submitKyc,
} from '@mp/contract';
import { noteChanged } from '../../db/change-feed.ts';
import { type Conn, inTransaction, pgConstraint, pgErrorCode, type Tx } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { setKycState } from '../../platform/member-store.ts';
import { TEL_PREFIXES } from '../../platform/tel-prefixes.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { type CleanImage, checkPicture } from '../../platform/images.ts';
import type { FileStore } from '../../platform/files.ts';
import { isoOrEmpty as iso } from '../../lib/clock.ts';

/** The platform's markets (the sign-up country list), named in the caller's language. */
export function countries(lang: Language) {
  const names = new Intl.DisplayNames([lang === 'bm-MY' ? 'ms-MY' : lang], { type: 'region' });
  return TEL_PREFIXES.map((p) => ({ code: p.country, name: names.of(p.country) ?? p.name }));
}

const COUNTRY_CODES = new Set(TEL_PREFIXES.map((p) => p.country));

/** How ID numbers are compared: 'a12-34 5' and 'A12345' are the same document. */
export function idNumberKey(n: string): string {
  return n.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether another member holds this ID in a pending or approved submission. */
export async function idTakenByOther(db: Conn, memberId: string, idType: string, idNumber: string) {
  const row = await db
    .selectFrom('kyc_submissions')
    .select('id')
    .where('id_type', '=', idType as 'IC')
    .where('id_number_key', '=', idNumberKey(idNumber))
    .where('status', '<>', 'rejected')
    .where('member_id', '<>', memberId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The member's state (kept in members.kyc_state) with their latest submission. */
export async function kycStatus(db: Conn, memberId: string) {
  const [member, latest] = await Promise.all([
    db.selectFrom('members').select('kyc_state').where('id', '=', memberId).executeTakeFirstOrThrow(),
    db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    state: member.kyc_state,
    reason: latest?.status === 'rejected' ? latest.reason : '',
    id: latest?.id ?? '',
    country: latest?.country ?? '',
    id_type: latest?.id_type ?? '',
    name: latest?.name ?? '',
    id_number: latest?.id_number ?? '',
    submitted_at: iso(latest?.created_at ?? null),
    decided_at: iso(latest?.decided_at ?? null),
  };
}

/** Checks each picture by its bytes and strips its metadata; the first bad one is refused by field name. */
function checkPictures(input: Record<KycSide, Uint8Array | FileLike>): Record<KycSide, CleanImage> {
  const out = {} as Record<KycSide, CleanImage>;
  for (const side of KYC_SIDES) out[side] = checkPicture(input[side], side);
  return out;
}

function refuseState(state: string) {
  if (state === 'pending') throw new Refusal(409, 'kyc_pending');
  if (state === 'approved') throw new Refusal(409, 'kyc_already_approved');
}

/**
 * A member submits (or, after a rejection, re-submits) their identity: the pictures and the rows that name them in
 * one transaction that locks the member, so a refused upload leaves neither a file nor a row.
 */
export async function submitVerification(
  d: MoneyDeps,
  files: FileStore,
  ctx: AuthedContext,
  input: ParsedRequestOf<typeof submitKyc>,
) {
  const country = input.country.toUpperCase();
  if (!COUNTRY_CODES.has(country)) throw fieldRefusal(422, 'country', 'kyc_country_unknown');
  const current = await d.db
    .selectFrom('members')
    .select('kyc_state')
    .where('id', '=', ctx.member.id)
    .executeTakeFirstOrThrow();
  refuseState(current.kyc_state);
  const pictures = checkPictures(input);
  if (await idTakenByOther(d.db, ctx.member.id, input.id_type, input.id_number))
    throw fieldRefusal(409, 'id_number', 'kyc_id_taken');

  try {
    await inTransaction(d.db, async (tx) => {
      const m = await tx
        .selectFrom('members')
        .select('kyc_state')
        .where('id', '=', ctx.member.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      refuseState(m.kyc_state);
      const row = await tx
        .insertInto('kyc_submissions')
        .values({
          member_id: ctx.member.id,
          country,
          id_type: input.id_type,
          id_number: input.id_number,
          id_number_key: idNumberKey(input.id_number),
          name: input.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // After the submission row, whose unique keys may refuse it: a refused one has written no picture.
      const names = await savePictures(tx, files, pictures);
      await tx
        .insertInto('kyc_images')
        .values(
          KYC_SIDES.map((side) => ({
            submission_id: row.id,
            side,
            file_name: names[side],
            content_type: pictures[side].type,
            bytes: pictures[side].bytes.length,
          })),
        )
        .execute();
      await setKycState(tx, ctx.member.id, 'pending');
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'kyc_submissions_id_unique')
      throw fieldRefusal(409, 'id_number', 'kyc_id_taken');
    if (pgErrorCode(err) === '23505' && pgConstraint(err) === 'kyc_submissions_one_pending')
      throw new Refusal(409, 'kyc_pending');
    throw err;
  }
  noteChanged(d.db, 'members', [ctx.member.id]);
  return kycStatus(d.db, ctx.member.id);
}

async function savePictures(tx: Tx, files: FileStore, pictures: Record<KycSide, CleanImage>) {
  const names = {} as Record<KycSide, string>;
  for (const side of KYC_SIDES)
    names[side] = await files.save(tx, {
      area: 'kyc',
      contentType: pictures[side].type,
      bytes: pictures[side].bytes,
    });
  return names;
}

export function submissionQuery(db: Conn) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('members as m', 'm.id', 'k.member_id')
    .leftJoin('members as a', 'a.id', 'k.decided_by')
    .select([
      'k.id',
      'k.member_id',
      'm.userid',
      'k.country',
      'k.id_type',
      'k.name',
      'k.id_number',
      'k.status',
      'k.reason',
      'k.created_at',
      'k.decided_at',
      'a.userid as decided_by_userid',
    ]);
}

type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissionQuery>['executeTakeFirstOrThrow']>>;

export function submissionView(r: SubmissionRow) {
  return {
    id: r.id,
    userid: r.userid,
    country: r.country,
    id_type: r.id_type,
    name: r.name,
    id_number: r.id_number,
    status: r.status,
    reason: r.reason,
    created_at: iso(r.created_at),
    decided_at: iso(r.decided_at),
    decided_by: r.decided_by_userid ?? '',
  };
}

const validId = (id: string) => /^\d{1,18}$/.test(id);

export async function submissionDetail(db: Conn, id: string) {
  if (!validId(id)) throw fieldRefusal(404, 'id', 'kyc_not_found');
  const row = await submissionQuery(db).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw fieldRefusal(404, 'id', 'kyc_not_found');
  const [earlier, sides] = await Promise.all([
    db
      .selectFrom('kyc_submissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', row.member_id)
      .where('id', '<', id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('kyc_images').select('side').where('submission_id', '=', id).execute(),
  ]);
  return {
    ...submissionView(row),
    earlier: Number(earlier.n),
    sides: KYC_SIDES.filter((s) => sides.some((x) => x.side === s)),
  };
}

/**
 * An admin approves or rejects a pending submission. The row is locked, so two admins acting at once decide
 * it once; the second is told it is decided. The member's kyc_state follows in the same transaction.
 */
export async function decideVerification(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: { id: string; action: 'approve' | 'reject'; reason?: string },
) {
  if (!validId(input.id)) throw fieldRefusal(404, 'id', 'kyc_not_found');
  if (input.action === 'reject' && !input.reason) throw fieldRefusal(422, 'reason', 'reason_required');
  const status = input.action === 'approve' ? 'approved' : 'rejected';
  const decided = await inTransaction(d.db, async (tx) => {
    const k = await tx
      .selectFrom('kyc_submissions')
      .select(['id', 'member_id', 'status'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!k) throw fieldRefusal(404, 'id', 'kyc_not_found');
    if (k.status !== 'pending') throw new Refusal(409, 'kyc_decided');
    await tx
      .updateTable('kyc_submissions')
      .set({
        status,
        reason: input.action === 'reject' ? (input.reason ?? '') : '',
        decided_by: ctx.member.id,
        decided_at: d.clock.now(),
      })
      .where('id', '=', k.id)
      .execute();
    await setKycState(tx, k.member_id, status);
    const view = submissionView(await submissionQuery(tx).where('k.id', '=', k.id).executeTakeFirstOrThrow());
    await audit(tx, ctx.member.id, `kyc.${input.action}`, `kyc:${k.id}`, {
      userid: view.userid,
      reason: input.reason ?? '',
    });
    return { view, memberId: k.member_id };
  });
  noteChanged(d.db, 'members', [decided.memberId]);
  return decided.view;
}

/** One picture as a data URL, for the member who sent it or an admin; to anyone else it does not exist. */
export async function readPicture(
  d: MoneyDeps,
  files: FileStore,
  ctx: AuthedContext,
  id: string,
  side: KycSide,
) {
  if (!validId(id)) throw fieldRefusal(404, 'id', 'kyc_image_not_found');
  const row = await d.db
    .selectFrom('kyc_images as i')
    .innerJoin('kyc_submissions as k', 'k.id', 'i.submission_id')
    .select(['i.file_name', 'i.content_type', 'k.member_id'])
    .where('i.submission_id', '=', id)
    .where('i.side', '=', side)
    .executeTakeFirst();
  if (!row || (ctx.member.role !== 'admin' && row.member_id !== ctx.member.id))
    throw fieldRefusal(404, 'id', 'kyc_image_not_found');
  const bytes = await files.read(row.file_name);
  // Staff looking at a member's identity document is itself recorded.
  if (row.member_id !== ctx.member.id)
    await audit(d.db, ctx.member.id, 'kyc.view_picture', `kyc:${id}`, { side });
  return {
    content_type: row.content_type,
    data_url: `data:${row.content_type};base64,${bytes.toString('base64')}`,
  };
}

/**
 * Retention (issue 28): deletes up to `limit` pictures (rows and files, in the caller's transaction) of submissions
 * rejected before `before`; returns how many. The submission row stays: it is the record of the decision.
 */
export async function purgeRejectedPictures(db: Tx, files: FileStore, before: Date, limit: number) {
  const gone = await db
    .deleteFrom('kyc_images')
    .where(
      'file_name',
      'in',
      db
        .selectFrom('kyc_images as i')
        .innerJoin('kyc_submissions as k', 'k.id', 'i.submission_id')
        .select('i.file_name')
        .where('k.status', '=', 'rejected')
        .where('k.decided_at', '<', before)
        .limit(limit),
    )
    .returning('file_name')
    .execute();
  await files.remove(
    db,
    gone.map((r) => r.file_name),
  );
  return gone.length;
}
