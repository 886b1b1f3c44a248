import { hash, randomBytes } from 'node:crypto';
import { PorFormatError } from '@mp/contract';

/**
 * The server's bulk builder of an mp-por-v1 tree (the format: packages/contract/src/reserves/format.ts). Same bytes
 * as the shared code (tree.test.ts compares them), but built for a million leaves: node:crypto's SHA-256, each level
 * one Buffer of hashes and one BigUint64Array of sums, no object per inner node. Sums are kept in 64 bits: a sum of
 * 2^64 minor units or more (1.8e13 USDT) is refused rather than wrapped, and the format's 16-byte field gets 8 zero
 * bytes in front.
 */

const HASH = 32;
const SALT = 32;
const AMOUNT = 16;
const MAX_U64 = (1n << 64n) - 1n;

export type LeafInput = { memberId: string; amounts: readonly bigint[] };

/** A built leaf: its member, its fresh salt, its member hash and leaf hash, its amounts. */
export type BuiltLeaf = {
  memberId: string;
  salt: Buffer;
  memberHash: Buffer;
  hash: Buffer;
  amounts: bigint[];
};

/** One level: `count` nodes, hash i at bytes [32i, 32i+32), column c of node i at sums[i * columns + c]. */
export type Level = { count: number; hashes: Buffer; sums: BigUint64Array };

export type BuiltTree = {
  columns: number;
  /** Level 0's leaves, in the format's order (ascending leaf hash). */
  leaves: BuiltLeaf[];
  levels: Level[];
  root: { hash: Buffer; sums: bigint[] };
};

/** One-shot SHA-256: no hash object per node (a million leaves make two million of them). */
const sha256 = (data: Buffer) => hash('sha256', data, 'buffer');

/** The format's 16-byte big-endian amount, from a value already checked to fit 64 bits. */
function writeAmount(out: Buffer, at: number, value: bigint) {
  out.fill(0, at, at + 8);
  out.writeBigUInt64BE(value, at + 8);
}

function checked(value: bigint): bigint {
  if (value < 0n || value > MAX_U64) throw new PorFormatError(`amount out of range: ${value}`);
  return value;
}

/** Where preimages are laid out before hashing: reused, so a leaf costs no allocation but its own results. */
const scratch = Buffer.allocUnsafe(4096);

/** Hashes one leaf with a fresh salt (32 random bytes: never reused, so a member's hash differs per snapshot). */
export function buildLeaf(snapshotId: bigint, input: LeafInput, salt: Buffer = randomBytes(SALT)): BuiltLeaf {
  const amounts = input.amounts.map(checked);
  scratch[0] = 0x02;
  salt.copy(scratch, 1);
  const idBytes = scratch.write(input.memberId, 1 + SALT, 'utf8');
  if (1 + SALT + idBytes >= scratch.length) throw new PorFormatError(`member id too long: ${input.memberId}`);
  const memberHash = sha256(scratch.subarray(0, 1 + SALT + idBytes));
  scratch[0] = 0x00;
  scratch.writeBigUInt64BE(snapshotId, 1);
  salt.copy(scratch, 9);
  memberHash.copy(scratch, 9 + SALT);
  for (const [i, a] of amounts.entries()) writeAmount(scratch, 9 + SALT + HASH + AMOUNT * i, a);
  const hash = sha256(scratch.subarray(0, 9 + SALT + HASH + AMOUNT * amounts.length));
  return { memberId: input.memberId, salt, memberHash, hash, amounts };
}

/** Level 0 from the sorted leaves. */
function leafLevel(leaves: BuiltLeaf[], columns: number): Level {
  const hashes = Buffer.alloc(HASH * leaves.length);
  const sums = new BigUint64Array(columns * leaves.length);
  leaves.forEach((leaf, i) => {
    leaf.hash.copy(hashes, HASH * i);
    leaf.amounts.forEach((a, c) => {
      sums[i * columns + c] = a;
    });
  });
  return { count: leaves.length, hashes, sums };
}

/** The level above: pairs (0,1), (2,3)...; an odd last node is paired with the empty node (zero hash, zero sums). */
function nextLevel(level: Level, columns: number): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = Buffer.alloc(HASH * count);
  const sums = new BigUint64Array(columns * count);
  const half = HASH + AMOUNT * columns;
  const pre = Buffer.alloc(1 + 2 * half);
  pre[0] = 0x01;
  for (let i = 0; i < count; i++) {
    const l = 2 * i;
    const r = l + 1;
    const hasRight = r < level.count;
    level.hashes.copy(pre, 1, HASH * l, HASH * l + HASH);
    if (hasRight) level.hashes.copy(pre, 1 + half, HASH * r, HASH * r + HASH);
    else pre.fill(0, 1 + half, 1 + half + HASH);
    for (let c = 0; c < columns; c++) {
      const left = level.sums[l * columns + c] as bigint;
      const right = hasRight ? (level.sums[r * columns + c] as bigint) : 0n;
      writeAmount(pre, 1 + HASH + AMOUNT * c, left);
      writeAmount(pre, 1 + half + HASH + AMOUNT * c, right);
      sums[i * columns + c] = checked(left + right);
    }
    sha256(pre).copy(hashes, HASH * i);
  }
  return { count, hashes, sums };
}

/** Node i of a level: its hash and sums (the empty node past the end). */
export function nodeAt(level: Level, i: number, columns: number): { hash: Buffer; sums: bigint[] } {
  if (i >= level.count) return { hash: Buffer.alloc(HASH), sums: new Array<bigint>(columns).fill(0n) };
  return {
    hash: level.hashes.subarray(HASH * i, HASH * i + HASH),
    sums: Array.from(level.sums.subarray(i * columns, i * columns + columns)),
  };
}

/**
 * Builds the whole tree: leaves sorted by hash, levels up to a root above level 0 (one leaf still gets node(leaf,
 * empty)); no leaves give the empty node as root.
 */
export function buildTree(snapshotId: bigint, inputs: readonly LeafInput[], columns: number): BuiltTree {
  // Every leaf's salt from one draw of the CSPRNG: fresh bytes all the same, and a million calls fewer.
  const salts = randomBytes(SALT * inputs.length);
  const leaves = inputs.map((input, i) => {
    if (input.amounts.length !== columns)
      throw new PorFormatError(
        `member ${input.memberId} has ${input.amounts.length} amounts for ${columns} columns`,
      );
    return buildLeaf(snapshotId, input, salts.subarray(SALT * i, SALT * i + SALT));
  });
  return treeOfLeaves(leaves, columns);
}

/**
 * Leaves sorted by hash, bytewise: by their first 8 bytes read as two numbers (no Buffer call per comparison), the
 * whole hash only when those tie.
 */
function sortByHash(leaves: BuiltLeaf[]): BuiltLeaf[] {
  const hi = new Uint32Array(leaves.length);
  const lo = new Uint32Array(leaves.length);
  for (const [i, leaf] of leaves.entries()) {
    hi[i] = leaf.hash.readUInt32BE(0);
    lo[i] = leaf.hash.readUInt32BE(4);
  }
  const order = Array.from(leaves.keys()).sort(
    (a, b) =>
      (hi[a] as number) - (hi[b] as number) ||
      (lo[a] as number) - (lo[b] as number) ||
      Buffer.compare((leaves[a] as BuiltLeaf).hash, (leaves[b] as BuiltLeaf).hash),
  );
  return order.map((i) => leaves[i] as BuiltLeaf);
}

/** The levels above already built leaves (tests give fixed salts through buildLeaf). */
export function treeOfLeaves(unsorted: BuiltLeaf[], columns: number): BuiltTree {
  const leaves = sortByHash(unsorted);
  const levels = [leafLevel(leaves, columns)];
  let top = levels[0] as Level;
  while (top.count > 1 || levels.length === 1) {
    if (top.count === 0) break;
    top = nextLevel(top, columns);
    levels.push(top);
  }
  return { columns, leaves, levels, root: nodeAt(top, 0, columns) };
}

/** How many levels a tree of n leaves has (level 0 included): what a proof's path length follows from. */
export function levelCount(leaves: number): number {
  if (leaves === 0) return 1;
  let count = 1;
  for (let k = leaves; count === 1 || k > 1; k = Math.ceil(k / 2)) count += 1;
  return count;
}

/** Packs sums as the format encodes them (16 bytes big-endian each), for storage. */
export function packSums(sums: readonly bigint[]): Buffer {
  const out = Buffer.alloc(AMOUNT * sums.length);
  for (const [i, s] of sums.entries()) writeAmount(out, AMOUNT * i, checked(s));
  return out;
}

export function unpackSums(packed: Buffer): bigint[] {
  const out: bigint[] = [];
  for (let at = 0; at + AMOUNT <= packed.length; at += AMOUNT)
    out.push((packed.readBigUInt64BE(at) << 64n) | packed.readBigUInt64BE(at + 8));
  return out;
}
