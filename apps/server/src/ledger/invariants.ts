import { sql } from 'kysely';
import type { Conn } from '../db/database.ts';

export type LedgerHealth = {
  healthy: boolean;
  accounts: number;
  transfers: number;
  problems: string[];
  assets: { asset: string; debits: string; credits: string }[];
};

/**
 * The ledger's invariants (DESIGN.md section 4): per asset debits = credits; every account's columns equal the
 * sums of its transfers; no member account below zero; each key applied once; each pending resolved at most once;
 * every transfer's operation and accounts exist;
 * both sides of a transfer in the transfer's asset. Read-only; used by the tests and the admin health call.
 */
export async function checkLedger(db: Conn): Promise<LedgerHealth> {
  const problems: string[] = [];
  const perAsset = await sql<{ asset: string; dp: string; cp: string; dpe: string; cpe: string }>`
    select asset, sum(debits_posted)::text dp, sum(credits_posted)::text cp, sum(debits_pending)::text dpe,
      sum(credits_pending)::text cpe from ledger_accounts group by asset order by asset`.execute(db);
  for (const r of perAsset.rows) {
    if (r.dp !== r.cp) problems.push(`${r.asset}: posted debits ${r.dp} != credits ${r.cp}`);
    if (r.dpe !== r.cpe) problems.push(`${r.asset}: pending debits ${r.dpe} != credits ${r.cpe}`);
  }

  const mismatched = await sql<{ id: string; what: string }>`
    with sums as (
      select a.id,
        coalesce((select sum(amount) from ledger_transfers t where t.debit_account_id = a.id and t.flags in ('posted', 'post_pending')), 0) dp,
        coalesce((select sum(amount) from ledger_transfers t where t.credit_account_id = a.id and t.flags in ('posted', 'post_pending')), 0) cp,
        coalesce((select sum(amount) from ledger_transfers t where t.debit_account_id = a.id and t.flags = 'pending'
          and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)), 0) dpe,
        coalesce((select sum(amount) from ledger_transfers t where t.credit_account_id = a.id and t.flags = 'pending'
          and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)), 0) cpe
      from ledger_accounts a
    )
    select a.id::text, concat_ws(' ',
      case when a.debits_posted <> s.dp then 'debits_posted' end,
      case when a.credits_posted <> s.cp then 'credits_posted' end,
      case when a.debits_pending <> s.dpe then 'debits_pending' end,
      case when a.credits_pending <> s.cpe then 'credits_pending' end) what
    from ledger_accounts a join sums s on s.id = a.id
    where a.debits_posted <> s.dp or a.credits_posted <> s.cp or a.debits_pending <> s.dpe or a.credits_pending <> s.cpe`.execute(
    db,
  );
  for (const r of mismatched.rows) problems.push(`account ${r.id}: ${r.what} differ from its transfers`);

  const overdrawn = await sql<{ id: string }>`
    select id::text from ledger_accounts where no_overdraft and credits_posted - debits_posted - debits_pending < 0`.execute(
    db,
  );
  for (const r of overdrawn.rows) problems.push(`account ${r.id} is below zero`);

  const wrongAsset = await sql<{ id: string }>`
    select t.id::text from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id where d.asset <> t.asset or c.asset <> t.asset`.execute(
    db,
  );
  for (const r of wrongAsset.rows)
    problems.push(`transfer ${r.id} moves another asset than its accounts hold`);

  const orphans = await sql<{ id: string }>`
    select t.id::text from ledger_transfers t
    where not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id)
       or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id)
       or not exists (select 1 from ledger_operations o where o.id = t.operation_id)`.execute(db);
  for (const r of orphans.rows)
    problems.push(`transfer ${r.id} names an account or operation that does not exist`);

  const badPending = await sql<{ id: string }>`
    select r.id::text from ledger_transfers r join ledger_transfers p on p.id = r.pending_id
    where p.flags <> 'pending' or p.amount <> r.amount or p.debit_account_id <> r.debit_account_id
      or p.credit_account_id <> r.credit_account_id`.execute(db);
  for (const r of badPending.rows)
    problems.push(`transfer ${r.id} resolves something that is not its pending transfer`);

  const keys = await sql<{ n: string; distinct_keys: string }>`
    select count(*)::text n, count(distinct idempotency_key)::text distinct_keys from ledger_operations`.execute(
    db,
  );
  if (keys.rows[0]?.n !== keys.rows[0]?.distinct_keys) problems.push('an idempotency key was applied twice');

  const counts = await sql<{ accounts: string; transfers: string }>`
    select (select count(*) from ledger_accounts)::text accounts, (select count(*) from ledger_transfers)::text transfers`.execute(
    db,
  );
  return {
    healthy: problems.length === 0,
    accounts: Number(counts.rows[0]?.accounts ?? 0),
    transfers: Number(counts.rows[0]?.transfers ?? 0),
    problems,
    assets: perAsset.rows.map((r) => ({ asset: r.asset, debits: r.dp, credits: r.cp })),
  };
}
