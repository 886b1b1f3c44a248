import type { AssetCode, SECOND_APPROVAL_REASONS } from '@mp/contract';
import { sql } from 'kysely';
import type { ChainConfig } from '../../config.ts';
import { type Conn, inTransaction } from '../../db/database.ts';
import type { AuthedContext } from '../../platform/calls.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { money } from '../../lib/amount.ts';
import { audit } from '../../platform/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { checkSecondApprover, needsSecondApprover } from '../admin/index.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { type PayoutRules, payoutModeOf, readPayoutRules } from './payout-networks.ts';
import { type WithdrawalRow, withdrawalView } from './service.ts';

export type SecondApproval = (typeof SECOND_APPROVAL_REASONS)[number];
type Deciding = { id: string; amount: string; fee: string; asset: string; address_type: string };
type RuleDeps = { chain: ChainConfig | undefined; clock: Clock };

/** USDT (minor units) paid out automatically on this UTC day: every automatic payout approved today, in any state. */
export async function paidAutomaticallyToday(db: Conn, now: Date): Promise<bigint> {
  const r = await sql<{ total: string }>`select coalesce(sum(amount - fee), 0)::text total from withdrawals
    where payout_mode = 'automatic' and status = 'approved'
      and decided_at >= date_trunc('day', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC'`.execute(
    db,
  );
  return BigInt(r.rows[0]?.total ?? '0');
}

/**
 * Why approving this withdrawal needs a second admin, or '' when one decides: above the two-person threshold (any
 * payout), or, paid automatically, above the per-payout limit or beyond the day's limit with the payouts approved
 * today. `listed`: the day's automatic payouts and the rules, read once for a whole list.
 */
export async function secondApprovalReason(
  db: Conn,
  r: RuleDeps,
  w: Deciding,
  listed?: { today: bigint; rules: PayoutRules },
): Promise<SecondApproval> {
  if (await needsSecondApprover(db, w.asset as AssetCode, BigInt(w.amount))) return 'threshold';
  const rules = listed?.rules ?? (await readPayoutRules(db, r.chain));
  if (payoutModeOf(rules, w.address_type) !== 'automatic') return '';
  const paidOut = BigInt(w.amount) - BigInt(w.fee);
  if (paidOut > rules.limitPerWithdrawal) return 'per_withdrawal_limit';
  const sofar = listed?.today ?? (await paidAutomaticallyToday(db, r.clock.now()));
  return sofar + paidOut > rules.limitDaily ? 'daily_limit' : '';
}

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

/**
 * An admin's view of withdrawals: how each is (or, pending, would be) paid, why approving it needs two admins, and who
 * approved first.
 */
export async function adminViews(d: MoneyDeps, rows: WithdrawalRow[]) {
  const r = { chain: d.config.chain, clock: d.clock };
  const [rules, today, firsts] = await Promise.all([
    readPayoutRules(d.db, r.chain),
    paidAutomaticallyToday(d.db, d.clock.now()),
    firstApprovals(
      d.db,
      rows.map((row) => row.id),
    ),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const first = firsts.get(row.id);
      const pending = row.status === 'pending';
      return {
        ...withdrawalView(row, r.chain),
        payout_mode: row.payout_mode ?? payoutModeOf(rules, row.address_type),
        second_approval: pending ? await secondApprovalReason(d.db, r, row, { today, rules }) : ('' as const),
        awaiting_second_approval: pending && Boolean(first),
        first_approved_by: first?.by ?? '',
        first_approved_at: first?.at ?? '',
      };
    }),
  );
}

/**
 * Two-person approval of a withdrawal above the threshold (setting two_person_threshold_usdt). The first admin's
 * approve is recorded and does nothing else ('recorded'); the same admin again is refused; another finance or owner
 * admin gets 'proceed' and the approval runs as usual. Below the threshold, or once decided: 'proceed'. The row
 * lock makes two approvals at once take turns: the second of them sees the first.
 */
export async function approveOnce(
  db: Conn,
  r: RuleDeps,
  ctx: AuthedContext,
  id: string,
): Promise<'recorded' | 'proceed'> {
  return inTransaction(db, async (tx) => {
    const w = await tx
      .selectFrom('withdrawals')
      .select(['id', 'status', 'amount', 'fee', 'asset', 'address_type'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!w) throw fieldRefusal(404, 'id', 'withdrawal_not_found');
    if (w.status !== 'pending') return 'proceed';
    if (!(await secondApprovalReason(tx, r, w))) return 'proceed';
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

/**
 * Inside the decision's transaction (the row locked): an approval that needs two admins needs another first approver.
 * Automatic payouts take turns on one lock first, so two approvals at once cannot both fit under the day's limit.
 */
export async function requireFirstApproval(tx: Conn, r: RuleDeps, ctx: AuthedContext, w: Deciding) {
  await sql`select pg_advisory_xact_lock(hashtext('withdrawals:automatic-payouts-day'))`.execute(tx);
  if (!(await secondApprovalReason(tx, r, w))) return;
  const first = await tx
    .selectFrom('withdrawal_approvals')
    .select('approved_by')
    .where('withdrawal_id', '=', w.id)
    .executeTakeFirst();
  if (!first) throw new Refusal(409, 'second_approver_required');
  checkSecondApprover(String(first.approved_by), ctx.member);
}
