/// <reference types="node" />
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toHex } from './format.ts';
import { buildTree, makeLeaf, type PorLeaf, proofDocument, proofFor } from './tree.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'verify-proof-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the root package's `verify-proof` command line (node --import tsx scripts/verify-proof.ts) as a member would. */
function verifyProofCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-proof.ts', ...args], {
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function writeProof(
  name: string,
  edit: (proof: ReturnType<typeof proofDocument>) => void = () => {},
): string {
  const leaves = ['5', '6', '7'].map((id, i) =>
    makeLeaf(12n, {
      member_id: id,
      salt: new Uint8Array(32).fill(i + 1),
      amounts: [BigInt(i) * 1_000_000n, 250n],
    }),
  );
  const tree = buildTree(leaves, 2);
  const index = tree.levels[0].findIndex((l) => l.member_id === '7');
  const meta = {
    id: '12',
    chain_id: 31337,
    block: '99',
    taken_at: '2026-11-27T12:00:00.000Z',
    anchor_tx: null,
  };
  const proof = proofDocument(
    { ...meta, columns: ['deposit', 'trading'] },
    tree.root,
    tree.levels[0][index] as PorLeaf,
    proofFor(tree.levels, index),
  );
  edit(proof);
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(proof, null, 2));
  return file;
}

describe('npm run verify-proof (no server)', () => {
  it('prints every level up to the root, then "verified", and exits 0 for a good proof', async () => {
    const file = writeProof('good.json');
    const { code, stdout } = await verifyProofCli(file);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^level 0 \(leaf\) +0x[0-9a-f]{64} {2}sums 2000000, 250$/m);
    expect(stdout).toMatch(/^level 2 +0x[0-9a-f]{64} {2}sums 3000000, 750$/m);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('verified');
  });

  it("says what failed and exits 1 when the member's amount was edited", async () => {
    const file = writeProof('edited.json', (p) => {
      p.leaf.amounts[0] = '1000000';
    });
    const { code, stdout } = await verifyProofCli(file);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^NOT VERIFIED: root hash: computed 0x[0-9a-f]{64}, the snapshot says 0x[0-9a-f]{64}$/m,
    );
    expect(stdout).not.toMatch(/^verified$/m);
  });

  it("exits 1 when a sibling's hash was edited", async () => {
    const file = writeProof('sibling.json', (p) => {
      const step = p.path[1];
      if (step) step.hash = toHex(new Uint8Array(32).fill(7));
    });
    const { code, stdout } = await verifyProofCli(file);
    expect(code).toBe(1);
    expect(stdout).toContain('NOT VERIFIED: root hash');
  });

  it('exits 2 with a clear message for a missing file, a file that is not JSON, and JSON that is not a proof', async () => {
    const missing = await verifyProofCli(path.join(dir, 'absent.json'));
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('cannot read')]);
    const notJson = path.join(dir, 'not.json');
    writeFileSync(notJson, 'hello');
    expect(await verifyProofCli(notJson)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is not JSON'),
    });
    const other = writeProof('other.json', (p) => Object.assign(p, { format: 'something-else' }));
    expect(await verifyProofCli(other)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is not an mp-por-v1 proof: unknown format "something-else"'),
    });
    expect(await verifyProofCli()).toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  });
});
