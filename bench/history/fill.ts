/**
 * bench/history's data: members with their ledger accounts, then ledger transfers (and the operations they name),
 * written by PostgreSQL itself (`insert ... select from generate_series`, in chunks), with the indexes the migrations
 * define kept up to date as the rows arrive (as in production, where they grow row by row).
 *
 * Transfer g (its id) is a pure function of g, so a kept database grows to the same rows a fresh one would have:
 *   - its kind by g % 100: 40% bonus_* (level, sponsor, pairing; 1 in 16 to one of 10 leaders, which gives each
 *     leader ~250,000 at 100M transfers), 8% deposits, 20% member-to-member transfers and 4% their fees, 8% exchange
 *     legs (USDT in, XT out), 4% wallet moves (one member's deposit -> trading wallet), 4% withdrawal holds
 *     (flags `pending`) and 4% their settlements (`post_pending`, 1 in 20 `void_pending`, pending_id the hold 1,000
 *     ids earlier: the last 1,000 holds stay pending), 4% mining and shop purchases, 3% mining income, 1% airdrops;
 *   - its member(s) skewed (u² over members 11..M): most members have tens to hundreds of transfers at 100M, the first
 *     few thousand thousands; the company's platform accounts take the other side of most transfers;
 *   - created_at increases with id: start + id * step, two years over the transfers the database is laid out for
 *     (--final, default --transfers), ending at the time of the first build (the 1M-row stage of a 100M run is the
 *     platform's first week, two years ago).
 * Balance-after columns are plausible numbers (a hash of the id), not running balances; the member accounts'
 * balances are plausible values given when the accounts are made, not the sums of their transfers (updating five
 * million rows after each stage would only bloat the table): the reads measured depend on neither.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';

/** The leaders: member numbers 1..10 (the skewed picks start at 11). */
export const LEADERS = 10;
/** Wallet slots of each member's accounts: account id = accountBase + (n - 1) * 5 + slot. */
export const WALLET_SLOTS = ['deposit', 'trading', 'reward', 'funds', 'funds_xt'] as const;
const PLATFORM = [
  ['chain', 'USDT'],
  ['fees', 'USDT'],
  ['bonus_expense', 'USDT'],
  ['mining_payouts', 'USDT'],
  ['shop_revenue', 'USDT'],
  ['exchange_liquidity', 'USDT'],
  ['exchange_liquidity', 'XT'],
  ['withdrawal_payouts', 'USDT'],
  ['airdrop_pool', 'XT'],
] as const;
const TWO_YEARS_US = 2 * 365 * 86_400 * 1_000_000;

/** What the build decided once (kept with the data, so a kept database grows the same way). */
export type Layout = {
  members: number;
  memberBase: number;
  accountBase: number;
  /** The first transfer's time (ms) and the time between two transfers (µs). */
  start: number;
  stepUs: number;
  platform: Record<string, number>;
};

export const userid = (n: number) => `hm${String(n).padStart(7, '0')}`;
export const memberId = (l: Layout, n: number) => String(l.memberBase + n);
export const transferTime = (l: Layout, g: number) => new Date(l.start + (g * l.stepUs) / 1000);

/** The layout kept in the database, or undefined for a fresh one. */
export async function readLayout(db: Db): Promise<Layout | undefined> {
  await sql`create table if not exists bench_history_layout (id int primary key, layout jsonb not null)`.execute(
    db,
  );
  const r = await sql<{ layout: Layout }>`select layout from bench_history_layout where id = 1`.execute(db);
  return r.rows[0]?.layout;
}

/** Members 1..M (hm0000001...) and their five accounts each, with the triggers off (sign-up is not measured). */
export async function makeMembers(db: Db, members: number, final: number): Promise<Layout> {
  await sql`set session_replication_role = replica`.execute(db);
  const base = await sql<{ m: string; a: string }>`select
      (select coalesce(max(id), 0) from members)::text m, (select coalesce(max(id), 0) from ledger_accounts)::text a`.execute(
    db,
  );
  const memberBase = Number(base.rows[0]!.m) + 100;
  const accountBase = Number(base.rows[0]!.a) + 100;
  const start = Date.now() - TWO_YEARS_US / 1000;
  await sql`insert into members (id, userid, name, created_at)
    select ${memberBase}::bigint + n, 'hm' || lpad(n::text, 7, '0'), '', ${new Date(start)}::timestamptz
    from generate_series(1, ${members}::bigint) n`.execute(db);
  await sql`insert into ledger_accounts (id, member_id, wallet, asset, no_overdraft, created_at, credits_posted,
      debits_posted, debits_pending)
    select a.id, ${memberBase}::bigint + n, w.wallet, w.asset, true, ${new Date(start)}::timestamptz,
      b.credits, b.credits / 2, case when a.id % 50 = 0 then b.credits / 4 else 0 end
    from generate_series(1, ${members}::bigint) n
    cross join (values (0, 'deposit', 'USDT'), (1, 'trading', 'USDT'), (2, 'reward', 'USDT'), (3, 'funds', 'USDT'),
      (4, 'funds', 'XT')) w(slot, wallet, asset)
    cross join lateral (select ${accountBase}::bigint + (n - 1) * 5 + w.slot id) a
    cross join lateral (select (abs(hashint8extended(a.id, 1)) % 100000) * 1000000 + 1000000 credits) b`.execute(
    db,
  );
  for (const [name, asset] of PLATFORM)
    await sql`insert into ledger_accounts (platform, wallet, asset, no_overdraft) values (${name}, ${name}, ${asset}, false)
      on conflict do nothing`.execute(db);
  await sql`select setval(pg_get_serial_sequence('members', 'id'), (select max(id) from members))`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('ledger_accounts', 'id'), (select max(id) from ledger_accounts))`.execute(
    db,
  );
  await sql`set session_replication_role = origin`.execute(db);
  const rows = await sql<{
    platform: string;
    asset: string;
    id: string;
  }>`select platform, asset, id::text from ledger_accounts
    where platform is not null`.execute(db);
  const platform = Object.fromEntries(rows.rows.map((r) => [`${r.platform}:${r.asset}`, Number(r.id)]));
  const layout: Layout = {
    members,
    memberBase,
    accountBase,
    start,
    stepUs: Math.floor(TWO_YEARS_US / final),
    platform,
  };
  await sql`insert into bench_history_layout (id, layout) values (1, ${JSON.stringify(layout)}::jsonb)`.execute(
    db,
  );
  return layout;
}

/** How many transfers the database holds (ids are 1..n). */
export async function transferCount(db: Db): Promise<number> {
  const r = await sql<{ n: string }>`select coalesce(max(id), 0)::text n from ledger_transfers`.execute(db);
  return Number(r.rows[0]!.n);
}

/** The SQL of transfer g's columns (g a bigint column of the statement), as one `select` list. */
function transferColumns(l: Layout): string {
  const M = l.members;
  // A uniform double in [0, 1) from 52 bits of a seeded hash of g.
  const u = (g: string, seed: number) =>
    `((hashint8extended(${g}, ${seed}) >> 11) & 4503599627370495)::float8 / 4503599627370496.0`;
  const h = (g: string, seed: number) => `abs(hashint8extended(${g}, ${seed}) % 1000000007)`;
  const skew = (g: string, seed: number) =>
    `least(${M}, 11 + floor(${M - 10} * power(${u(g, seed)}, 2))::bigint)`;
  const leader = (g: string) => `(1 + (${h(g, 4)} / 16) % ${LEADERS})`;
  const acct = (n: string, slot: number) => `(${l.accountBase}::bigint + (${n} - 1) * 5 + ${slot})`;
  const uid = (n: string) => `'hm' || lpad((${n})::text, 7, '0')`;
  const p = (name: string) => String(l.platform[name]);
  const amount = (g: string) => `(1000000 + ${h(g, 3)} % 99000000)`;
  // The hold a settlement slot (88..91) settles: slot - 4 of the block 10 blocks back.
  const hold = '((g / 100 - 10) * 100 + g % 100 - 4)';
  const holder = skew(hold, 2);
  const time = `('${new Date(l.start).toISOString()}'::timestamptz + g * ${l.stepUs} * interval '1 microsecond')`;
  return `select g id, (g + 3) / 4 operation_id,
    case
      when r < 40 then ${p('bonus_expense:USDT')}
      when r < 48 or (r between 88 and 91 and g < 1000) then ${p('chain:USDT')}
      when r < 68 then ${acct(`case when ${h('g', 4)} % 2000 = 0 then ${leader('g')} else ${skew('g', 1)} end`, 3)}
      when r < 72 then ${acct(skew('g', 1), 3)}
      when r < 76 then ${acct(skew('g', 1), 3)}
      when r < 80 then ${p('exchange_liquidity:XT')}
      when r < 84 then ${acct(skew('g', 1), 0)}
      when r < 88 then ${acct(skew('g', 2), 0)}
      when r < 92 then ${acct(holder, 0)}
      when r < 94 then ${acct(skew('g', 1), 0)}
      when r < 96 then ${acct(skew('g', 1), 3)}
      when r < 99 then ${p('mining_payouts:USDT')}
      else ${p('airdrop_pool:XT')}
    end debit_account_id,
    case
      when r < 40 then ${acct(`case when ${h('g', 4)} % 16 = 0 then ${leader('g')} else ${skew('g', 1)} end`, 2)}
      when r < 48 or (r between 88 and 91 and g < 1000) then ${acct(skew('g', 1), 0)}
      when r < 68 then ${acct(`case when ${skew('g', 2)} = ${skew('g', 1)} then 11 + ${skew('g', 1)} % ${M - 10} else ${skew('g', 2)} end`, 3)}
      when r < 72 then ${p('fees:USDT')}
      when r < 76 then ${p('exchange_liquidity:USDT')}
      when r < 80 then ${acct(skew('g', 1), 4)}
      when r < 84 then ${acct(skew('g', 1), 1)}
      when r in (84, 85, 87) then ${p('withdrawal_payouts:USDT')}
      when r = 86 then ${p('fees:USDT')}
      when r in (88, 89, 91) then ${p('withdrawal_payouts:USDT')}
      when r = 90 then ${p('fees:USDT')}
      when r < 94 then ${p('mining_payouts:USDT')}
      when r < 96 then ${p('shop_revenue:USDT')}
      when r < 99 then ${acct(skew('g', 1), 2)}
      else ${acct(skew('g', 1), 4)}
    end credit_account_id,
    case when r between 88 and 91 and g >= 1000 then ${amount(hold)} else ${amount('g')} end amount,
    case when r between 76 and 79 or r = 99 then 'XT' else 'USDT' end asset,
    case
      when r < 20 then 'bonus_level' when r < 32 then 'bonus_sponsor' when r < 40 then 'bonus_pairing'
      when r < 48 or (r between 88 and 91 and g < 1000) then 'deposit'
      when r < 68 then 'transfer' when r < 72 then 'transfer_fee' when r < 80 then 'exchange'
      when r < 84 then 'wallet_move' when r in (86, 90) then 'withdraw_fee' when r < 92 then 'withdraw'
      when r < 94 then 'mining_purchase' when r < 96 then 'shop_purchase' when r < 99 then 'mining_income'
      else 'airdrop'
    end kind,
    case
      when r between 84 and 87 then 'pending'
      when r between 88 and 91 and g >= 1000 then
        case when ${h(hold, 7)} % 20 = 0 then 'void_pending' else 'post_pending' end
      else 'posted'
    end flags,
    case when r between 88 and 91 and g >= 1000 then ${hold} end pending_id,
    ${h('g', 5)} * 10 debit_balance_after, ${h('g', 6)} * 10 credit_balance_after,
    case
      when r < 32 then 'purchase:shop:S' || (g / 7)
      when r < 40 then 'pairing:' || to_char(${time} at time zone 'UTC', 'YYYY-MM-DD')
      when r < 48 then '0x' || lpad(to_hex(g), 16, '0') || ':0'
      else ''
    end reference,
    case
      when r < 32 then jsonb_build_object('source_userid', ${uid(skew('g', 9))}, 'level', (r % 5 + 1)::text)
      when r between 48 and 67 then jsonb_build_object('from', ${uid(skew('g', 1))}, 'to', ${uid(skew('g', 2))})
      when r < 48 and r >= 40 then jsonb_build_object('tx', '0x' || lpad(to_hex(g), 16, '0'))
      else '{}'::jsonb
    end details,
    ${time} created_at
  from (select g, g % 100 r from generate_series($1::bigint, $2::bigint) g) s`;
}

/**
 * Transfers (and their operations) from the current count up to `target`, `chunk` rows per statement; `progress` is
 * told after each chunk.
 */
export async function fillTransfers(
  db: Db,
  l: Layout,
  target: number,
  chunk: number,
  progress: (written: number, ms: number) => void,
): Promise<void> {
  const columns = transferColumns(l);
  const insertTransfers = `insert into ledger_transfers (id, operation_id, debit_account_id, credit_account_id, amount,
      asset, kind, flags, pending_id, debit_balance_after, credit_balance_after, reference, details, created_at)
    ${columns}`;
  const insertOperations = `insert into ledger_operations (id, idempotency_key, kind, member_id, request_hash, created_at)
    select o, 'bench:' || o, case when (o * 4 - 3) % 100 < 40 then 'bonus' else 'member' end, null, int8send(o),
      '${new Date(l.start).toISOString()}'::timestamptz + (o * 4 - 3) * ${l.stepUs} * interval '1 microsecond'
    from generate_series(($1::bigint + 3) / 4, ($2::bigint + 3) / 4) o
    on conflict do nothing`;
  // The settlement rows name their holds by a foreign key that is checked row by row: off for the bulk load (the
  // holds are written by the same function, 1,000 ids earlier).
  await db.connection().execute(async (conn) => {
    await sql`set session_replication_role = replica`.execute(conn);
    let from = (await transferCount(db)) + 1;
    while (from <= target) {
      const to = Math.min(target, from + chunk - 1);
      const started = performance.now();
      await sql.raw(insertTransfers.replace('$1', String(from)).replace('$2', String(to))).execute(conn);
      await sql.raw(insertOperations.replace('$1', String(from)).replace('$2', String(to))).execute(conn);
      // Each posting moves its accounts' versions, as the ledger's would (the roll-up task picks members by them).
      await sql`update ledger_accounts a set version = a.version + x.n
        from (select account, count(*) n from (
            select debit_account_id account from ledger_transfers where id between ${from} and ${to}
            union all select credit_account_id from ledger_transfers where id between ${from} and ${to}) y
          group by account) x
        where a.id = x.account`.execute(conn);
      progress(to, performance.now() - started);
      from = to + 1;
    }
    await sql`set session_replication_role = origin`.execute(conn);
  });
  await sql`select setval(pg_get_serial_sequence('ledger_transfers', 'id'), (select max(id) from ledger_transfers))`.execute(
    db,
  );
  await sql`select setval(pg_get_serial_sequence('ledger_operations', 'id'), (select max(id) from ledger_operations))`.execute(
    db,
  );
}
