import {
  adminKycDetail,
  adminKycList,
  adminKycReview,
  checkIdTypeNo,
  checkKycStatus,
  getCountry,
  kycImage,
  submitKyc,
} from '@mp/contract';
import { sql } from 'kysely';
import { handle, reply } from '../../platform/calls.ts';
import type { CallRoute } from '../../platform/calls.ts';
import { findByUserid } from '../../platform/members.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import {
  countries,
  decideVerification,
  idTakenByOther,
  kycStatus,
  readPicture,
  submissionDetail,
  submissionQuery,
  submissionView,
  submitVerification,
} from './service.ts';
import { fileStore } from '../../platform/files.ts';

/** The kyc calls (issue 5). */
export function kycRoutes(d: MoneyDeps): CallRoute[] {
  const { db } = d;
  const files = fileStore(db);
  return [
    handle(getCountry, async (_i, ctx) => ({ list: countries(ctx.lang) })),

    handle(checkIdTypeNo, async ({ id_type, id_number }, ctx) => {
      const taken = await idTakenByOther(db, ctx.member.id, id_type, id_number);
      return reply({ available: !taken }, taken ? 'kyc_id_taken' : 'kyc_id_available');
    }),

    handle(submitKyc, async (input, ctx) =>
      reply(await submitVerification(d, files, ctx, input), 'kyc_submitted'),
    ),

    handle(checkKycStatus, async (_i, ctx) => kycStatus(db, ctx.member.id)),

    handle(kycImage, async ({ id, side }, ctx) => readPicture(d, files, ctx, id, side)),

    handle(adminKycList, async ({ page, pagesize, status, userid }) => {
      let memberId: string | undefined;
      if (userid) {
        const m = await findByUserid(db, userid);
        if (!m) return { list: [], page, pagesize, total: 0 };
        memberId = m.id;
      }
      let list = submissionQuery(db);
      let count = db.selectFrom('kyc_submissions as k').select(sql<string>`count(*)`.as('n'));
      if (status) {
        list = list.where('k.status', '=', status);
        count = count.where('k.status', '=', status);
      }
      if (memberId) {
        list = list.where('k.member_id', '=', memberId);
        count = count.where('k.member_id', '=', memberId);
      }
      // The review queue is first in, first out; decided ones newest first.
      const [rows, total] = await Promise.all([
        list
          .orderBy('k.id', status === 'pending' ? 'asc' : 'desc')
          .limit(pagesize)
          .offset((page - 1) * pagesize)
          .execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { list: rows.map(submissionView), page, pagesize, total: Number(total.n) };
    }),

    handle(adminKycDetail, async ({ id }) => submissionDetail(db, id)),

    handle(adminKycReview, async (input, ctx) => {
      const view = await decideVerification(d, ctx, input);
      return reply(view, input.action === 'approve' ? 'approved' : 'rejected');
    }),
  ];
}
