import type { adminVoucherIssue, ParsedRequestOf } from '@mp/contract';
import { fieldRefusal } from '../../lib/errors.ts';
import { audit } from '../../platform/audit.ts';
import { findByUserid } from '../../platform/members.ts';
import type { MoneyDeps } from '../../platform/money-deps.ts';
import { addDays, isDate, todayOf } from '../../platform/dates.ts';
import { percentToBps, voucherQuery, voucherView } from './vouchers.ts';

/** An admin gives a member a voucher, valid until the end of its expiry date (UTC); audited. */
export async function issueVoucher(
  d: MoneyDeps,
  adminId: string,
  input: ParsedRequestOf<typeof adminVoucherIssue>,
) {
  const bps = percentToBps(input.discount_percent);
  if (bps === null) throw fieldRefusal(422, 'discount_percent', 'percent_invalid');
  if (!isDate(input.expires_on) || input.expires_on < todayOf(d.clock))
    throw fieldRefusal(422, 'expires_on', 'date_invalid');
  const member = await findByUserid(d.db, input.userid);
  if (member?.role !== 'member') throw fieldRefusal(404, 'userid', 'member_not_found');
  return d.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('mining_vouchers')
      .values({
        member_id: member.id,
        discount_bps: bps,
        package_id: input.scope === 'shop' ? null : (input.package_id ?? null),
        scope: input.scope ?? 'mining',
        expires_at: `${addDays(input.expires_on, 1)}T00:00:00Z`,
        note: input.note ?? '',
        issued_by: adminId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, adminId, 'mining.voucher.issue', `voucher:${row.id}`, { userid: member.userid, bps });
    return voucherView(
      await voucherQuery(tx).where('v.id', '=', row.id).executeTakeFirstOrThrow(),
      d.clock.now(),
    );
  });
}
