import { sql } from 'kysely';
import { type Address, type Hash, parseAbiItem, type PublicClient } from 'viem';
import { inTransaction, type Db } from '../../db/database.ts';
import { balancesChanged } from '../../ledger/balance-changes.ts';
import { type Ledger, platformAccount } from '../../ledger/index.ts';
import { postPayouts } from '../../ledger/payouts.ts';

/** Deposits credited per ledger operation. */
const CREDIT_BATCH = 5000;
/** Ranges read per step at most (a server catching up). */
const MAX_RANGES = 10;

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

  /**
   * Records a range's deposits to members' addresses and moves the cursor past it, in one transaction; false when
   * another scanner moved the cursor first (then nothing of this range is kept).
   */
  async function recordRange(r: Awaited<ReturnType<typeof fetchRange>>): Promise<boolean> {
    // The hashes the logs were read with are the chain's as of now: settle() needs no second read of them.
    for (const l of r.logs) if (l.blockHash) hashes.set(l.blockNumber, l.blockHash);
    if (r.last.hash) hashes.set(r.to, r.last.hash);
    const logs = r.logs.filter(
      (l) => l.args.to && l.transactionHash !== null && l.logIndex !== null && l.blockHash !== null,
    );
    return inTransaction(d.db, async (tx) => {
      const moved = await tx
        .updateTable('chain_cursors')
        .set({ next_block: (r.to + 1n).toString(), last_hash: r.last.hash, updated_at: new Date() })
        .where('chain_id', '=', d.chainId)
        .where('next_block', '=', r.from.toString())
        .executeTakeFirst();
      // Another scanner kept this range first.
      if (moved.numUpdatedRows === 0n) return false;
      if (logs.length === 0) return true;
      // Set-based: the logs go in as arrays, joined to the members' addresses in the database; a log to an address
      // that is no member's is left out. A deposit dropped by a reorg and mined again comes back `detected`.
      const col = <T>(f: (l: (typeof logs)[number]) => T) => logs.map(f);
      await sql`insert into chain_deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address,
          from_address, amount, state)
        select ${d.chainId}, l.tx_hash, l.log_index, l.block_number, l.block_hash, a.member_id, l.address, l.from_address,
          l.amount, case when l.amount < ${d.minimum.toString()}::numeric then 'below_minimum' else 'detected' end
        from unnest(${col((l) => l.transactionHash)}::text[], ${col((l) => l.logIndex)}::int[],
          ${col((l) => l.blockNumber.toString())}::bigint[], ${col((l) => l.blockHash)}::text[],
          ${col((l) => (l.args.to ?? '').toLowerCase())}::text[], ${col((l) => (l.args.from ?? '').toLowerCase())}::text[],
          ${col((l) => (l.args.value ?? 0n).toString())}::numeric[])
          as l(tx_hash, log_index, block_number, block_hash, address, from_address, amount)
        join chain_addresses a on a.chain_id = ${d.chainId} and a.address = l.address
        on conflict (chain_id, tx_hash, log_index) do update
          set block_number = excluded.block_number, block_hash = excluded.block_hash, state = excluded.state
          where chain_deposits.state = 'dropped'`.execute(tx);
      return true;
    });
  }

  /**
   * Reads what is new, up to `maxRanges` ranges (a server catching up reads several per step; the next range's logs
   * are fetched while the last one is recorded); false when there was nothing new (or another scanner took it).
   */
  async function scanRanges(head: bigint, maxRanges: number): Promise<boolean> {
    const c = await cursor(head);
    if (c.lastHash && c.next > 0n) {
      const now = await blockHash(c.next - 1n);
      if (now && now !== c.lastHash) {
        // The block the cursor stands on was replaced: read the last blocks again.
        const back = c.next - 1n - BigInt(d.confirmations) * 2n;
        await rewind(back > (d.startBlock ?? 0n) ? back : (d.startBlock ?? 0n));
        return true;
      }
    }
    if (c.next > head) return false;
    let next: ReturnType<typeof fetchRange> | undefined = fetchRange(c.next, head);
    let read = false;
    for (let i = 0; next; i++) {
      const r: Awaited<ReturnType<typeof fetchRange>> = await next;
      next = i + 1 < maxRanges && r.to < head ? fetchRange(r.to + 1n, head) : undefined;
      if (!(await recordRange(r))) {
        await next?.catch(() => undefined);
        break;
      }
      read = true;
    }
    return read;
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
      const paid = await postPayouts(tx, d.ledger.accounts, {
        key: (first, last) => `chain:${d.chainId}:credit:${first}-${last}`,
        kind: 'deposit',
        from: platformAccount('chain', 'USDT'),
        rows: sql`select d.id source_id, d.member_id, 'deposit' wallet, d.amount, d.tx_hash || ':' || d.log_index reference,
            jsonb_build_object('tx', d.tx_hash, 'from', d.from_address) details
          from chain_deposits d where d.id = any(${marked.map((m) => m.id)}::bigint[])`,
      });
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
      const scanned = await scanRanges(head, MAX_RANGES);
      const settled = await settle(head);
      return { head, scanned, ...settled };
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
