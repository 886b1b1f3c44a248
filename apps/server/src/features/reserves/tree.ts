import { hash, randomFillSync } from 'node:crypto';
import { PorFormatError } from '@mp/contract';

/**
 * The server's bulk builder of an mp-por-v1 tree (the format: packages/contract/src/reserves/format.ts). Same bytes
 * as the shared code (tree.test.ts compares them), but built for a million leaves with no object and no bigint per
 * node: leaves are hashed one by one from the liabilities' bytes (LeafHashes), and each level is one Buffer of node
 * records laid out as the format hashes them, hash (32) then each column's sum (16 bytes big-endian). An inner node's
 * preimage is then 0x01 followed by its two children's records, which sit side by side; a parent's sums are added 32
 * bits at a time in plain numbers. The levels above the leaves are made a slice at a time (TreeLevels), so the store
 * can send each slice to PostgreSQL while the next is hashed. Sums are kept below 2^64: a sum of 2^64 minor units or
 * more (1.8e13 USDT) is refused rather than wrapped (its field's first 8 bytes stay 0).
 */

const HASH = 32;
const SALT = 32;
const AMOUNT = 16;
const ID = 8;
const TWO_32 = 2 ** 32;

export type LeafInput = { memberId: string; amounts: readonly bigint[] };

/** One level: `count` node records of `recordBytes(columns)` each (hash, then the sums as the format encodes them). */
export type Level = { count: number; records: Buffer };

export const recordBytes = (columns: number) => HASH + AMOUNT * columns;

/** One-shot SHA-256: no hash object per node (a million leaves make three million hashes). */
const sha256 = (data: Buffer) => hash('sha256', data, 'buffer');

/**
 * Every member's leaf, hashed as it is added, in the order added. Leaf i's member id is the 8 bytes (int8, big-endian,
 * as PostgreSQL's binary COPY gives and takes it) at 8 * i of `ids`, its salt the 32 bytes at 32 * i of `salts` (32
 * fresh random bytes: never reused, so a member's hash differs per snapshot; tests give fixed ones), and its node
 * record is record i of `records`.
 */
export class LeafHashes {
  count = 0;
  ids = Buffer.alloc(0);
  salts = Buffer.alloc(0);
  records = Buffer.alloc(0);
  readonly size: number;
  /**
   * The leaf hash's preimage, `00` || snapshot id || salt || member hash || amounts, written in place leaf after
   * leaf: its fixed parts and the amounts' zero upper halves are written once.
   */
  private readonly leafPre: Buffer;
  /** The member hash's preimage per length of the id's digits (`02` || salt || digits), so nothing is sliced. */
  private readonly memberPre: Buffer[] = [];

  constructor(
    readonly snapshotId: bigint,
    readonly columns: number,
    private readonly fixedSalts?: Buffer,
  ) {
    this.size = recordBytes(columns);
    this.leafPre = Buffer.alloc(1 + 8 + SALT + HASH + AMOUNT * columns);
    this.leafPre.writeBigUInt64BE(snapshotId, 1);
    for (let digits = 1; digits <= 16; digits++) {
      const pre = Buffer.alloc(1 + SALT + digits);
      pre[0] = 0x02;
      this.memberPre[digits] = pre;
    }
  }

  /**
   * Adds member `memberId` (a whole number below 2^53) whose amounts are int8s (big-endian) at `at`, `at + stride`...
   * of `src`. A negative amount is refused (the liabilities' reader names such members before they get here). Bytes
   * are moved by plain loops: a call of Buffer's copy costs more than the 8 or 32 bytes it would move.
   */
  add(memberId: number, src: Buffer, at: number, stride: number) {
    if (this.count * this.size === this.records.length) this.grow();
    const i = this.count++;
    const { leafPre, salts, columns } = this;
    const amounts = 1 + 8 + SALT + HASH;
    for (let c = 0; c < columns; c++) {
      const from = at + stride * c;
      if ((src[from] as number) & 0x80) throw new PorFormatError(`amount out of range: member ${memberId}`);
      const to = amounts + AMOUNT * c + 8;
      for (let k = 0; k < 8; k++) leafPre[to + k] = src[from + k] as number;
    }
    const digits = String(memberId);
    const memberPre = this.memberPre[digits.length];
    if (!memberPre) throw new PorFormatError(`not a member id: ${memberId}`);
    for (let k = 0; k < SALT; k++) {
      const b = salts[SALT * i + k] as number;
      memberPre[1 + k] = b;
      leafPre[9 + k] = b;
    }
    // The id's decimal digits: their UTF-8 (the format's) is their latin1.
    memberPre.write(digits, 1 + SALT, 'latin1');
    const memberHash = sha256(memberPre);
    for (let k = 0; k < HASH; k++) leafPre[9 + SALT + k] = memberHash[k] as number;
    const leafHash = sha256(leafPre);
    const out = this.records;
    const rec = this.size * i;
    for (let k = 0; k < HASH; k++) out[rec + k] = leafHash[k] as number;
    for (let k = 0; k < AMOUNT * columns; k++) out[rec + HASH + k] = leafPre[amounts + k] as number;
    this.ids.writeUInt32BE(Math.floor(memberId / TWO_32), ID * i);
    this.ids.writeUInt32BE(memberId % TWO_32, ID * i + 4);
  }

  /** Leaf i's member id, as the format writes it. */
  memberId(i: number): string {
    return String(this.ids.readUInt32BE(ID * i) * TWO_32 + this.ids.readUInt32BE(ID * i + 4));
  }

  /** Twice the room (a million members reach it in 11 steps); salts for the new room are drawn at once. */
  private grow() {
    const room = Math.max(1024, 2 * this.count);
    const more = (old: Buffer, bytes: number) => {
      const next = Buffer.allocUnsafe(bytes * room);
      old.copy(next);
      return next;
    };
    const drawn = this.salts.length;
    this.records = more(this.records, this.size);
    this.ids = more(this.ids, ID);
    this.salts = more(this.salts, SALT);
    if (this.fixedSalts) this.fixedSalts.copy(this.salts, drawn, drawn);
    else randomFillSync(this.salts, drawn);
  }
}

/**
 * The leaves' order by hash, bytewise: a radix sort on each hash's first 4 bytes (two passes of 16 bits, no call per
 * comparison), then leaves whose first 4 bytes tie (about a hundred at a million) put in order by their whole hash.
 */
export function orderByHash(records: Buffer, count: number, size: number): Uint32Array {
  const key = new Uint32Array(count);
  for (let i = 0; i < count; i++) key[i] = records.readUInt32BE(size * i);
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let spare = new Uint32Array(count);
  for (const shift of [0, 16]) {
    const counts = new Uint32Array(65537);
    for (let i = 0; i < count; i++) counts[(((key[i] as number) >>> shift) & 0xffff) + 1]! += 1;
    for (let b = 1; b <= 65536; b++) counts[b]! += counts[b - 1] as number;
    for (let p = 0; p < count; p++) {
      const i = order[p] as number;
      spare[counts[((key[i] as number) >>> shift) & 0xffff]!++] = i;
    }
    [order, spare] = [spare, order];
  }
  const before = (a: number, b: number) =>
    records.compare(records, size * b, size * b + HASH, size * a, size * a + HASH) < 0;
  for (let p = 1; p < count; p++) {
    // Insertion within a run of equal first words: such runs are a few leaves long.
    const i = order[p] as number;
    let q = p;
    while (q > 0 && key[order[q - 1] as number] === key[i] && before(i, order[q - 1] as number)) {
      order[q] = order[q - 1] as number;
      q -= 1;
    }
    order[q] = i;
  }
  return order;
}

/** Level 0: the hashed leaves' records put in hash order. */
export function sortedLevel(leaves: LeafHashes, order: Uint32Array): Level {
  const size = leaves.size;
  const sorted = Buffer.allocUnsafe(size * order.length);
  for (let p = 0; p < order.length; p++) {
    const i = order[p] as number;
    leaves.records.copy(sorted, size * p, size * i, size * i + size);
  }
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

/**
 * The levels from level 0 up to the root, made on demand a slice at a time, so the hashing can go on between the
 * chunks of a COPY: `advance(n)` hashes up to n more nodes, level by level, and `reach(level, to)` makes sure a
 * level's nodes below `to` are made. Pairs are (0,1), (2,3)...; an odd last node is paired with the empty node (zero
 * hash, zero sums). One leaf still gets node(leaf, empty) above it; no leaves give the empty node as root.
 */
export class TreeLevels {
  readonly levels: Level[];
  /** How many nodes of the top level in `levels` are made. */
  private made: number;
  private finished = false;
  private readonly size: number;
  private readonly pre: Buffer;

  constructor(
    level0: Level,
    readonly columns: number,
  ) {
    this.levels = [level0];
    this.made = level0.count;
    this.size = recordBytes(columns);
    this.pre = Buffer.alloc(1 + 2 * this.size);
    this.pre[0] = 0x01;
  }

  /** Hashes up to `budget` more nodes: the rest of the top level, then the level above it, and so on to the root. */
  advance(budget: number) {
    let left = budget;
    while (left > 0 && !this.finished) {
      const top = this.levels[this.levels.length - 1] as Level;
      if (this.made === top.count) {
        this.startLevel(top);
        continue;
      }
      const to = Math.min(top.count, this.made + left);
      this.fill(this.made, to);
      left -= to - this.made;
      this.made = to;
    }
  }

  /** Until node `to` - 1 of `level` is made (or there is no such level: the root's is below it). */
  reach(level: number, to: number) {
    while (
      !this.finished &&
      (this.levels.length - 1 < level || (this.levels.length - 1 === level && this.made < to))
    )
      this.advance(4096);
  }

  /** Every level made, at once. */
  complete(): this {
    this.advance(Number.POSITIVE_INFINITY);
    return this;
  }

  /** The root: the top level's node 0 once every level is made. */
  root(): { hash: Buffer; sums: bigint[] } {
    if (!this.finished) throw new Error('the tree is not made up to its root');
    return nodeAt(this.levels[this.levels.length - 1] as Level, 0, this.columns);
  }

  /** The level above a whole `top`, or the end when `top` is the root's (or level 0 has no leaves). */
  private startLevel(top: Level) {
    if (top.count === 0 || (top.count === 1 && this.levels.length > 1)) {
      this.finished = true;
      return;
    }
    const count = Math.ceil(top.count / 2);
    this.levels.push({ count, records: Buffer.allocUnsafe(this.size * count) });
    this.made = 0;
  }

  /** Nodes from..to-1 of the top level, from the whole level below. */
  private fill(from: number, to: number) {
    const { size, pre, columns } = this;
    const below = this.levels[this.levels.length - 2] as Level;
    const records = (this.levels[this.levels.length - 1] as Level).records;
    for (let i = from; i < to; i++) {
      const l = size * 2 * i;
      const hasRight = 2 * i + 1 < below.count;
      // 0x01 || left record || right record (or the empty node's: all zeros).
      below.records.copy(pre, 1, l, l + (hasRight ? 2 * size : size));
      if (!hasRight) pre.fill(0, 1 + size);
      const at = size * i;
      for (let c = 0; c < columns; c++)
        addSum(
          pre,
          1 + HASH + AMOUNT * c,
          pre,
          1 + size + HASH + AMOUNT * c,
          records,
          at + HASH + AMOUNT * c,
        );
      const hashed = sha256(pre);
      for (let k = 0; k < HASH; k++) records[at + k] = hashed[k] as number;
    }
  }
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

/** A tree's leaves as level 0 holds them: position p is leaf `order[p]` of `leaves`. */
export type SortedLeaves = { leaves: LeafHashes; order: Uint32Array; levels: TreeLevels };

/** The leaves put in hash order, with the levels above them still to make. */
export function sortLeaves(leaves: LeafHashes): SortedLeaves {
  const order = orderByHash(leaves.records, leaves.count, leaves.size);
  return { leaves, order, levels: new TreeLevels(sortedLevel(leaves, order), leaves.columns) };
}

/** A whole tree from leaf inputs at once (tests, and small trees): the same code the build runs a slice at a time. */
export function buildTree(
  snapshotId: bigint,
  inputs: readonly LeafInput[],
  columns: number,
  salts?: Buffer,
): SortedLeaves {
  const leaves = new LeafHashes(snapshotId, columns, salts);
  const amounts = Buffer.alloc(8 * columns);
  for (const input of inputs) {
    if (input.amounts.length !== columns)
      throw new PorFormatError(
        `member ${input.memberId} has ${input.amounts.length} amounts for ${columns} columns`,
      );
    input.amounts.forEach((a, c) => {
      if (a < 0n || a >= 1n << 63n) throw new PorFormatError(`amount out of range: ${a}`);
      amounts.writeBigUInt64BE(a, 8 * c);
    });
    if (!/^\d{1,15}$/.test(input.memberId)) throw new PorFormatError(`not a member id: ${input.memberId}`);
    leaves.add(Number(input.memberId), amounts, 0, 8);
  }
  const sorted = sortLeaves(leaves);
  sorted.levels.complete();
  return sorted;
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
