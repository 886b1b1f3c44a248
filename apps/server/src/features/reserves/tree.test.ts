import { randomBytes } from 'node:crypto';
import { buildTree as sharedTree, makeLeaf, proofFor, toHex } from '@mp/contract';
import { describe, expect, it } from 'vitest';
import { buildLeaf, levelCount, nodeAt, packSums, treeOfLeaves, unpackSums } from './tree.ts';

/** The server's bulk builder (node:crypto, packed levels) against the shared code of the format, byte for byte. */
describe('the bulk tree builder', () => {
  const columns = 3;
  const inputs = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      memberId: String(100 + i),
      amounts: [BigInt(i * 7), 0n, BigInt(i % 3 === 0 ? 1_000_000 * i : 0)],
      salt: randomBytes(32),
    }));

  for (const n of [0, 1, 2, 3, 5, 8, 13]) {
    it(`gives the shared code's leaves, levels and root for ${n} leaves`, () => {
      const given = inputs(n);
      const snapshotId = 42n;
      const fast = treeOfLeaves(
        given.map((g) => buildLeaf(snapshotId, g, g.salt)),
        columns,
      );
      const shared = sharedTree(
        given.map((g) => makeLeaf(snapshotId, { member_id: g.memberId, salt: g.salt, amounts: g.amounts })),
        columns,
      );
      expect(fast.levels).toHaveLength(shared.levels.length);
      expect(fast.levels).toHaveLength(levelCount(n));
      shared.levels.forEach((level, l) => {
        const mine = fast.levels[l];
        expect(mine?.count).toBe(level.length);
        level.forEach((node, i) => {
          const own = nodeAt(mine!, i, columns);
          expect(toHex(own.hash)).toBe(toHex(node.hash));
          expect(own.sums).toEqual(node.sums);
        });
      });
      expect(toHex(fast.root.hash)).toBe(toHex(shared.root.hash));
      expect(fast.root.sums).toEqual(shared.root.sums);
      fast.leaves.forEach((leaf, i) => {
        expect(toHex(leaf.memberHash)).toBe(toHex(shared.levels[0][i]!.member_hash));
        // The shared proof of the same leaf walks the same siblings the stored levels give.
        const path = proofFor(shared.levels, i);
        path.forEach((step, level) => {
          const sibling = nodeAt(fast.levels[level]!, (i >> level) ^ 1, columns);
          expect(toHex(sibling.hash)).toBe(toHex(step.hash));
        });
      });
    });
  }

  it('refuses a negative amount instead of encoding it', () => {
    expect(() => buildLeaf(1n, { memberId: '1', amounts: [-1n, 0n, 0n] })).toThrow(/out of range/);
  });

  it('packs sums as 16-byte big-endian fields and reads them back', () => {
    const sums = [0n, 1n, 2n ** 63n, 123_456_789n];
    const packed = packSums(sums);
    expect(packed).toHaveLength(64);
    expect(packed.subarray(16, 32).toString('hex')).toBe(`${'0'.repeat(30)}01`);
    expect(unpackSums(packed)).toEqual(sums);
  });
});
