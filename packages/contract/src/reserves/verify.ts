/**
 * Verifies an mp-por-v1 proof with no server: recompute the member hash and the leaf, fold the path up, and
 * compare with the snapshot's root. The browser, the CLI and the tests run this same code. The input is
 * untrusted JSON (a downloaded file), so every field is read strictly and any oddity is a failure.
 */
import {
  equalBytes,
  fromDecimal,
  fromHex,
  HASH_BYTES,
  innerNode,
  leafNode,
  MAX_AMOUNT,
  memberHash,
  type PorNode,
  type PorSide,
  POR_FORMAT,
  PorFormatError,
  SALT_BYTES,
  toHex,
} from './format.ts';

/** Why a proof failed, for a screen to translate; `problem` says it in English with the figures. */
export type VerifyProblemCode = 'format' | 'columns' | 'amount' | 'member_hash' | 'root_hash' | 'root_sums';

/** One fold: at `level` (1 = just above the leaves) the node computed from the sibling on `side` and the node below. */
export type VerifyStep = {
  level: number;
  side: PorSide;
  sibling: { hash: string; sums: bigint[] };
  hash: string;
  sums: bigint[];
};

export type VerifyResult = {
  ok: boolean;
  /** The recomputed leaf (null when the proof could not be read). */
  leaf: { member_hash: string; hash: string; sums: bigint[] } | null;
  steps: VerifyStep[];
  /** The root computed from the leaf and the path (null when it could not be computed). */
  root: { hash: string; sums: bigint[] } | null;
  /** The root the snapshot claims (null when it could not be read). */
  expected_root: { hash: string; sums: bigint[] } | null;
  problem?: string;
  code?: VerifyProblemCode;
};

type Parsed = {
  snapshotId: bigint;
  root: PorNode;
  memberId: string;
  salt: Uint8Array;
  memberHash: Uint8Array;
  amounts: bigint[];
  path: Array<PorNode & { side: PorSide }>;
};

class ProofProblem extends Error {
  constructor(
    readonly code: VerifyProblemCode,
    message: string,
  ) {
    super(message);
  }
}

export function verifyProof(proof: unknown): VerifyResult {
  const result: VerifyResult = { ok: false, leaf: null, steps: [], root: null, expected_root: null };
  try {
    const parsed = parseProof(proof);
    result.expected_root = { hash: toHex(parsed.root.hash), sums: parsed.root.sums };
    foldProof(parsed, result);
    result.ok = true;
  } catch (error) {
    if (error instanceof ProofProblem) return { ...result, problem: error.message, code: error.code };
    // The format refuses a sum of 2^128 or more while folding: the same as an amount out of range.
    if (error instanceof PorFormatError) return { ...result, problem: error.message, code: 'amount' };
    throw error;
  }
  return result;
}

function foldProof(p: Parsed, result: VerifyResult): void {
  const computedMemberHash = memberHash(p.salt, p.memberId);
  if (!equalBytes(computedMemberHash, p.memberHash))
    throw new ProofProblem(
      'member_hash',
      `member hash: computed ${toHex(computedMemberHash)} from the salt and member id, the proof says ${toHex(p.memberHash)}`,
    );
  let node = leafNode(p.snapshotId, p.salt, p.memberHash, p.amounts);
  result.leaf = { member_hash: toHex(p.memberHash), hash: toHex(node.hash), sums: node.sums };
  p.path.forEach((sibling, i) => {
    node = sibling.side === 'left' ? innerNode(sibling, node) : innerNode(node, sibling);
    result.steps.push({
      level: i + 1,
      side: sibling.side,
      sibling: { hash: toHex(sibling.hash), sums: sibling.sums },
      hash: toHex(node.hash),
      sums: node.sums,
    });
  });
  result.root = { hash: toHex(node.hash), sums: node.sums };
  if (!equalBytes(node.hash, p.root.hash))
    throw new ProofProblem(
      'root_hash',
      `root hash: computed ${toHex(node.hash)}, the snapshot says ${toHex(p.root.hash)}`,
    );
  const wrongColumn = node.sums.findIndex((s, i) => s !== p.root.sums[i]);
  if (wrongColumn >= 0)
    throw new ProofProblem(
      'root_sums',
      `root sum of column ${wrongColumn}: computed ${node.sums[wrongColumn]}, the snapshot says ${p.root.sums[wrongColumn]}`,
    );
}

function parseProof(proof: unknown): Parsed {
  const doc = record(proof, 'the proof');
  if (doc.format !== POR_FORMAT)
    throw new ProofProblem('format', `unknown format ${JSON.stringify(doc.format)}`);
  const snapshot = record(doc.snapshot, 'snapshot');
  const leaf = record(doc.leaf, 'leaf');
  const columnNames = snapshot.columns;
  if (
    !Array.isArray(columnNames) ||
    columnNames.length === 0 ||
    !columnNames.every((c) => typeof c === 'string')
  )
    throw new ProofProblem('format', 'snapshot.columns must be a non-empty list of names');
  const columns = columnNames.length;
  const rawPath = doc.path;
  // An empty path would claim the leaf is the root, which the format never builds (one leaf gets a parent).
  if (!Array.isArray(rawPath) || rawPath.length === 0)
    throw new ProofProblem('format', 'path must be a non-empty list');
  return {
    snapshotId: snapshotIdOf(snapshot.id),
    root: nodeOf(snapshot.root, columns, 'snapshot.root'),
    memberId: memberIdOf(leaf.member_id),
    salt: hexOf(leaf.salt, SALT_BYTES, 'leaf.salt'),
    memberHash: hexOf(leaf.member_hash, HASH_BYTES, 'leaf.member_hash'),
    amounts: amountsOf(leaf.amounts, columns, 'leaf.amounts'),
    path: rawPath.map((step, i) => stepOf(step, columns, `path[${i}]`)),
  };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ProofProblem('format', `${what} must be an object`);
  return value as Record<string, unknown>;
}

function snapshotIdOf(value: unknown): bigint {
  const id = fromDecimal(value);
  if (id === null || id >= 1n << 64n)
    throw new ProofProblem('format', 'snapshot.id must be a decimal u64 string');
  return id;
}

function memberIdOf(value: unknown): string {
  if (typeof value !== 'string' || !/^(0|[1-9][0-9]*)$/.test(value))
    throw new ProofProblem('format', 'leaf.member_id must be a decimal string');
  return value;
}

function hexOf(value: unknown, length: number, what: string): Uint8Array {
  const bytes = fromHex(value, length);
  if (!bytes) throw new ProofProblem('format', `${what} must be 0x and ${length} bytes of lower-case hex`);
  return bytes;
}

function amountsOf(value: unknown, columns: number, what: string): bigint[] {
  if (!Array.isArray(value)) throw new ProofProblem('format', `${what} must be a list`);
  if (value.length !== columns)
    throw new ProofProblem('columns', `${what} has ${value.length} amounts for ${columns} columns`);
  return value.map((text, i) => {
    const amount = fromDecimal(text);
    if (amount === null || amount > MAX_AMOUNT)
      throw new ProofProblem(
        'amount',
        `${what}[${i}] = ${JSON.stringify(text)} is not a whole number of minor units from 0 to 2^128 - 1`,
      );
    return amount;
  });
}

function nodeOf(value: unknown, columns: number, what: string): PorNode {
  const node = record(value, what);
  return {
    hash: hexOf(node.hash, HASH_BYTES, `${what}.hash`),
    sums: amountsOf(node.sums, columns, `${what}.sums`),
  };
}

function stepOf(value: unknown, columns: number, what: string): PorNode & { side: PorSide } {
  const side = record(value, what).side;
  if (side !== 'left' && side !== 'right')
    throw new ProofProblem('format', `${what}.side must be "left" or "right"`);
  return { side, ...nodeOf(value, columns, what) };
}
