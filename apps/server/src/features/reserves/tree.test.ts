import { randomBytes } from 'node:crypto';
import { buildTree as sharedTree, makeLeaf, proofFor, toHex } from '@mp/contract';
import { describe, expect, it } from 'vitest';
import { buildTree, levelCount, nodeAt, unpackSums } from './tree.ts';

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
      const salts = Buffer.concat(given.map((g) => g.salt));
      const fast = buildTree(snapshotId, given, columns, salts);
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
      shared.levels[0].forEach((leaf, p) => {
        // Position p of level 0 is the same member with the same salt.
        const i = fast.order[p]!;
        expect(fast.memberIds[i]).toBe(leaf.member_id);
        expect(toHex(fast.salts.subarray(32 * i, 32 * i + 32))).toBe(toHex(leaf.salt));
        // The shared proof of the same leaf walks the same siblings the stored levels give.
        proofFor(shared.levels, p).forEach((step, level) => {
          const sibling = nodeAt(fast.levels[level]!, (p >> level) ^ 1, columns);
          expect(toHex(sibling.hash)).toBe(toHex(step.hash));
          expect(sibling.sums).toEqual(step.sums);
        });
      });
    });
  }

  it('refuses a negative amount instead of encoding it', () => {
    expect(() => buildTree(1n, [{ memberId: '1', amounts: [-1n, 0n, 0n] }], columns)).toThrow(/out of range/);
  });

  it('gives every leaf its own fresh salt', () => {
    const tree = buildTree(1n, inputs(50), columns);
    const salts = new Set(
      Array.from({ length: 50 }, (_, i) => tree.salts.subarray(32 * i, 32 * i + 32).toString('hex')),
    );
    expect(salts.size).toBe(50);
  });

  it('reads sums stored as 16-byte big-endian fields', () => {
    const packed = Buffer.from(
      `${'0'.repeat(31)}1${'0'.repeat(15)}8${'0'.repeat(16)}${'0'.repeat(32)}`,
      'hex',
    );
    expect(unpackSums(packed)).toEqual([1n, 2n ** 67n, 0n]);
  });
});
