import { rootTotal } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { logger } from '../../lib/log.ts';
import {
  type ChainReserves,
  headBlock,
  type ReservesChain,
  readReserves,
  signReserves,
} from './chain-reserves.ts';
import { COLUMNS, readLiabilities } from './liabilities.ts';
import { claimBuilding, publishSnapshot, refuseSnapshot } from './queries.ts';
import { type StoreTimes, storeTree } from './store.ts';
import { sortLeaves } from './tree.ts';

/** What a snapshot's build needs: the database and, when the platform follows one, the chain (and its hot wallet key). */
export type BuildDeps = { db: Db; chain?: ReservesChain };

/** How many problems a refusal names (a broken ledger could list a million members). */
const PROBLEMS_SHOWN = 20;

const NO_CHAIN_RESERVES: ChainReserves = {
  hotWallet: { address: null, balance: 0n },
  deposits: { xpub: '', count: 0, balance: 0n },
  total: 0n,
};

type Claim = { id: string; holder: string };
/** A build's end; a published one says how long its steps took (ms), for the log and the bench. */
type Outcome = {
  id: string;
  state: 'published' | 'refused';
  problem: string;
  steps?: Record<string, number>;
};

/**
 * Builds the snapshot that is building, if any and nobody else builds it. Answers its id and end state, or undefined
 * when there was nothing to build. A build that fails (the chain's node away...) refuses the snapshot with the
 * error, so the next request is not blocked behind it; a server that dies mid-build leaves it to its lease.
 */
export async function buildPending(d: BuildDeps): Promise<Outcome | undefined> {
  const claim = await claimBuilding(d.db);
  if (!claim) return undefined;
  const started = Date.now();
  try {
    return await buildClaimed(d, claim, started);
  } catch (err) {
    const problem = `the snapshot could not be built: ${err instanceof Error ? err.message : String(err)}`;
    await refuse(d, claim, started, { problem, chainId: d.chain?.config.chainId ?? 0, block: 0n, leaves: 0 });
    return { id: claim.id, state: 'refused', problem };
  }
}

async function refuse(
  d: BuildDeps,
  claim: Claim,
  started: number,
  r: { problem: string; chainId: number; block: bigint; leaves: number },
): Promise<Outcome> {
  await refuseSnapshot(d.db, claim.id, claim.holder, {
    problem: r.problem.slice(0, 4000),
    duration_ms: Date.now() - started,
    chain_id: r.chainId,
    block: r.block.toString(),
    leaves: r.leaves,
  });
  logger('reserves').warn(`snapshot ${claim.id} refused: ${r.problem}`);
  return { id: claim.id, state: 'refused', problem: r.problem };
}

/** The tree's total is not the ledger's: thrown inside the publishing transaction, so nothing of the tree is kept. */
class TotalsDiffer extends Error {}

/** A refusal's text: the first problems, and how many more. */
const listed = (problems: string[]) =>
  problems.slice(0, PROBLEMS_SHOWN).join('; ') +
  (problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '');

/**
 * The chain's block first (the reserves are read at that block), then every member's liabilities (each leaf hashed
 * as its row arrives) and the ledger's figures in one repeatable-read transaction, refused on any problem; else the
 * leaves sorted, the reserves at the block, and the tree stored, its upper levels made as it goes, then checked
 * against the ledger's total, signed by the hot wallet and published, all in one transaction. Its anchor follows
 * (anchor.ts).
 */
async function buildClaimed(d: BuildDeps, claim: Claim, started: number): Promise<Outcome> {
  const config = d.chain?.config;
  const block = config ? await headBlock(config) : 0n;
  const chainId = config?.chainId ?? 0;
  const takenAt = new Date();
  const readStarted = performance.now();
  const read = await readLiabilities(d.db, BigInt(claim.id));
  const readMs = Math.round(performance.now() - readStarted);
  if (read.problems.length > 0)
    return refuse(d, claim, started, {
      problem: listed(read.problems),
      chainId,
      block,
      leaves: read.members,
    });
  const sortStarted = performance.now();
  const tree = sortLeaves(read.leaves);
  const sortMs = Math.round(performance.now() - sortStarted);
  const reserves = config ? await readReserves(d.db, config, block) : NO_CHAIN_RESERVES;
  const key = config ? d.chain?.hotWalletKey : undefined;
  let stored: StoreTimes;
  try {
    stored = await storeTree(d.db, claim.id, tree, async (client, root) => {
      const total = rootTotal(root.sums);
      if (total !== read.ledgerTotal)
        throw new TotalsDiffer(
          `the tree's total ${total} differs from the ledger's liabilities ${read.ledgerTotal}`,
        );
      const signature = key
        ? await signReserves(key, {
            id: claim.id,
            chain_id: chainId,
            block: block.toString(),
            root: { hash: `0x${root.hash.toString('hex')}` },
          })
        : null;
      await publishSnapshot(client, claim.id, claim.holder, {
        chain_id: chainId,
        block: block.toString(),
        taken_at: takenAt,
        columns: [...COLUMNS],
        root_hash: root.hash,
        root_sums: root.sums.map(String),
        total: total.toString(),
        points_rp: read.points.RP.toString(),
        points_dp: read.points.DP.toString(),
        hot_wallet: reserves.hotWallet.address,
        hot_wallet_balance: reserves.hotWallet.balance.toString(),
        signature,
        deposit_xpub: config ? reserves.deposits.xpub : null,
        deposit_count: reserves.deposits.count,
        deposit_balance: reserves.deposits.balance.toString(),
        reserves_total: reserves.total.toString(),
        duration_ms: Date.now() - started,
        leaves: tree.order.length,
      });
    });
  } catch (err) {
    if (!(err instanceof TotalsDiffer)) throw err;
    return refuse(d, claim, started, { problem: err.message, chainId, block, leaves: read.members });
  }
  const steps = { read: readMs, sort: sortMs, ...stored };
  logger('reserves').info(
    `snapshot ${claim.id} published: ${tree.order.length} members, block ${block}; ms: ${JSON.stringify(steps)}`,
  );
  return { id: claim.id, state: 'published', problem: '', steps };
}
