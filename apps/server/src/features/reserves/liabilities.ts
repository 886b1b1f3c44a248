import { sql } from 'kysely';
import type { Conn, Db } from '../../db/database.ts';
import type { LeafInput } from './tree.ts';

/**
 * The tree's liability columns: every way the platform owes a member USDT. A member's four USDT wallets at what
 * they may spend (posted balance less held debits), the withdrawals held from them (pending debits: the money is
 * still the member's until the payout is posted), and what copy trading's custody holds for the member's open
 * copies (their `booked` value). XT, RP and DP are not redeemable for USDT: RP and DP are reported apart as totals.
 */
export const COLUMNS = ['deposit', 'trading', 'reward', 'funds', 'withdrawals_held', 'copy_custody'] as const;

/** What one repeatable-read transaction read: every member's leaf input and the ledger's own figures. */
export type LiabilityRead = {
  members: LeafInput[];
  /** Problems that refuse the snapshot: a negative amount, or the ledger's figures disagree with the tree's. */
  problems: string[];
  /** The ledger's liabilities (members' USDT accounts + copy custody), which the tree's total must equal. */
  ledgerTotal: bigint;
  points: { RP: bigint; DP: bigint };
};

type MemberRow = {
  member_id: string;
  deposit: string;
  trading: string;
  reward: string;
  funds: string;
  held: string;
  custody: string;
};

/** Every member, zeros included (a member with no account still gets a leaf), with each column's amount. */
const memberRows = (db: Conn) =>
  sql<MemberRow>`
    with acc as (
      select member_id,
        sum(credits_posted - debits_posted - debits_pending) filter (where wallet = 'deposit') deposit,
        sum(credits_posted - debits_posted - debits_pending) filter (where wallet = 'trading') trading,
        sum(credits_posted - debits_posted - debits_pending) filter (where wallet = 'reward') reward,
        sum(credits_posted - debits_posted - debits_pending) filter (where wallet = 'funds') funds,
        sum(debits_pending) held
      from ledger_accounts where member_id is not null and asset = 'USDT' group by member_id
    ), copies as (
      select member_id, sum(booked) custody from copy_investments where state in ('active', 'closing')
      group by member_id
    )
    select m.id::text member_id, coalesce(acc.deposit, 0)::text deposit, coalesce(acc.trading, 0)::text trading,
      coalesce(acc.reward, 0)::text reward, coalesce(acc.funds, 0)::text funds, coalesce(acc.held, 0)::text held,
      coalesce(copies.custody, 0)::text custody
    from members m left join acc on acc.member_id = m.id left join copies on copies.member_id = m.id
    order by m.id`.execute(db);

type LedgerFigures = {
  members_usdt: string;
  custody: string;
  dp: string;
  cp: string;
  dpe: string;
  cpe: string;
  rp: string;
  dpts: string;
};

/**
 * The ledger's figures, read apart from the members' rows: USDT debits = credits (posted and pending, the figures
 * Admin/ledgerhealth checks per asset), the members' USDT and copy custody's balance, and the points owed.
 */
const ledgerFigures = (db: Conn) =>
  sql<LedgerFigures>`
    select
      coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'USDT'), 0)::text members_usdt,
      coalesce(sum(credits_posted - debits_posted) filter (where platform = 'copy_custody' and asset = 'USDT'), 0)::text custody,
      coalesce(sum(debits_posted) filter (where asset = 'USDT'), 0)::text dp,
      coalesce(sum(credits_posted) filter (where asset = 'USDT'), 0)::text cp,
      coalesce(sum(debits_pending) filter (where asset = 'USDT'), 0)::text dpe,
      coalesce(sum(credits_pending) filter (where asset = 'USDT'), 0)::text cpe,
      coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'RP'), 0)::text rp,
      coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'DP'), 0)::text dpts
    from ledger_accounts`.execute(db);

/**
 * Reads every member's liabilities and the ledger's figures in ONE repeatable-read, read-only transaction, so both
 * are the same moment of the ledger, and lists what refuses the snapshot.
 */
export async function readLiabilities(db: Db): Promise<LiabilityRead> {
  return db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read read only`.execute(conn);
    try {
      const rows = (await memberRows(conn)).rows;
      const figures = (await ledgerFigures(conn)).rows[0] as LedgerFigures;
      return judge(rows, figures);
    } finally {
      await sql`commit`.execute(conn);
    }
  });
}

function judge(rows: MemberRow[], f: LedgerFigures): LiabilityRead {
  const problems: string[] = [];
  const members: LeafInput[] = [];
  const totals = new Array<bigint>(COLUMNS.length).fill(0n);
  for (const r of rows) {
    const amounts = [r.deposit, r.trading, r.reward, r.funds, r.held, r.custody].map(BigInt);
    amounts.forEach((a, i) => {
      totals[i] = (totals[i] as bigint) + a;
      if (a < 0n) problems.push(`member ${r.member_id}: ${COLUMNS[i]} is below zero (${a})`);
    });
    members.push({ memberId: r.member_id, amounts });
  }
  if (f.dp !== f.cp) problems.push(`ledger: USDT posted debits ${f.dp} != credits ${f.cp}`);
  if (f.dpe !== f.cpe) problems.push(`ledger: USDT pending debits ${f.dpe} != credits ${f.cpe}`);
  const wallets = totals.slice(0, 5).reduce((a, b) => a + b, 0n);
  if (wallets !== BigInt(f.members_usdt))
    problems.push(`ledger: members' USDT accounts hold ${f.members_usdt}, the tree's wallets ${wallets}`);
  const custody = totals[5] as bigint;
  if (custody !== BigInt(f.custody))
    problems.push(`ledger: copy custody holds ${f.custody}, the open copies booked ${custody}`);
  return {
    members,
    problems,
    ledgerTotal: BigInt(f.members_usdt) + BigInt(f.custody),
    points: { RP: BigInt(f.rp), DP: BigInt(f.dpts) },
  };
}
