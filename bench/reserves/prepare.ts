/** The bench's ledger: a million members with USDT balances, written by set-based SQL in a minute or two. */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';

/**
 * Members with a reward account each (what sign-up opens), about half with a deposit account, a third with a trading
 * one, a fifth with funds, and one in a hundred with a withdrawal held. The platform's `chain` and
 * `withdrawal_payouts` accounts take the other side, so the USDT debits equal the credits as the ledger keeps them
 * (the snapshot refuses a ledger that does not balance). Balances are deterministic, so every run measures the same.
 */
export async function prepareLedger(db: Db, members: number): Promise<{ accounts: number }> {
  // Triggers off for the bulk load: sign-up's per-row tree fields and its account opening are not what is measured.
  await sql`set session_replication_role = replica`.execute(db);
  await sql`insert into members (userid, name) select 'por' || g, '' from generate_series(1, ${members}) g`.execute(
    db,
  );
  await sql`
    insert into ledger_accounts (member_id, wallet, asset, credits_posted, debits_pending, no_overdraft)
    select m.id, w.wallet, 'USDT', b.balance, case when w.wallet = 'deposit' and m.id % 100 = 0 then b.balance / 4 else 0 end, true
    from members m
    cross join (values ('reward', 1), ('deposit', 2), ('trading', 3), ('funds', 5)) w(wallet, every)
    cross join lateral (select ((m.id * 7919 + w.every * 104729) % 1000003)::bigint * 1000 balance) b
    where m.id % w.every = 0 or w.wallet = 'reward'`.execute(db);
  await sql`
    insert into ledger_accounts (platform, wallet, asset, debits_posted, credits_pending, no_overdraft)
    select 'chain', 'chain', 'USDT', sum(credits_posted), 0, false from ledger_accounts where member_id is not null
    union all
    select 'withdrawal_payouts', 'withdrawal_payouts', 'USDT', 0, sum(debits_pending), false
      from ledger_accounts where member_id is not null`.execute(db);
  await sql`set session_replication_role = origin`.execute(db);
  await sql`vacuum analyze`.execute(db);
  const count = await sql<{ n: string }>`select count(*)::text n from ledger_accounts`.execute(db);
  return { accounts: Number(count.rows[0]?.n ?? 0) };
}

/**
 * The baseline: every member's USDT balance row read into this process's memory, as plain objects (the least any
 * snapshot must do). Best of three, with the CPU time (`cpu`: this process and PostgreSQL) of that run.
 */
export async function plainScan(
  db: Db,
  cpu: () => number,
): Promise<{ ms: number; cpuMs: number; rows: number }> {
  let best = { ms: Number.POSITIVE_INFINITY, cpuMs: 0, rows: 0 };
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const cpuStart = cpu();
    const r = await sql<{ member_id: string; wallet: string; balance: string }>`
      select member_id, wallet, credits_posted - debits_posted - debits_pending balance
      from ledger_accounts where member_id is not null and asset = 'USDT'`.execute(db);
    const ms = performance.now() - start;
    if (ms < best.ms) best = { ms, cpuMs: cpu() - cpuStart, rows: r.rows.length };
  }
  return best;
}
