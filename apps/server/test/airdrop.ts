import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/** Members made straight in the database (no sign-up: fast), with their team figures marked done. */
export async function insertMembers(db: Db, prefix: string, n: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`insert into members (userid, tree_pending)
    select ${prefix} || g, false from generate_series(1, ${n}::int) g returning id`.execute(db);
  return rows.rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** What the ledger credited members for a campaign: member id -> number of credits and their sum (minor units). */
export async function campaignCredits(db: Db, campaign: string) {
  const rows = await sql<{ member_id: string; n: string; amount: string }>`
    select a.member_id, count(*) n, sum(t.amount)::text amount
    from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
    where t.kind = 'airdrop' and t.details->>'campaign' = ${campaign} group by a.member_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.member_id, { n: Number(r.n), amount: BigInt(r.amount) }]));
}

/** The airdrop pool's XT balance (it may be below zero: it is the other side of the members' airdrops). */
export async function airdropPool(db: Db): Promise<bigint> {
  const r = await sql<{ balance: string | null }>`select (credits_posted - debits_posted)::text balance
    from ledger_accounts where platform = 'airdrop_pool' and asset = 'XT'`.execute(db);
  return BigInt(r.rows[0]?.balance ?? 0);
}
