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
import { storeTree } from './store.ts';
import { buildTree } from './tree.ts';

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
type Outcome = { id: string; state: 'published' | 'refused'; problem: string };

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

/**
 * The chain's block first (the reserves are read at that block), then every member's liabilities and the ledger's
 * figures in one repeatable-read transaction, refused on any problem; else the tree, the reserves at the block, the
 * hot wallet's signature, and the tree stored and published in one transaction. Its anchor follows (anchor.ts).
 */
async function buildClaimed(d: BuildDeps, claim: Claim, started: number): Promise<Outcome> {
  const config = d.chain?.config;
  const block = config ? await headBlock(config) : 0n;
  const chainId = config?.chainId ?? 0;
  const takenAt = new Date();
  const read = await readLiabilities(d.db);
  const problems = [...read.problems];
  const tree = problems.length === 0 ? buildTree(BigInt(claim.id), read.members, COLUMNS.length) : undefined;
  if (tree && rootTotal(tree.root.sums) !== read.ledgerTotal)
    problems.push(
      `the tree's total ${rootTotal(tree.root.sums)} differs from the ledger's liabilities ${read.ledgerTotal}`,
    );
  if (!tree || problems.length > 0) {
    const more = problems.length > PROBLEMS_SHOWN ? `; and ${problems.length - PROBLEMS_SHOWN} more` : '';
    const problem = problems.slice(0, PROBLEMS_SHOWN).join('; ') + more;
    return refuse(d, claim, started, { problem, chainId, block, leaves: read.members.length });
  }
  const reserves = config ? await readReserves(d.db, config, block) : NO_CHAIN_RESERVES;
  const key = config ? d.chain?.hotWalletKey : undefined;
  const signature = key
    ? await signReserves(key, {
        id: claim.id,
        chain_id: chainId,
        block: block.toString(),
        root: { hash: `0x${tree.root.hash.toString('hex')}` },
      })
    : null;
  await storeTree(d.db, claim.id, tree, (client) =>
    publishSnapshot(client, claim.id, claim.holder, {
      chain_id: chainId,
      block: block.toString(),
      taken_at: takenAt,
      columns: [...COLUMNS],
      root_hash: tree.root.hash,
      root_sums: tree.root.sums.map(String),
      total: rootTotal(tree.root.sums).toString(),
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
    }),
  );
  logger('reserves').info(`snapshot ${claim.id} published: ${tree.order.length} members, block ${block}`);
  return { id: claim.id, state: 'published', problem: '' };
}
