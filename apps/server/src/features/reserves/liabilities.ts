import { type Db, poolOf } from '../../db/database.ts';
import { copyRowsOut } from '../../db/pg-copy.ts';
import { LeafHashes } from './tree.ts';

/**
 * The tree's liability columns: every way the platform owes a member USDT. A member's four USDT wallets at what
 * they may spend (posted balance less held debits), the withdrawals held from them (pending debits: the money is
 * still the member's until the payout is posted), and what copy trading's custody holds for the member's open
 * copies (their `booked` value). XT, RP and DP are not redeemable for USDT: RP and DP are reported apart as totals.
 */
export const COLUMNS = ['deposit', 'trading', 'reward', 'funds', 'withdrawals_held', 'copy_custody'] as const;

/** What one repeatable-read transaction read: every member's leaf, hashed, and the ledger's own figures. */
export type LiabilityRead = {
  leaves: LeafHashes;
  /** How many members were read (their leaves are all hashed unless a problem refuses the snapshot). */
  members: number;
  /** Problems that refuse the snapshot: a negative amount, or the ledger's figures disagree with the members'. */
  problems: string[];
  /** The ledger's liabilities (members' USDT accounts + copy custody), which the tree's total must equal. */
  ledgerTotal: bigint;
  points: { RP: bigint; DP: bigint };
};

/**
 * Every member, by id (the order the leaves are stored in, that of their primary key): each gets a leaf, zeros
 * included (a member with no account still has one).
 */
const MEMBER_IDS = 'copy (select id from members order by id) to stdout (format binary)';

/**
 * Every member USDT account as it is stored, in no order (a plain scan, nothing summed or sorted in PostgreSQL): its
 * member, its column (deposit 0, trading 1, reward 2, funds 3; another wallet -1, which only holds), what the member
 * may spend of it (posted balance less held debits) and what it holds for withdrawals (its pending debits). Each
 * member has at most one account per wallet and asset (ledger_accounts_member).
 */
const ACCOUNTS = `
  copy (
    select member_id,
      (case wallet when 'deposit' then 0 when 'trading' then 1 when 'reward' then 2 when 'funds' then 3 else -1 end)::int2,
      credits_posted - debits_posted - debits_pending, debits_pending
    from ledger_accounts where member_id is not null and asset = 'USDT'
  ) to stdout (format binary)`;

/** What copy trading's custody holds for each member with open copies (their `booked` value). */
const CUSTODY = `
  copy (
    select member_id, sum(booked)::int8 from copy_investments where state in ('active', 'closing') group by member_id
  ) to stdout (format binary)`;

const HELD = 4;
const CUSTODY_COLUMN = 5;

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
const LEDGER_FIGURES = `
  select
    coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'USDT'), 0)::text members_usdt,
    coalesce(sum(credits_posted - debits_posted) filter (where platform = 'copy_custody' and asset = 'USDT'), 0)::text custody,
    coalesce(sum(debits_posted) filter (where asset = 'USDT'), 0)::text dp,
    coalesce(sum(credits_posted) filter (where asset = 'USDT'), 0)::text cp,
    coalesce(sum(debits_pending) filter (where asset = 'USDT'), 0)::text dpe,
    coalesce(sum(credits_pending) filter (where asset = 'USDT'), 0)::text cpe,
    coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'RP'), 0)::text rp,
    coalesce(sum(credits_posted - debits_posted) filter (where member_id is not null and asset = 'DP'), 0)::text dpts
  from ledger_accounts`;

/**
 * Reads every member's liabilities and the ledger's figures in ONE repeatable-read, read-only transaction, so both
 * are the same moment of the ledger, by binary COPY (no object, string or bigint per row), hashes each member's leaf
 * for snapshot `snapshotId` (while PostgreSQL sums the figures), and lists what refuses the snapshot.
 */
export async function readLiabilities(db: Db, snapshotId: bigint): Promise<LiabilityRead> {
  const client = await poolOf(db).connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const ids: number[] = [];
    await copyRowsOut(client, MEMBER_IDS, (buf, f) => ids.push(int8(buf, f[0] as number)));
    const table = new MemberAmounts(ids);
    await copyRowsOut(client, ACCOUNTS, (buf, f) => table.account(buf, f));
    await copyRowsOut(client, CUSTODY, (buf, f) =>
      table.set(int8(buf, f[0] as number), CUSTODY_COLUMN, buf, f[1] as number),
    );
    // PostgreSQL sums the ledger's figures on its core while the leaves are hashed on this one.
    const figuresRead = client.query<LedgerFigures>(LEDGER_FIGURES);
    figuresRead.catch(() => {});
    const hashed = table.hash(snapshotId);
    const figures = (await figuresRead).rows[0] as LedgerFigures;
    await client.query('commit');
    return judge(hashed, figures);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** An int8 field as a number (ids: below 2^53). */
const int8 = (buf: Buffer, at: number) => buf.readInt32BE(at) * 2 ** 32 + buf.readUInt32BE(at + 4);

/** Bytes per member in the table: one int8 per column, big-endian as COPY gives them and the leaves take them. */
const ROW = 8 * COLUMNS.length;

/**
 * Every member's amounts, one row of int8s per member, filled account by account. A member id finds its row through
 * an array when ids are dense enough (they are a sequence), else a Map.
 */
class MemberAmounts {
  private readonly amounts: Buffer;
  private readonly dense?: Int32Array;
  private readonly sparse?: Map<number, number>;

  constructor(private readonly ids: number[]) {
    this.amounts = Buffer.alloc(ROW * ids.length);
    const max = ids.reduce((a, b) => Math.max(a, b), 0);
    if (max <= 4 * ids.length + 65_536) {
      this.dense = new Int32Array(max + 1).fill(-1);
      ids.forEach((id, row) => {
        (this.dense as Int32Array)[id] = row;
      });
    } else this.sparse = new Map(ids.map((id, row) => [id, row]));
  }

  private rowOf(memberId: number): number {
    const row = this.dense ? (this.dense[memberId] ?? -1) : (this.sparse?.get(memberId) ?? -1);
    if (row < 0) throw new Error(`an account of member ${memberId}, who is not in the members read`);
    return row;
  }

  /** One account: its spendable amount into its wallet's column, its held debits added to the member's held. */
  account(buf: Buffer, f: Int32Array) {
    const row = this.rowOf(int8(buf, f[0] as number));
    const column = buf.readInt16BE(f[1] as number);
    if (column >= 0) this.add(row, column, buf, f[2] as number);
    this.add(row, HELD, buf, f[3] as number);
  }

  set(memberId: number, column: number, buf: Buffer, at: number) {
    buf.copy(this.amounts, ROW * this.rowOf(memberId) + 8 * column, at, at + 8);
  }

  /** Adds an int8 into a column, 32 bits at a time; past the int8's range it throws (RangeError). */
  private add(row: number, column: number, buf: Buffer, at: number) {
    const to = ROW * row + 8 * column;
    const lo = this.amounts.readUInt32BE(to + 4) + buf.readUInt32BE(at + 4);
    const hi = this.amounts.readInt32BE(to) + buf.readInt32BE(at) + (lo >= 2 ** 32 ? 1 : 0);
    this.amounts.writeInt32BE(hi, to);
    this.amounts.writeUInt32BE(lo % 2 ** 32, to + 4);
  }

  /**
   * Each member's leaf hashed, each column totalled (exactly: 32-bit halves summed in plain numbers, folded into
   * bigints every 2^20 members), and every member with a negative amount named: a refused snapshot hashes no more.
   */
  hash(snapshotId: bigint): MembersRead {
    const leaves = new LeafHashes(snapshotId, COLUMNS.length);
    const negatives: string[] = [];
    const hi = new Array<number>(COLUMNS.length).fill(0);
    const lo = new Array<number>(COLUMNS.length).fill(0);
    const totals = new Array<bigint>(COLUMNS.length).fill(0n);
    const fold = () => {
      for (let c = 0; c < COLUMNS.length; c++) {
        totals[c] = (totals[c] as bigint) + (BigInt(hi[c] as number) << 32n) + BigInt(lo[c] as number);
        hi[c] = 0;
        lo[c] = 0;
      }
    };
    const amounts = this.amounts;
    for (const [row, memberId] of this.ids.entries()) {
      for (let c = 0; c < COLUMNS.length; c++) {
        const at = ROW * row + 8 * c;
        hi[c] = (hi[c] as number) + amounts.readInt32BE(at);
        lo[c] = (lo[c] as number) + amounts.readUInt32BE(at + 4);
        if (amounts.readInt32BE(at) < 0)
          negatives.push(`member ${memberId}: ${COLUMNS[c]} is below zero (${amounts.readBigInt64BE(at)})`);
      }
      if (row % 2 ** 20 === 2 ** 20 - 1) fold();
      if (negatives.length === 0) leaves.add(memberId, amounts, ROW * row, 8);
    }
    fold();
    return { leaves, members: this.ids.length, totals, negatives };
  }
}

type MembersRead = { leaves: LeafHashes; members: number; totals: bigint[]; negatives: string[] };

function judge(read: MembersRead, f: LedgerFigures): LiabilityRead {
  const { totals } = read;
  const problems = [...read.negatives];
  if (f.dp !== f.cp) problems.push(`ledger: USDT posted debits ${f.dp} != credits ${f.cp}`);
  if (f.dpe !== f.cpe) problems.push(`ledger: USDT pending debits ${f.dpe} != credits ${f.cpe}`);
  const wallets = totals.slice(0, 5).reduce((a, b) => a + b, 0n);
  if (wallets !== BigInt(f.members_usdt))
    problems.push(`ledger: members' USDT accounts hold ${f.members_usdt}, the tree's wallets ${wallets}`);
  const custody = totals[5] as bigint;
  if (custody !== BigInt(f.custody))
    problems.push(`ledger: copy custody holds ${f.custody}, the open copies booked ${custody}`);
  return {
    leaves: read.leaves,
    members: read.members,
    problems,
    ledgerTotal: BigInt(f.members_usdt) + BigInt(f.custody),
    points: { RP: BigInt(f.rp), DP: BigInt(f.dpts) },
  };
}
