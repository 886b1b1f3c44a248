import { randomBytes } from 'node:crypto';
import { buildTree as sharedTree, makeLeaf, proofFor, toHex } from '@mp/contract';
import { describe, expect, it } from 'vitest';
import { buildTree, levelCount, nodeAt, orderByHash, unpackSums } from './tree.ts';

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
      const built = buildTree(snapshotId, given, columns, salts);
      const fast = { levels: built.levels.levels, root: built.levels.root(), order: built.order };
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
        expect(built.leaves.memberId(i)).toBe(leaf.member_id);
        expect(toHex(built.leaves.salts.subarray(32 * i, 32 * i + 32))).toBe(toHex(leaf.salt));
        // The shared proof of the same leaf walks the same siblings the stored levels give.
        proofFor(shared.levels, p).forEach((step, level) => {
          const sibling = nodeAt(fast.levels[level]!, (p >> level) ^ 1, columns);
          expect(toHex(sibling.hash)).toBe(toHex(step.hash));
          expect(sibling.sums).toEqual(step.sums);
        });
      });
    });
  }

  it("gives the shared code's root past the first growth of its buffers (2,500 leaves)", () => {
    const given = inputs(2500);
    const built = buildTree(7n, given, columns, Buffer.concat(given.map((g) => g.salt)));
    const shared = sharedTree(
      given.map((g) => makeLeaf(7n, { member_id: g.memberId, salt: g.salt, amounts: g.amounts })),
      columns,
    );
    expect(toHex(built.levels.root().hash)).toBe(toHex(shared.root.hash));
    expect(built.levels.root().sums).toEqual(shared.root.sums);
  });

  it('orders hashes bytewise when their first four bytes tie', () => {
    const size = 40;
    // 3,000 records in 50 groups sharing their first four bytes; the rest random.
    const records = randomBytes(size * 3000);
    for (let i = 0; i < 3000; i++) records.writeUInt32BE((i % 50) * 0x01010101, size * i);
    const order = orderByHash(records, 3000, size);
    const hashOf = (i: number) => records.subarray(size * i, size * i + 32).toString('hex');
    const expected = Array.from({ length: 3000 }, (_, i) => hashOf(i)).sort();
    expect([...order].map(hashOf)).toEqual(expected);
  });

  it('refuses a negative amount instead of encoding it', () => {
    expect(() => buildTree(1n, [{ memberId: '1', amounts: [-1n, 0n, 0n] }], columns)).toThrow(/out of range/);
  });

  it('gives every leaf its own fresh salt', () => {
    const tree = buildTree(1n, inputs(2000), columns);
    const salts = new Set(
      Array.from({ length: 2000 }, (_, i) => tree.leaves.salts.subarray(32 * i, 32 * i + 32).toString('hex')),
    );
    expect(salts.size).toBe(2000);
  });

  it('reads sums stored as 16-byte big-endian fields', () => {
    const packed = Buffer.from(
      `${'0'.repeat(31)}1${'0'.repeat(15)}8${'0'.repeat(16)}${'0'.repeat(32)}`,
      'hex',
    );
    expect(unpackSums(packed)).toEqual([1n, 2n ** 67n, 0n]);
  });
});
