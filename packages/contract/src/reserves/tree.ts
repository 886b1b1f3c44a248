/**
 * The in-memory builder of an mp-por-v1 tree: for tests, the bench's reference and small snapshots. It keeps
 * every level, so a proof is a walk up them.
 */
import {
  emptyNode,
  innerNode,
  leafNode,
  memberHash,
  nodeJson,
  type PorNode,
  type PorSide,
  POR_FORMAT,
  PorFormatError,
  compareBytes,
  type ReserveProof,
  toHex,
} from './format.ts';

/** One member's entry in a snapshot; the salt is 32 fresh random bytes per member per snapshot. */
export type PorLeafInput = { member_id: string; salt: Uint8Array; amounts: readonly bigint[] };
export type PorLeaf = PorNode & { member_id: string; salt: Uint8Array; member_hash: Uint8Array };
export type PorTree<L extends PorNode> = { levels: [L[], ...PorNode[][]]; root: PorNode };
export type PorPathStep = PorNode & { side: PorSide };

export function makeLeaf(snapshotId: bigint, input: PorLeafInput): PorLeaf {
  const member_hash = memberHash(input.salt, input.member_id);
  const node = leafNode(snapshotId, input.salt, member_hash, input.amounts);
  return { ...node, member_id: input.member_id, salt: input.salt, member_hash };
}

/**
 * Level 0 is the leaves sorted by hash; each next level pairs (0,1), (2,3), ... with the empty node after an odd
 * last one, until a level above level 0 has one node. So one leaf still gets a root above it, and no leaves give
 * the empty node as root.
 */
export function buildTree<L extends PorNode>(leaves: readonly L[], columns: number): PorTree<L> {
  for (const leaf of leaves)
    if (leaf.sums.length !== columns)
      throw new PorFormatError(`a leaf has ${leaf.sums.length} amounts for ${columns} columns`);
  const sorted = [...leaves].sort((a, b) => compareBytes(a.hash, b.hash));
  const levels: [L[], ...PorNode[][]] = [sorted];
  if (sorted.length === 0) return { levels, root: emptyNode(columns) };
  let level: PorNode[] = sorted;
  while (level.length > 1 || levels.length === 1) {
    level = nextLevel(level, columns);
    levels.push(level);
  }
  return { levels, root: level[0] ?? emptyNode(columns) };
}

function nextLevel(level: readonly PorNode[], columns: number): PorNode[] {
  const next: PorNode[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i] as PorNode;
    next.push(innerNode(left, level[i + 1] ?? emptyNode(columns)));
  }
  return next;
}

/** The siblings of level 0's node `index`, bottom-up; `side` is where the sibling sits. */
export function proofFor(levels: readonly PorNode[][], index: number): PorPathStep[] {
  const leaves = levels[0] ?? [];
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new PorFormatError(`no leaf at index ${index}`);
  const columns = leaves[index]?.sums.length ?? 0;
  const path: PorPathStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const isLeft = at % 2 === 0;
    const sibling = level[isLeft ? at + 1 : at - 1] ?? emptyNode(columns);
    path.push({ ...sibling, side: isLeft ? 'right' : 'left' });
    at = Math.floor(at / 2);
  }
  return path;
}

/** What a snapshot says about itself in a proof, apart from its root. */
export type ProofSnapshotMeta = Omit<ReserveProof['snapshot'], 'root'>;

/** The proof JSON for one leaf (Reserves/proof's answer, the download, the CLI's input). */
export function proofDocument(
  snapshot: ProofSnapshotMeta,
  root: PorNode,
  leaf: PorLeaf,
  path: readonly PorPathStep[],
): ReserveProof {
  return {
    format: POR_FORMAT,
    snapshot: {
      id: snapshot.id,
      chain_id: snapshot.chain_id,
      block: snapshot.block,
      taken_at: snapshot.taken_at,
      columns: snapshot.columns,
      root: nodeJson(root),
      anchor_tx: snapshot.anchor_tx,
    },
    leaf: {
      member_id: leaf.member_id,
      salt: toHex(leaf.salt),
      member_hash: toHex(leaf.member_hash),
      amounts: leaf.sums.map(String),
    },
    path: path.map((step) => ({ side: step.side, ...nodeJson(step) })),
  };
}
