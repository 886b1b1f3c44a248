import { sql } from 'kysely';
import { type Address, type Hash, parseAbiItem, type PublicClient } from 'viem';
import { inTransaction, type Db } from '../../db/database.ts';
import { balancesChanged } from '../../ledger/balance-changes.ts';
import { type Ledger, platformAccount } from '../../ledger/index.ts';
import { postPayouts } from '../../ledger/payouts.ts';

/** Deposits credited per ledger operation. */
const CREDIT_BATCH = 5000;
/** Ranges read per step at most (a server catching up). */
const MAX_RANGES = 20;
/** Ranges recorded (and, when deep enough, credited) per transaction. */
const RECORD_RANGES = 10;

/** Blocks before the head where a chain's first scan starts (without a start block). */
const FIRST_SCAN_BACK = 1000n;

export const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export type ScannerDeps = {
  db: Db;
  ledger: Ledger;
  client: PublicClient;
  chainId: number;
  token: Address;
  /** A deposit is credited once its block has this many confirmations (its own block counts as one). */
  confirmations: number;
  /** Smaller deposits are recorded as `below_minimum` and never credited (token units). */
  minimum: bigint;
  /** Blocks read per `eth_getLogs` call. */
  range?: number;
  /** Where a chain's first scan starts. */
  startBlock?: bigint;
};

/**
 * The deposit scanner (DESIGN.md section 7): reads the token's `Transfer` logs in bounded block ranges from a durable
 * cursor, records those to members' deposit addresses keyed by (chain, tx hash, log index), and credits each once
 * its block has the confirmations, after checking the block is still canonical. Log filters never report logs a
 * reorg removed, so every pending deposit's block hash is compared with the chain's at each step: a different hash
 * drops the deposit and moves the cursor back so the range is read again (the deposit comes back if its
 * transaction was mined again). Several servers may run steps at once: the cursor row decides which scan is kept,
 * and a deposit's credit is one ledger operation keyed by its log, so it is credited once.
 */
export function createDepositScanner(d: ScannerDeps) {
  const range = BigInt(d.range ?? 500);
  const hashes = new Map<bigint, Hash>();
  async function blockHash(n: bigint): Promise<Hash | undefined> {
    const cached = hashes.get(n);
    if (cached) return cached;
    const b = await d.client.getBlock({ blockNumber: n }).catch(() => undefined);
    if (b?.hash) hashes.set(n, b.hash);
    return b?.hash ?? undefined;
  }

  async function cursor(head: bigint) {
    // A chain's first scan starts at startBlock, else a little before the head: a new deployment has no deposits
    // in the chain's history to look for.
    const first = d.startBlock ?? (head > FIRST_SCAN_BACK ? head - FIRST_SCAN_BACK : 0n);
    await d.db
      .insertInto('chain_cursors')
      .values({ chain_id: d.chainId, next_block: String(first) })
      .onConflict((oc) => oc.column('chain_id').doNothing())
      .execute();
    const row = await d.db
      .selectFrom('chain_cursors')
      .select(['next_block', 'last_hash'])
      .where('chain_id', '=', d.chainId)
      .executeTakeFirstOrThrow();
    return { next: BigInt(row.next_block), lastHash: row.last_hash };
  }

  /** Moves the cursor back to `to` (when it is ahead of it): that range is read again. */
  async function rewind(to: bigint) {
    await d.db
      .updateTable('chain_cursors')
      .set({ next_block: to.toString(), last_hash: null, updated_at: new Date() })
      .where('chain_id', '=', d.chainId)
      .where(sql<boolean>`next_block > ${to.toString()}`)
      .execute();
  }

  /** The logs of one range and the hash of its last block, read together. */
  async function fetchRange(from: bigint, head: bigint) {
    const to = from + range - 1n < head ? from + range - 1n : head;
    const [logs, last] = await Promise.all([
      d.client.getLogs({ address: d.token, event: TRANSFER, fromBlock: from, toBlock: to }),
      d.client.getBlock({ blockNumber: to }),
    ]);
    return { from, to, logs, last };
  }

  type Range = Awaited<ReturnType<typeof fetchRange>>;

  /**
   * Records the deposits of consecutive ranges to members' addresses and moves the cursor past them, in one
   * transaction; how many were credited on the way, or undefined when another scanner moved the cursor first (then
   * nothing of these ranges is kept).
   */
  async function recordRanges(group: Range[], head: bigint): Promise<number | undefined> {
    const first = group[0]!;
    const r = { from: first.from, to: group[group.length - 1]!.to, last: group[group.length - 1]!.last };
    // Ranges read when their last block already has the confirmations (a server catching up): their deposits were
    // just read from the chain as it is at that depth, so they are credited as they are recorded, in the same
    // transaction.
    const deep = head - r.to + 1n >= BigInt(d.confirmations);
    // The hashes the logs were read with are the chain's as of now: settle() needs no second read of them.
    for (const g of group) {
      for (const l of g.logs) if (l.blockHash) hashes.set(l.blockNumber, l.blockHash);
      if (g.last.hash) hashes.set(g.to, g.last.hash);
    }
    const logs = group
      .flatMap((g) => g.logs)
      .filter((l) => l.args.to && l.transactionHash !== null && l.logIndex !== null && l.blockHash !== null);
    const members = await inTransaction(d.db, async (tx) => {
      const moved = await tx
        .updateTable('chain_cursors')
        .set({ next_block: (r.to + 1n).toString(), last_hash: r.last.hash, updated_at: new Date() })
        .where('chain_id', '=', d.chainId)
        .where('next_block', '=', r.from.toString())
        .executeTakeFirst();
      // Another scanner kept this range first.
      if (moved.numUpdatedRows === 0n) return undefined;
      if (logs.length === 0) return [];
      // Set-based: the logs go in as arrays, joined to the members' addresses in the database; a log to an address
      // that is no member's is left out. A deposit dropped by a reorg and mined again comes back `detected`.
      const col = <T>(f: (l: (typeof logs)[number]) => T) => logs.map(f);
      const fresh = deep ? 'credited' : 'detected';
      const rows = await sql<{
        id: string;
        member_id: string;
        state: string;
        inserted: boolean;
      }>`insert into chain_deposits
          (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address, amount, state,
          credited_at)
        select ${d.chainId}, l.tx_hash, l.log_index, l.block_number, l.block_hash, a.member_id, l.address, l.from_address,
          l.amount, case when l.amount < ${d.minimum.toString()}::numeric then 'below_minimum' else ${fresh} end,
          case when ${deep} and l.amount >= ${d.minimum.toString()}::numeric then now() end
        from unnest(${col((l) => l.transactionHash)}::text[], ${col((l) => l.logIndex)}::int[],
          ${col((l) => l.blockNumber.toString())}::bigint[], ${col((l) => l.blockHash)}::text[],
          ${col((l) => (l.args.to ?? '').toLowerCase())}::text[], ${col((l) => (l.args.from ?? '').toLowerCase())}::text[],
          ${col((l) => (l.args.value ?? 0n).toString())}::numeric[])
          as l(tx_hash, log_index, block_number, block_hash, address, from_address, amount)
        join chain_addresses a on a.chain_id = ${d.chainId} and a.address = l.address
        on conflict (chain_id, tx_hash, log_index) do update
          set block_number = excluded.block_number, block_hash = excluded.block_hash,
            state = case when excluded.state = 'below_minimum' then 'below_minimum' else 'detected' end,
            credited_at = null
          where chain_deposits.state = 'dropped'
        returning id, member_id, state, (xmax = 0) inserted`.execute(tx);
      // Only rows this insert made are credited here (one found again after a reorg waits for settle()).
      const credit = rows.rows.filter((x) => x.inserted && x.state === 'credited');
      if (credit.length === 0) return [];
      const paid = await postPayouts(tx, d.ledger.accounts, creditBatch(credit.map((x) => x.id)));
      if (!paid) throw new Error('the deposits were recorded but not paid');
      return credit.map((x) => x.member_id);
    });
    if (members === undefined) return undefined;
    if (members.length) balancesChanged(d.db, [...new Set(members)]);
    return members.length;
  }

  /** A ledger operation paying these deposits: chain -> each member's deposit wallet, one transfer per deposit. */
  function creditBatch(ids: string[]) {
    return {
      key: (first: string, last: string) => `chain:${d.chainId}:credit:${first}-${last}`,
      kind: 'deposit',
      from: platformAccount('chain', 'USDT'),
      rows: sql`select d.id source_id, d.member_id, 'deposit' wallet, d.amount, d.tx_hash || ':' || d.log_index reference,
          jsonb_build_object('tx', d.tx_hash, 'from', d.from_address) details
        from chain_deposits d where d.id = any(${ids}::bigint[])`,
    };
  }

  /**
   * Reads what is new, up to `maxRanges` ranges (a server catching up reads several per step; the next range's logs
   * are fetched while the last one is recorded); false when there was nothing new (or another scanner took it).
   */
  async function scanRanges(head: bigint, maxRanges: number): Promise<{ read: boolean; credited: number }> {
    const c = await cursor(head);
    if (c.lastHash && c.next > 0n) {
      const now = await blockHash(c.next - 1n);
      if (now && now !== c.lastHash) {
        // The block the cursor stands on was replaced: read the last blocks again.
        const back = c.next - 1n - BigInt(d.confirmations) * 2n;
        await rewind(back > (d.startBlock ?? 0n) ? back : (d.startBlock ?? 0n));
        return { read: true, credited: 0 };
      }
    }
    if (c.next > head) return { read: false, credited: 0 };
    // The ranges' logs are fetched one after another (the node answers one at a time) while earlier ones are
    // recorded, RECORD_RANGES ranges per transaction.
    const starts: bigint[] = [];
    for (let f = c.next; starts.length < maxRanges && f <= head; f += range) starts.push(f);
    let previous: Promise<unknown> = Promise.resolve();
    const fetched = starts.map((f) => {
      const p = previous.then(() => fetchRange(f, head));
      previous = p.catch(() => undefined);
      return p;
    });
    let read = false;
    let credited = 0;
    try {
      for (let i = 0; i < fetched.length; i += RECORD_RANGES) {
        const group = await Promise.all(fetched.slice(i, i + RECORD_RANGES));
        const n = await recordRanges(group, head);
        if (n === undefined) break;
        credited += n;
        read = true;
      }
    } finally {
      await previous;
    }
    return { read, credited };
  }

  /**
   * Credits the detected deposits that have their confirmations; drops those whose block left the chain. Each
   * deposit's block hash is compared with the chain's (read once per block and step; the blocks this step's logs
   * came from are already known). The deposits ready are credited in batches, one ledger operation each: the
   * operation marks its deposits credited with `state = 'detected'` in the condition, so a deposit two scanners
   * both try to credit is credited by the first to commit and skipped by the other.
   */
  async function settle(head: bigint) {
    const pending = await d.db
      .selectFrom('chain_deposits')
      .select(['id', 'block_number', 'block_hash'])
      .where('chain_id', '=', d.chainId)
      .where('state', '=', 'detected')
      .orderBy('block_number')
      .limit(4 * CREDIT_BATCH)
      .execute();
    const blocks = [...new Set(pending.map((p) => BigInt(p.block_number)))].filter((n) => n <= head);
    for (let i = 0; i < blocks.length; i += 50) await Promise.all(blocks.slice(i, i + 50).map(blockHash));
    let credited = 0;
    let dropped = 0;
    const ready: string[] = [];
    for (const p of pending) {
      const n = BigInt(p.block_number);
      const canonical = n <= head ? hashes.get(n) : undefined;
      if (canonical !== p.block_hash) {
        const gone = await d.db
          .updateTable('chain_deposits')
          .set({ state: 'dropped' })
          .where('id', '=', p.id)
          .where('state', '=', 'detected')
          .where('block_hash', '=', p.block_hash)
          .executeTakeFirst();
        if (gone.numUpdatedRows > 0n) dropped++;
        await rewind(n);
        continue;
      }
      if (head - n + 1n >= BigInt(d.confirmations)) ready.push(p.id);
    }
    for (let i = 0; i < ready.length; i += CREDIT_BATCH)
      credited += await credit(ready.slice(i, i + CREDIT_BATCH));
    return { credited, dropped };
  }

  /**
   * Credits these deposits (those still detected) in one ledger operation, set-based (as daily payouts are): chain ->
   * each member's deposit wallet, one transfer per deposit referenced by its log.
   */
  async function credit(ids: string[]): Promise<number> {
    const credited = await inTransaction(d.db, async (tx) => {
      const marked = await tx
        .updateTable('chain_deposits')
        .set({ state: 'credited', credited_at: new Date() })
        .where('id', 'in', ids)
        .where('state', '=', 'detected')
        .returning(['id', 'member_id'])
        .execute();
      if (marked.length === 0) return [];
      const paid = await postPayouts(tx, d.ledger.accounts, creditBatch(marked.map((m) => m.id)));
      if (!paid) throw new Error('the deposits were marked but not paid');
      return marked;
    });
    if (credited.length) balancesChanged(d.db, [...new Set(credited.map((m) => m.member_id))]);
    return credited.length;
  }

  return {
    /** One step: read what is new (a range at most), then settle the pending deposits. */
    async step() {
      hashes.clear();
      const head = await d.client.getBlockNumber({ cacheTime: 0 });
      const scan = await scanRanges(head, MAX_RANGES);
      const settled = await settle(head);
      return {
        head,
        scanned: scan.read,
        credited: scan.credited + settled.credited,
        dropped: settled.dropped,
      };
    },
    /** Steps until the cursor reaches the head (a first start, or after a pause). */
    async catchUp(max = 1000) {
      let totals = { credited: 0, dropped: 0 };
      for (let i = 0; i < max; i++) {
        const r = await this.step();
        totals = { credited: totals.credited + r.credited, dropped: totals.dropped + r.dropped };
        if (!r.scanned) break;
      }
      return totals;
    },
  };
}

export type DepositScanner = ReturnType<typeof createDepositScanner>;
