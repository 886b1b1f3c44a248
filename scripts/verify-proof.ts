/**
 * Verifies a downloaded proof of reserves (mp-por-v1) with no server: `npm run verify-proof -- proof.json`.
 * Prints every recomputed hash so a member can compare them with the screen or another verifier.
 * Exit codes: 0 verified, 1 the proof does not verify, 2 the file is missing or not a proof.
 */
import { readFileSync } from 'node:fs';
import { verifyProof, type VerifyResult } from '../packages/contract/src/reserves/index.ts';

const USAGE = 'usage: npm run verify-proof -- <proof.json>';

function readProof(file: string): { proof: unknown } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { error: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    return { proof: JSON.parse(text) };
  } catch (error) {
    return { error: `${file} is not JSON: ${(error as Error).message}` };
  }
}

function describeSnapshot(proof: unknown): string[] {
  const doc = proof as { snapshot?: Record<string, unknown>; leaf?: Record<string, unknown> };
  const s = doc.snapshot ?? {};
  const columns = Array.isArray(s.columns) ? s.columns.join(', ') : '?';
  return [
    `snapshot ${s.id} on chain ${s.chain_id} at block ${s.block}, taken ${s.taken_at}`,
    `columns (minor units, 6 decimals): ${columns}`,
    `member ${doc.leaf?.member_id}`,
  ];
}

/** One line per node: a label, its hash and its sums, the labels padded so the hashes line up. */
const line = (label: string, node: { hash: string; sums: readonly bigint[] }) =>
  `${label.padEnd(17)}${node.hash}  sums ${node.sums.join(', ')}`;

function describeFold(result: VerifyResult): string[] {
  const lines: string[] = [];
  if (result.leaf)
    lines.push(`${'member hash'.padEnd(17)}${result.leaf.member_hash}`, line('level 0 (leaf)', result.leaf));
  for (const step of result.steps)
    lines.push(line(`  ${step.side} sibling`, step.sibling), line(`level ${step.level}`, step));
  if (result.root) lines.push(line('root computed', result.root));
  if (result.expected_root) lines.push(line('root published', result.expected_root));
  return lines;
}

function main(args: string[]): number {
  const file = args[0];
  if (!file || args.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const read = readProof(file);
  if ('error' in read) {
    process.stderr.write(`${read.error}\n`);
    return 2;
  }
  const result = verifyProof(read.proof);
  if (result.code === 'format') {
    process.stderr.write(`${file} is not an mp-por-v1 proof: ${result.problem}\n`);
    return 2;
  }
  process.stdout.write(`${[...describeSnapshot(read.proof), ...describeFold(result)].join('\n')}\n`);
  if (!result.ok) {
    process.stdout.write(`NOT VERIFIED: ${result.problem}\n`);
    return 1;
  }
  process.stdout.write('verified\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
