/**
 * Proof of reserves, tree format "mp-por-v1": the byte layouts and hashes every builder and verifier shares
 * (the browser, the CLI, the server's tests). The server's bulk builder may hash the same preimages with
 * node:crypto; it must call the *Preimage functions here so the bytes cannot drift.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

export const POR_FORMAT = 'mp-por-v1';

/** Amounts are unsigned 128-bit: room for any sum of ledger BIGINTs, and a fixed width so layouts stay parseable. */
export const AMOUNT_BYTES = 16;
export const MAX_AMOUNT = (1n << 128n) - 1n;
export const HASH_BYTES = 32;
export const SALT_BYTES = 32;
const MAX_U64 = (1n << 64n) - 1n;

/** Domain-separation prefixes: a leaf can never be read as an inner node or a member hash, and back. */
const LEAF_PREFIX = 0x00;
const INNER_PREFIX = 0x01;
const MEMBER_PREFIX = 0x02;

/** A node of the tree: its hash and the per-column sums of the liabilities beneath it (minor units). */
export type PorNode = { hash: Uint8Array; sums: bigint[] };

/** Thrown by the builder for input the format cannot hold; the verifier reports the same as a problem. */
export class PorFormatError extends Error {
  override name = 'PorFormatError';
}

/** 16 bytes big-endian; refuses a negative amount or one of 2^128 or more instead of wrapping it. */
export function encodeAmount(amount: bigint): Uint8Array {
  if (amount < 0n || amount > MAX_AMOUNT) throw new PorFormatError(`amount out of range: ${amount}`);
  return encodeUnsigned(amount, AMOUNT_BYTES);
}

/** 8 bytes big-endian: the snapshot id in the leaf and the anchor. */
export function encodeU64(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_U64) throw new PorFormatError(`u64 out of range: ${value}`);
  return encodeUnsigned(value, 8);
}

function encodeUnsigned(value: bigint, width: number): Uint8Array {
  const out = new Uint8Array(width);
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

export function decodeUnsigned(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  return value;
}

function expectLength(bytes: Uint8Array, length: number, what: string): Uint8Array {
  if (bytes.length !== length)
    throw new PorFormatError(`${what} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

/** 0x02 || salt (32) || UTF-8(member id as a decimal string). */
export function memberHashPreimage(salt: Uint8Array, memberId: string): Uint8Array {
  return concatBytes(
    Uint8Array.of(MEMBER_PREFIX),
    expectLength(salt, SALT_BYTES, 'salt'),
    utf8ToBytes(memberId),
  );
}

export function memberHash(salt: Uint8Array, memberId: string): Uint8Array {
  return sha256(memberHashPreimage(salt, memberId));
}

/** 0x00 || snapshot id (u64 BE) || salt (32) || member hash (32) || each amount (u128 BE). */
export function leafPreimage(
  snapshotId: bigint,
  salt: Uint8Array,
  memberHashBytes: Uint8Array,
  amounts: readonly bigint[],
): Uint8Array {
  return concatBytes(
    Uint8Array.of(LEAF_PREFIX),
    encodeU64(snapshotId),
    expectLength(salt, SALT_BYTES, 'salt'),
    expectLength(memberHashBytes, HASH_BYTES, 'member hash'),
    ...amounts.map(encodeAmount),
  );
}

export function leafNode(
  snapshotId: bigint,
  salt: Uint8Array,
  memberHashBytes: Uint8Array,
  amounts: readonly bigint[],
): PorNode {
  return { hash: sha256(leafPreimage(snapshotId, salt, memberHashBytes, amounts)), sums: [...amounts] };
}

/**
 * 0x01 || left hash || left sums || right hash || right sums. Both children's sums are committed separately
 * (not only their total), so a prover cannot shift liability from one child to the other (Maxwell's flaw).
 */
export function innerPreimage(left: PorNode, right: PorNode): Uint8Array {
  if (left.sums.length !== right.sums.length)
    throw new PorFormatError('children have different column counts');
  return concatBytes(
    Uint8Array.of(INNER_PREFIX),
    expectLength(left.hash, HASH_BYTES, 'left hash'),
    ...left.sums.map(encodeAmount),
    expectLength(right.hash, HASH_BYTES, 'right hash'),
    ...right.sums.map(encodeAmount),
  );
}

/** The parent's sums must fit u128 as well (the root's are published and anchored), so an overflow throws. */
export function innerNode(left: PorNode, right: PorNode): PorNode {
  const hash = sha256(innerPreimage(left, right));
  const sums = left.sums.map((s, i) => s + (right.sums[i] ?? 0n));
  const over = sums.find((s) => s > MAX_AMOUNT);
  if (over !== undefined) throw new PorFormatError(`a sum of ${over} does not fit 128 bits`);
  return { hash, sums };
}

/** The padding node: 32 zero bytes and zero sums. */
export function emptyNode(columns: number): PorNode {
  return { hash: new Uint8Array(HASH_BYTES), sums: new Array<bigint>(columns).fill(0n) };
}

/** Leaf order: ascending bytewise by leaf hash (salted, so the order says nothing about members). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && compareBytes(a, b) === 0;
}

/** Lower-case 0x hex, the proof JSON's spelling of every hash and salt. */
export function toHex(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

/** Strict reader for the proof JSON: 0x, lower-case, exactly `length` bytes; null for anything else. */
export function fromHex(text: unknown, length: number): Uint8Array | null {
  if (typeof text !== 'string' || text.length !== 2 + 2 * length || !/^0x[0-9a-f]*$/.test(text)) return null;
  return hexToBytes(text.slice(2));
}

/** Strict reader for a decimal string of minor units (no sign, no leading zeros); null for anything else. */
export function fromDecimal(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^(0|[1-9][0-9]*)$/.test(text)) return null;
  return BigInt(text);
}

/** A node as the proof JSON writes it: 0x hex hash, decimal-string sums. */
export type PorNodeJson = { hash: string; sums: string[] };
export type PorSide = 'left' | 'right';

/** The proof a member downloads (Reserves/proof's answer); `path[i]` is the sibling at level i, bottom-up. */
export type ReserveProof = {
  format: typeof POR_FORMAT;
  snapshot: {
    id: string;
    chain_id: number;
    block: string;
    taken_at: string;
    columns: string[];
    root: PorNodeJson;
    anchor_tx: string | null;
  };
  leaf: { member_id: string; salt: string; member_hash: string; amounts: string[] };
  path: Array<{ side: PorSide } & PorNodeJson>;
};

export function nodeJson(node: PorNode): PorNodeJson {
  return { hash: toHex(node.hash), sums: node.sums.map(String) };
}
