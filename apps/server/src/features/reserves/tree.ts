import { hash, randomBytes } from 'node:crypto';
import { PorFormatError } from '@mp/contract';

/**
 * The server's bulk builder of an mp-por-v1 tree (the format: packages/contract/src/reserves/format.ts). Same bytes
 * as the shared code (tree.test.ts compares them), but built for a million leaves with no object and no bigint per
 * inner node: each level is one Buffer of node records laid out as the format hashes them, hash (32) then each
 * column's sum (16 bytes big-endian). An inner node's preimage is then 0x01 followed by its two children's records,
 * which sit side by side; a parent's sums are added 32 bits at a time in plain numbers. Sums are kept below 2^64: a
 * sum of 2^64 minor units or more (1.8e13 USDT) is refused rather than wrapped (its field's first 8 bytes stay 0).
 */

const HASH = 32;
const SALT = 32;
const AMOUNT = 16;
const MAX_U64 = (1n << 64n) - 1n;
const TWO_32 = 2 ** 32;

export type LeafInput = { memberId: string; amounts: readonly bigint[] };

/** One level: `count` node records of `recordBytes(columns)` each (hash, then the sums as the format encodes them). */
export type Level = { count: number; records: Buffer };

/**
 * A built tree. Level 0 is in the format's order (ascending leaf hash): its position p holds input `order[p]`, whose
 * member id is `memberIds[order[p]]` and salt the 32 bytes of `salts` at 32 * order[p].
 */
export type BuiltTree = {
  columns: number;
  order: Uint32Array;
  memberIds: readonly string[];
  salts: Buffer;
  levels: Level[];
  root: { hash: Buffer; sums: bigint[] };
};

export const recordBytes = (columns: number) => HASH + AMOUNT * columns;

/** One-shot SHA-256: no hash object per node (a million leaves make three million hashes). */
const sha256 = (data: Buffer) => hash('sha256', data, 'buffer');

/** The format's 16-byte big-endian amount, from a value already checked to fit 64 bits. */
function writeAmount(out: Buffer, at: number, value: bigint) {
  // Two zero words rather than fill(): a call of fill costs more than the 8 bytes it writes.
  out.writeUInt32BE(0, at);
  out.writeUInt32BE(0, at + 4);
  out.writeBigUInt64BE(value, at + 8);
}

function checked(value: bigint): bigint {
  if (value < 0n || value > MAX_U64) throw new PorFormatError(`amount out of range: ${value}`);
  return value;
}

/** Where a leaf's preimages are laid out before hashing: reused, so a leaf allocates nothing but its hashes. */
const scratch = Buffer.allocUnsafe(4096);

/**
 * Hashes input i's leaf with its salt (32 fresh random bytes: never reused, so a member's hash differs per snapshot)
 * into record i of `out`.
 */
function hashLeaf(snapshotId: bigint, input: LeafInput, i: number, salts: Buffer, out: Buffer) {
  const columns = input.amounts.length;
  const at = recordBytes(columns) * i;
  const salt = salts.subarray(SALT * i, SALT * i + SALT);
  scratch[0] = 0x02;
  salt.copy(scratch, 1);
  const idBytes = scratch.write(input.memberId, 1 + SALT, 'utf8');
  if (1 + SALT + idBytes >= scratch.length) throw new PorFormatError(`member id too long: ${input.memberId}`);
  const memberHash = sha256(scratch.subarray(0, 1 + SALT + idBytes));
  for (let c = 0; c < columns; c++)
    writeAmount(out, at + HASH + AMOUNT * c, checked(input.amounts[c] as bigint));
  scratch[0] = 0x00;
  scratch.writeBigUInt64BE(snapshotId, 1);
  salt.copy(scratch, 9);
  memberHash.copy(scratch, 9 + SALT);
  out.copy(scratch, 9 + SALT + HASH, at + HASH, at + HASH + AMOUNT * columns);
  sha256(scratch.subarray(0, 9 + SALT + HASH + AMOUNT * columns)).copy(out, at);
}

/**
 * The inputs' order by leaf hash, bytewise: by their first 8 bytes read as two numbers (no Buffer call per
 * comparison), the whole hash only when those tie.
 */
function orderByHash(records: Buffer, count: number, size: number): Uint32Array {
  const hi = new Uint32Array(count);
  const lo = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    hi[i] = records.readUInt32BE(size * i);
    lo[i] = records.readUInt32BE(size * i + 4);
  }
  const order = Array.from({ length: count }, (_, i) => i).sort(
    (a, b) =>
      (hi[a] as number) - (hi[b] as number) ||
      (lo[a] as number) - (lo[b] as number) ||
      records.compare(records, size * b, size * b + HASH, size * a, size * a + HASH),
  );
  return Uint32Array.from(order);
}

/** Level 0: the hashed leaves' records put in hash order. */
function sortedLevel(records: Buffer, order: Uint32Array, size: number): Level {
  const sorted = Buffer.allocUnsafe(size * order.length);
  for (const [p, i] of order.entries()) records.copy(sorted, size * p, size * i, size * i + size);
  return { count: order.length, records: sorted };
}

/**
 * Adds two 16-byte sums into `out` (all three below 2^64: the first 8 bytes are 0), 32 bits at a time; throws past
 * 2^64 - 1.
 */
function addSum(a: Buffer, aAt: number, b: Buffer, bAt: number, out: Buffer, outAt: number) {
  const lo = a.readUInt32BE(aAt + 12) + b.readUInt32BE(bAt + 12);
  const hi = a.readUInt32BE(aAt + 8) + b.readUInt32BE(bAt + 8) + (lo >= TWO_32 ? 1 : 0);
  if (hi >= TWO_32) throw new PorFormatError('a sum reached 2^64 minor units');
  out.writeUInt32BE(0, outAt);
  out.writeUInt32BE(0, outAt + 4);
  out.writeUInt32BE(hi, outAt + 8);
  out.writeUInt32BE(lo % TWO_32, outAt + 12);
}

/** The level above: pairs (0,1), (2,3)...; an odd last node is paired with the empty node (zero hash, zero sums). */
function nextLevel(level: Level, columns: number): Level {
  const size = recordBytes(columns);
  const count = Math.ceil(level.count / 2);
  const records = Buffer.allocUnsafe(size * count);
  const pre = Buffer.alloc(1 + 2 * size);
  pre[0] = 0x01;
  for (let i = 0; i < count; i++) {
    const l = size * 2 * i;
    const hasRight = 2 * i + 1 < level.count;
    // 0x01 || left record || right record (or the empty node's: all zeros).
    level.records.copy(pre, 1, l, l + (hasRight ? 2 * size : size));
    if (!hasRight) pre.fill(0, 1 + size);
    const at = size * i;
    for (let c = 0; c < columns; c++)
      addSum(pre, 1 + HASH + AMOUNT * c, pre, 1 + size + HASH + AMOUNT * c, records, at + HASH + AMOUNT * c);
    sha256(pre).copy(records, at);
  }
  return { count, records };
}

/** Node i of a level: its hash and sums (the empty node past the end). */
export function nodeAt(level: Level, i: number, columns: number): { hash: Buffer; sums: bigint[] } {
  if (i >= level.count) return { hash: Buffer.alloc(HASH), sums: new Array<bigint>(columns).fill(0n) };
  const at = recordBytes(columns) * i;
  return {
    hash: level.records.subarray(at, at + HASH),
    sums: unpackSums(level.records.subarray(at + HASH, at + HASH + AMOUNT * columns)),
  };
}

/**
 * Builds the whole tree: leaves sorted by hash, levels up to a root above level 0 (one leaf still gets node(leaf,
 * empty)); no leaves give the empty node as root. `salts` (tests give fixed ones): every leaf's salt from one draw
 * of the CSPRNG, fresh bytes all the same and a million calls fewer.
 */
export function buildTree(
  snapshotId: bigint,
  inputs: readonly LeafInput[],
  columns: number,
  salts: Buffer = randomBytes(SALT * inputs.length),
): BuiltTree {
  const size = recordBytes(columns);
  const hashed = Buffer.allocUnsafe(size * inputs.length);
  for (const [i, input] of inputs.entries()) {
    if (input.amounts.length !== columns)
      throw new PorFormatError(
        `member ${input.memberId} has ${input.amounts.length} amounts for ${columns} columns`,
      );
    hashLeaf(snapshotId, input, i, salts, hashed);
  }
  const order = orderByHash(hashed, inputs.length, size);
  const levels = [sortedLevel(hashed, order, size)];
  let top = levels[0] as Level;
  while (top.count > 1 || (levels.length === 1 && top.count === 1)) {
    top = nextLevel(top, columns);
    levels.push(top);
  }
  const memberIds = inputs.map((input) => input.memberId);
  return { columns, order, memberIds, salts, levels, root: nodeAt(top, 0, columns) };
}

/** How many levels a tree of n leaves has (level 0 included): what a proof's path length follows from. */
export function levelCount(leaves: number): number {
  if (leaves === 0) return 1;
  let count = 1;
  for (let k = leaves; count === 1 || k > 1; k = Math.ceil(k / 2)) count += 1;
  return count;
}

/** Sums as the format encodes them (16 bytes big-endian each), read back. */
export function unpackSums(packed: Buffer): bigint[] {
  const out: bigint[] = [];
  for (let at = 0; at + AMOUNT <= packed.length; at += AMOUNT)
    out.push((packed.readBigUInt64BE(at) << 64n) | packed.readBigUInt64BE(at + 8));
  return out;
}
