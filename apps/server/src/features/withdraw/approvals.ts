import type { AssetCode } from '@mp/contract';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import { checkSecondApprover, needsSecondApprover } from '../admin/index.ts';

/** The first approval of each of these withdrawals, if any. */
export async function firstApprovals(db: Conn, ids: string[]) {
  if (ids.length === 0) return new Map<string, { by: string; at: string }>();
  const rows = await db
    .selectFrom('withdrawal_approvals as wa')
    .innerJoin('members as m', 'm.id', 'wa.approved_by')
    .select(['wa.withdrawal_id', 'm.userid', 'wa.approved_at'])
    .where('wa.withdrawal_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [String(r.withdrawal_id), { by: r.userid, at: new Date(r.approved_at).toISOString() }]),
  );
}

/** An admin's view of withdrawals: who approved first, and whether a second approver is awaited. */
export async function withApprovals<T extends { id: string; status: string }>(db: Conn, views: T[]) {
  const firsts = await firstApprovals(
    db,
    views.map((v) => v.id),
  );
  return views.map((v) => {
    const first = firsts.get(v.id);
    return {
      ...v,
      awaiting_second_approval: v.status === 'pending' && Boolean(first),
      first_approved_by: first?.by ?? '',
      first_approved_at: first?.at ?? '',
    };
  });
}

/**
 * Two-person approval of a withdrawal above the threshold (setting two_person_threshold_usdt). The first admin's
 * approve is recorded and does nothing else ('recorded'); the same admin again is refused; another finance or owner
 * admin gets 'proceed' and the approval runs as usual. Below the threshold, or once decided: 'proceed'. The row
 * lock makes two approvals at once take turns: the second of them sees the first.
 */
export async function approveOnce(db: Conn, ctx: AuthedContext, id: string): Promise<'recorded' | 'proceed'> {
  return inTransaction(db, async (tx) => {
    const w = await tx
      .selectFrom('withdrawals')
      .select(['id', 'status', 'amount', 'asset'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!w) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
    if (w.status !== 'pending') return 'proceed';
    if (!(await needsSecondApprover(tx, w.asset as AssetCode, BigInt(w.amount)))) return 'proceed';
    const first = await tx
      .selectFrom('withdrawal_approvals')
      .select('approved_by')
      .where('withdrawal_id', '=', w.id)
      .executeTakeFirst();
    if (first) {
      checkSecondApprover(String(first.approved_by), ctx.member);
      return 'proceed';
    }
    await tx
      .insertInto('withdrawal_approvals')
      .values({ withdrawal_id: w.id, approved_by: ctx.member.id })
      .execute();
    await audit(tx, ctx.member.id, 'withdrawal.first_approval', `withdrawal:${w.id}`, {
      amount: money(BigInt(w.amount), w.asset as AssetCode),
      asset: w.asset,
    });
    return 'recorded';
  });
}

/** Inside the decision's transaction (the row locked): an approval above the threshold needs another first approver. */
export async function requireFirstApproval(
  tx: Conn,
  ctx: AuthedContext,
  w: { id: string; amount: string; asset: string },
) {
  if (!(await needsSecondApprover(tx, w.asset as AssetCode, BigInt(w.amount)))) return;
  const first = await tx
    .selectFrom('withdrawal_approvals')
    .select('approved_by')
    .where('withdrawal_id', '=', w.id)
    .executeTakeFirst();
  if (!first) throw new Refusal(409, 'second_approver_required');
  checkSecondApprover(String(first.approved_by), ctx.member);
}
