import type { AssetCode, WalletKind } from '@mp/contract';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { memberAccount, type OperationContext, platformAccount } from '../../ledger/index.ts';
import { money } from '../../lib/amount.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { refuseShortfall } from '../../platform/shortfall.ts';
import { audit } from '../../platform/audit.ts';
import { checkSecondApprover } from './two-person.ts';

/** A balance adjustment: signed minor units (positive credits the member from the platform adjustments account). */
export type Adjustment = {
  member: { id: string; userid: string };
  wallet: WalletKind;
  asset: AssetCode;
  amount: bigint;
  reason: string;
};

export const signedMoney = (amount: bigint, asset: string) =>
  `${amount < 0n ? '-' : ''}${money(amount < 0n ? -amount : amount, asset)}`;

/** Posts an adjustment inside a ledger operation and audits it; returns the member's balance after it. */
export async function postAdjustment(
  op: OperationContext,
  actor: { id: string; userid: string },
  a: Adjustment,
  auditDetails: Record<string, string> = {},
) {
  const negative = a.amount < 0n;
  const account = memberAccount(a.member.id, a.wallet, a.asset);
  const adjustments = platformAccount('adjustments', a.asset);
  const details = {
    by: actor.userid,
    reason: a.reason,
    ...(negative ? { to: 'platform' } : { from: 'platform' }),
  };
  const leg = { amount: negative ? -a.amount : a.amount, kind: 'adjustment', reference: a.reason, details };
  const [t] = await refuseShortfall(() =>
    op.post([
      negative
        ? { ...leg, debit: account, credit: adjustments }
        : { ...leg, debit: adjustments, credit: account },
    ]),
  );
  await audit(op.tx, actor.id, 'ledger.adjust', a.member.userid, {
    wallet: a.wallet,
    asset: a.asset,
    amount: signedMoney(a.amount, a.asset),
    reason: a.reason,
    ...auditDetails,
  });
  return money(negative ? t!.debitBalanceAfter : t!.creditBalanceAfter, a.asset);
}

function adjustmentQuery(db: Conn) {
  return db
    .selectFrom('admin_adjustments as j')
    .innerJoin('members as m', 'm.id', 'j.member_id')
    .innerJoin('members as r', 'r.id', 'j.requested_by')
    .leftJoin('members as x', 'x.id', 'j.decided_by')
    .select([
      'j.id',
      'm.userid',
      'j.member_id',
      'j.wallet',
      'j.asset',
      'j.amount',
      'j.reason',
      'j.status',
      'j.requested_by',
      'r.userid as requested_by_userid',
      'j.requested_at',
      'x.userid as decided_by_userid',
      'j.decided_at',
    ]);
}

type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof adjustmentQuery>['executeTakeFirstOrThrow']>>;

export function adjustmentView(r: AdjustmentRow) {
  return {
    id: String(r.id),
    userid: r.userid,
    wallet: r.wallet,
    asset: r.asset,
    amount: signedMoney(BigInt(r.amount), r.asset),
    reason: r.reason,
    status: r.status,
    requested_by: r.requested_by_userid,
    requested_at: new Date(r.requested_at).toISOString(),
    decided_by: r.decided_by_userid ?? '',
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : '',
  };
}

/**
 * An adjustment above the two-person threshold: recorded as pending, no money moves. The admin's idempotency key
 * makes a retry return the same pending adjustment (another body with the same key is a 409).
 */
export async function requestAdjustment(d: MoneyDeps, ctx: AuthedContext, a: Adjustment, key: string) {
  const values = {
    member_id: a.member.id,
    wallet: a.wallet,
    asset: a.asset,
    amount: a.amount.toString(),
    reason: a.reason,
  };
  const inserted = await d.db
    .insertInto('admin_adjustments')
    .values({ ...values, idempotency_key: key, requested_by: ctx.member.id })
    .onConflict((oc) => oc.columns(['requested_by', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const row = await adjustmentQuery(d.db)
    .where('j.requested_by', '=', ctx.member.id)
    .where('j.idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  const same =
    String(row.member_id) === a.member.id &&
    row.wallet === a.wallet &&
    row.asset === a.asset &&
    BigInt(row.amount) === a.amount &&
    row.reason === a.reason;
  if (!same) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  if (inserted)
    await audit(d.db, ctx.member.id, 'ledger.adjust_requested', a.member.userid, {
      adjustment: String(inserted.id),
      wallet: a.wallet,
      asset: a.asset,
      amount: signedMoney(a.amount, a.asset),
      reason: a.reason,
    });
  const balance = await d.ledger.memberBalance(d.db, a.member.id, a.wallet, a.asset);
  return {
    id: String(row.id),
    userid: row.userid,
    wallet: a.wallet,
    asset: a.asset,
    amount: signedMoney(a.amount, a.asset),
    balance_after: money(balance.balance, a.asset),
    state: 'pending' as const,
  };
}

/**
 * A second finance or owner admin decides a pending adjustment. Approve posts it through the ledger under the key
 * `adjustment:<id>`: two approvals at once post it once (the other gets the same answer). Reject changes nothing.
 */
export async function decideAdjustment(
  d: MoneyDeps,
  ctx: AuthedContext,
  input: { id: string; action: 'approve' | 'reject' },
) {
  if (!/^\d{1,18}$/.test(input.id)) throw fieldRefusal(404, 'id', 'adjustment_not_found');
  const locked = async (tx: Conn) => {
    const row = await tx
      .selectFrom('admin_adjustments')
      .selectAll()
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw fieldRefusal(404, 'id', 'adjustment_not_found');
    return row;
  };
  const view = async (tx: Conn) =>
    adjustmentView(await adjustmentQuery(tx).where('j.id', '=', input.id).executeTakeFirstOrThrow());
  const decided = { decided_by: ctx.member.id, decided_at: d.clock.now() };

  const current = await d.db
    .selectFrom('admin_adjustments')
    .select('status')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!current) throw fieldRefusal(404, 'id', 'adjustment_not_found');
  if (current.status === 'rejected' || (input.action === 'reject' && current.status !== 'pending'))
    throw new Refusal(409, 'adjustment_decided');

  if (input.action === 'reject')
    return inTransaction(d.db, async (tx) => {
      const row = await locked(tx);
      if (row.status !== 'pending') throw new Refusal(409, 'adjustment_decided');
      await tx
        .updateTable('admin_adjustments')
        .set({ status: 'rejected', ...decided })
        .where('id', '=', row.id)
        .execute();
      await audit(tx, ctx.member.id, 'ledger.adjust_rejected', `adjustment:${row.id}`, {});
      return view(tx);
    });

  try {
    return await d.ledger.operation(
      {
        key: `adjustment:${input.id}`,
        kind: 'adjustment',
        memberId: null,
        request: { adjustment: input.id },
      },
      async (op) => {
        const row = await locked(op.tx);
        if (row.status !== 'pending') throw new Refusal(409, 'adjustment_decided');
        checkSecondApprover(String(row.requested_by), ctx.member);
        const member = await op.tx
          .selectFrom('members')
          .select(['id', 'userid'])
          .where('id', '=', row.member_id)
          .executeTakeFirstOrThrow();
        const requester = await op.tx
          .selectFrom('members')
          .select('userid')
          .where('id', '=', row.requested_by)
          .executeTakeFirstOrThrow();
        await postAdjustment(
          op,
          ctx.member,
          {
            member: { id: String(member.id), userid: member.userid },
            wallet: row.wallet as WalletKind,
            asset: row.asset as AssetCode,
            amount: BigInt(row.amount),
            reason: row.reason,
          },
          { adjustment: String(row.id), requested_by: requester.userid },
        );
        await op.tx
          .updateTable('admin_adjustments')
          .set({ status: 'posted', operation_id: op.operationId, ...decided })
          .where('id', '=', row.id)
          .execute();
        return view(op.tx);
      },
    );
  } catch (err) {
    if (err instanceof Refusal && err.key === 'idempotency_conflict')
      throw new Refusal(409, 'adjustment_decided');
    throw err;
  }
}

export async function listAdjustments(
  db: Conn,
  { page, pagesize, status }: { page: number; pagesize: number; status?: 'pending' | 'posted' | 'rejected' },
) {
  let q = adjustmentQuery(db);
  let count = db.selectFrom('admin_adjustments').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) {
    q = q.where('j.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [rows, total] = await Promise.all([
    q
      .orderBy('j.id', 'desc')
      .limit(pagesize)
      .offset((page - 1) * pagesize)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(adjustmentView), page, pagesize, total: Number(total.n) };
}
