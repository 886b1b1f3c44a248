import { sql } from 'kysely';
import { type Address, type Hash, parseAbiItem, type PublicClient } from 'viem';
import type { Db } from '../../db/database.ts';
import { type Ledger, memberAccount, platformAccount } from '../../ledger/index.ts';

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

  /** Reads the next range of logs; false when there was nothing new (or another scanner took the range). */
  async function scanRange(head: bigint): Promise<boolean> {
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
    const to = c.next + range - 1n < head ? c.next + range - 1n : head;
    const [logs, last] = await Promise.all([
      d.client.getLogs({ address: d.token, event: TRANSFER, fromBlock: c.next, toBlock: to }),
      d.client.getBlock({ blockNumber: to }),
    ]);
    const wanted = [...new Set(logs.map((l) => (l.args.to ?? '').toLowerCase()).filter(Boolean))];
    const owners = wanted.length
      ? await d.db
          .selectFrom('chain_addresses')
          .select(['address', 'member_id'])
          .where('chain_id', '=', d.chainId)
          .where('address', 'in', wanted)
          .execute()
      : [];
    const ownerOf = new Map(owners.map((o) => [o.address, o.member_id]));
    const rows = logs.flatMap((l) => {
      const address = (l.args.to ?? '').toLowerCase();
      const member = ownerOf.get(address);
      if (!member || l.transactionHash === null || l.logIndex === null || l.blockHash === null) return [];
      const amount = l.args.value ?? 0n;
      return [
        {
          chain_id: d.chainId,
          tx_hash: l.transactionHash,
          log_index: l.logIndex,
          block_number: String(l.blockNumber),
          block_hash: l.blockHash,
          member_id: member,
          address,
          from_address: (l.args.from ?? '').toLowerCase(),
          amount: amount.toString(),
          state: amount < d.minimum ? ('below_minimum' as const) : ('detected' as const),
        },
      ];
    });
    return d.db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('chain_cursors')
        .set({ next_block: (to + 1n).toString(), last_hash: last.hash, updated_at: new Date() })
        .where('chain_id', '=', d.chainId)
        .where('next_block', '=', c.next.toString())
        .executeTakeFirst();
      // Another scanner kept this range first.
      if (moved.numUpdatedRows === 0n) return false;
      if (rows.length)
        await tx
          .insertInto('chain_deposits')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['chain_id', 'tx_hash', 'log_index'])
              .doUpdateSet((eb) => ({
                block_number: eb.ref('excluded.block_number'),
                block_hash: eb.ref('excluded.block_hash'),
                state: eb.ref('excluded.state'),
              }))
              .where('chain_deposits.state', '=', 'dropped'),
          )
          .execute();
      return true;
    });
  }

  /** Credits the pending deposits that have their confirmations; drops those whose block left the chain. */
  async function settle(head: bigint) {
    const pending = await d.db
      .selectFrom('chain_deposits')
      .selectAll()
      .where('chain_id', '=', d.chainId)
      .where('state', '=', 'detected')
      .orderBy('block_number')
      .limit(1000)
      .execute();
    let credited = 0;
    let dropped = 0;
    for (const p of pending) {
      const n = BigInt(p.block_number);
      const canonical = n <= head ? await blockHash(n) : undefined;
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
      if (head - n + 1n < BigInt(d.confirmations)) continue;
      const done = await d.ledger.operation(
        {
          key: `chain:${d.chainId}:${p.tx_hash}:${p.log_index}`,
          kind: 'deposit',
          memberId: p.member_id,
          request: { tx: p.tx_hash, log: p.log_index, amount: p.amount },
        },
        async (op) => {
          const marked = await op.tx
            .updateTable('chain_deposits')
            .set({ state: 'credited', credited_at: new Date() })
            .where('id', '=', p.id)
            .where('state', '=', 'detected')
            .executeTakeFirst();
          if (marked.numUpdatedRows === 0n) return { credited: false };
          await op.post([
            {
              debit: platformAccount('chain', 'USDT'),
              credit: memberAccount(p.member_id, 'deposit', 'USDT'),
              amount: BigInt(p.amount),
              kind: 'deposit',
              reference: `${p.tx_hash}:${p.log_index}`,
              details: { tx: p.tx_hash, from: p.from_address },
            },
          ]);
          return { credited: true };
        },
      );
      if (done.credited) credited++;
    }
    return { credited, dropped };
  }

  return {
    /** One step: read what is new (a range at most), then settle the pending deposits. */
    async step() {
      hashes.clear();
      const head = await d.client.getBlockNumber({ cacheTime: 0 });
      const scanned = await scanRange(head);
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
