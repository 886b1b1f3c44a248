import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { countOf, historyOf, pageOf, windowOf } from './history.ts';

export type RecordFilter = {
  memberId: string;
  wallet?: string;
  asset?: string;
  kinds?: string[];
  from?: string;
  to?: string;
  page: number;
  pagesize: number;
};

/**
 * A member's ledger history, newest first, read from the transfers themselves (history.ts: by the indexes of each
 * account's transfers by kind and time). A hold shows once, with the state it reached (pending, posted or voided);
 * the transfers that settled it are not shown again. A transfer between two of the member's wallets shows once.
 */
export async function memberRecords(db: Conn, f: RecordFilter) {
  const window = windowOf(f.from, f.to);
  const h = await historyOf(db, f.memberId, { wallet: f.wallet, asset: f.asset });
  const branches = h.branches.filter((b) => !f.kinds?.length || f.kinds.includes(b.kind));
  const page = { offset: (f.page - 1) * f.pagesize, size: f.pagesize };
  const [rows, total] = await Promise.all([
    pageOf(db, branches, window, 'shown', page),
    countOf(db, h, branches, window, 'shown'),
  ]);
  const list = rows.map((r) => {
    const outgoing = h.accounts.has(r.debit_account_id);
    const account = h.accounts.get(outgoing ? r.debit_account_id : r.credit_account_id);
    const status =
      r.flags === 'posted'
        ? 'posted'
        : r.resolved === 'post_pending'
          ? 'posted'
          : r.resolved === 'void_pending'
            ? 'voided'
            : 'pending';
    const after = outgoing
      ? (r.resolved_debit_after ?? r.debit_balance_after)
      : (r.resolved_credit_after ?? r.credit_balance_after);
    const details = r.details ?? {};
    return {
      id: r.id,
      created_at: new Date(r.created_at).toISOString(),
      wallet: account?.wallet ?? '',
      asset: r.asset,
      type: r.kind,
      amount: `${outgoing ? '-' : ''}${money(r.amount, r.asset)}`,
      balance_after: money(after, r.asset),
      status: status as 'posted' | 'pending' | 'voided',
      reference: r.reference,
      counterparty: (outgoing ? details.to : details.from) ?? '',
    };
  });
  return { list, page: f.page, pagesize: f.pagesize, total };
}
