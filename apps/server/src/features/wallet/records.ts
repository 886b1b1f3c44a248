import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { money } from '../../lib/amount.ts';
import { parseDay } from '../../platform/dates.ts';

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
 * A member's ledger history, newest first, read from the transfers themselves. A hold shows once, with the state
 * it reached (pending, posted or voided); the transfers that settled it are not shown again.
 */
export async function memberRecords(db: Conn, f: RecordFilter) {
  let accounts = db
    .selectFrom('ledger_accounts')
    .select(['id', 'wallet', 'asset'])
    .where('member_id', '=', f.memberId);
  if (f.wallet) accounts = accounts.where('wallet', '=', f.wallet);
  if (f.asset) accounts = accounts.where('asset', '=', f.asset);
  const owned = await accounts.execute();
  if (owned.length === 0) return { list: [], page: f.page, pagesize: f.pagesize, total: 0 };
  const byId = new Map(owned.map((a) => [a.id, a]));
  const ids = owned.map((a) => a.id);
  const fromDay = parseDay(f.from, 'from');
  const toDay = parseDay(f.to, 'to');
  const conditions = [
    sql`t.flags in ('posted', 'pending')`,
    sql`(t.debit_account_id = any(${ids}::bigint[]) or t.credit_account_id = any(${ids}::bigint[]))`,
  ];
  if (f.kinds?.length) conditions.push(sql`t.kind = any(${f.kinds}::text[])`);
  if (fromDay) conditions.push(sql`t.created_at >= ${fromDay}`);
  if (toDay) conditions.push(sql`t.created_at < ${new Date(toDay.getTime() + 86_400_000)}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    sql<{
      id: string;
      created_at: Date;
      kind: string;
      flags: string;
      amount: string;
      asset: string;
      reference: string;
      details: Record<string, string>;
      debit_account_id: string;
      credit_account_id: string;
      debit_balance_after: string;
      credit_balance_after: string;
      resolved: string | null;
      resolved_debit_after: string | null;
      resolved_credit_after: string | null;
    }>`select t.id, t.created_at, t.kind, t.flags, t.amount, t.asset, t.reference, t.details, t.debit_account_id,
        t.credit_account_id, t.debit_balance_after, t.credit_balance_after, r.flags resolved,
        r.debit_balance_after resolved_debit_after, r.credit_balance_after resolved_credit_after
      from ledger_transfers t left join ledger_transfers r on r.pending_id = t.id
      where ${where} order by t.id desc limit ${f.pagesize} offset ${(f.page - 1) * f.pagesize}`.execute(db),
    sql<{ n: string }>`select count(*) n from ledger_transfers t where ${where}`.execute(db),
  ]);
  const list = rows.rows.map((r) => {
    const outgoing = byId.has(r.debit_account_id);
    const account = byId.get(outgoing ? r.debit_account_id : r.credit_account_id);
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
  return { list, page: f.page, pagesize: f.pagesize, total: Number(count.rows[0]?.n ?? 0) };
}
