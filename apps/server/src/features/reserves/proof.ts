import { memberHash, type ReserveProof, toHex } from '@mp/contract';
import type { Db } from '../../db/database.ts';
import { Refusal } from '../../lib/errors.ts';
import { nodesAt, proofHead } from './queries.ts';
import { levelCount, unpackSums } from './tree.ts';

const notFound = () => new Refusal(404, 'reserves_snapshot_not_found');

/**
 * A member's proof in a published snapshot, in two round trips: the snapshot with the member's leaf (index and
 * salt), then the leaf's node and the sibling at each level below the root in one query of primary-key probes (about
 * 20 at a million members). A sibling past a level's end is the empty node.
 */
export async function memberProof(db: Db, snapshotId: string, memberId: string): Promise<ReserveProof> {
  const s = await proofHead(db, snapshotId, memberId);
  if (!s?.root_hash || !s.root_sums) throw notFound();
  // The retention job deleted the tree (the root and figures stay): a proof of it was downloadable until then.
  if (s.tree_pruned_at) throw new Refusal(404, 'reserves_proof_pruned');
  // Every member at the snapshot's time has a leaf; one who joined later is not in it.
  if (s.idx === null || !s.salt) throw notFound();
  const leaf = { idx: s.idx, salt: s.salt };
  const levels = levelCount(s.leaves);
  const wanted = [{ level: 0, idx: leaf.idx }];
  for (let level = 0, at = leaf.idx; level < levels - 1; level++, at >>= 1)
    wanted.push({ level, idx: at ^ 1 });
  const rows = await nodesAt(db, snapshotId, wanted);
  const node = (level: number, idx: number) => rows.find((r) => r.level === level && r.idx === idx);
  const own = node(0, leaf.idx);
  if (!own) throw new Error(`snapshot ${snapshotId}: the leaf of member ${memberId} has no node`);
  const columns = s.columns.length;
  const path = wanted.slice(1).map(({ level, idx }) => {
    const sibling = node(level, idx);
    return {
      side: idx % 2 === 0 ? ('left' as const) : ('right' as const),
      hash: toHex(sibling?.hash ?? new Uint8Array(32)),
      sums: sibling ? unpackSums(sibling.sums).map(String) : new Array<string>(columns).fill('0'),
    };
  });
  return {
    format: 'mp-por-v1',
    snapshot: {
      id: s.id,
      chain_id: s.chain_id ?? 0,
      block: s.block ?? '0',
      taken_at: (s.taken_at ?? s.requested_at).toISOString(),
      columns: s.columns,
      root: { hash: toHex(s.root_hash), sums: s.root_sums },
      anchor_tx: s.anchor_tx,
    },
    leaf: {
      member_id: memberId,
      salt: toHex(leaf.salt),
      member_hash: toHex(memberHash(leaf.salt, memberId)),
      amounts: unpackSums(own.sums).map(String),
    },
    path,
  };
}
