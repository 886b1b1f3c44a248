import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, memberHash, PorFormatError, type ReserveProof, fromHex, toHex } from './format.ts';
import { buildTree, makeLeaf, type PorLeaf, proofDocument, proofFor } from './tree.ts';
import { verifyProof } from './verify.ts';

const META = { chain_id: 31337, block: '100', taken_at: '2026-11-27T12:00:00.000Z', anchor_tx: null };

/** Mostly small balances, some huge ones: 200 leaves of at most 2^120 each still sum below 2^128. */
const amount = fc.oneof(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 1n << 120n }));

/** `size: 'max'` so the lengths reach maxLeaves (fast-check's default keeps generated lists short). */
function snapshotArb(minLeaves: number, maxLeaves: number) {
  return fc.integer({ min: 1, max: 6 }).chain((columns) =>
    fc.record({
      columns: fc.constant(columns),
      id: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
      members: fc.array(
        fc.record({
          salt: fc.uint8Array({ minLength: 32, maxLength: 32 }),
          amounts: fc.array(amount, { minLength: columns, maxLength: columns }),
        }),
        { minLength: minLeaves, maxLength: maxLeaves, size: 'max' },
      ),
    }),
  );
}

type Snapshot = { columns: number; id: bigint; members: Array<{ salt: Uint8Array; amounts: bigint[] }> };

function build(s: Snapshot) {
  const leaves = s.members.map((m, i) => makeLeaf(s.id, { member_id: String(i + 1), ...m }));
  const tree = buildTree(leaves, s.columns);
  const columns = Array.from({ length: s.columns }, (_, i) => `c${i}`);
  const proof = (index: number): ReserveProof =>
    proofDocument(
      { ...META, id: String(s.id), columns },
      tree.root,
      tree.levels[0][index] as PorLeaf,
      proofFor(tree.levels, index),
    );
  return { leaves, tree, proof };
}

const flipByte = (hex: string, at: number) => {
  const bytes = fromHex(hex, (hex.length - 2) / 2) as Uint8Array;
  bytes[at % bytes.length] = (bytes[at % bytes.length] ?? 0) ^ 0xff;
  return toHex(bytes);
};
const shift = (text: string, delta: bigint) => String((BigInt(text) + delta) % (MAX_AMOUNT + 1n));
const rehashMember = (p: ReserveProof) => {
  p.leaf.member_hash = toHex(memberHash(fromHex(p.leaf.salt, 32) as Uint8Array, p.leaf.member_id));
};
const at = <T>(list: T[], r: number) => list[r % list.length] as T;

/** Each edits one thing a proof states; `r` picks the place, `delta` (>= 1) the size. */
const EDITS: Record<string, (p: ReserveProof, r: number, delta: bigint) => void> = {
  leaf_amount: (p, r, d) => {
    const c = r % p.leaf.amounts.length;
    p.leaf.amounts[c] = shift(p.leaf.amounts[c] ?? '0', d);
  },
  salt: (p, r) => {
    p.leaf.salt = flipByte(p.leaf.salt, r);
  },
  salt_with_its_member_hash: (p, r) => {
    p.leaf.salt = flipByte(p.leaf.salt, r);
    rehashMember(p);
  },
  member_id: (p, _r, d) => {
    p.leaf.member_id = String(BigInt(p.leaf.member_id) + d);
  },
  member_id_with_its_member_hash: (p, _r, d) => {
    p.leaf.member_id = String(BigInt(p.leaf.member_id) + d);
    rehashMember(p);
  },
  member_hash: (p, r) => {
    p.leaf.member_hash = flipByte(p.leaf.member_hash, r);
  },
  sibling_hash: (p, r) => {
    const step = at(p.path, r);
    step.hash = flipByte(step.hash, r >> 4);
  },
  sibling_sums: (p, r, d) => {
    const step = at(p.path, r);
    const c = (r >> 4) % step.sums.length;
    step.sums[c] = shift(step.sums[c] ?? '0', d);
  },
  side: (p, r) => {
    const step = at(p.path, r);
    step.side = step.side === 'left' ? 'right' : 'left';
  },
  path_order: (p, r) => {
    const i = r % p.path.length;
    const j = (i + 1 + ((r >> 4) % Math.max(1, p.path.length - 1))) % p.path.length;
    [p.path[i], p.path[j]] = [
      p.path[j] as ReserveProof['path'][number],
      p.path[i] as ReserveProof['path'][number],
    ];
  },
  root_hash: (p, r) => {
    p.snapshot.root.hash = flipByte(p.snapshot.root.hash, r);
  },
  root_sums: (p, r, d) => {
    const c = r % p.snapshot.root.sums.length;
    p.snapshot.root.sums[c] = shift(p.snapshot.root.sums[c] ?? '0', d);
  },
  snapshot_id: (p, _r, d) => {
    p.snapshot.id = String((BigInt(p.snapshot.id) + d) % (1n << 64n));
  },
};

describe('mp-por-v1 trees and proofs (properties)', () => {
  it("verifies every leaf of random trees (0..200 leaves, 1..6 columns), and the root's sums are the leaves' totals", () => {
    fc.assert(
      fc.property(snapshotArb(0, 200), (s) => {
        const { tree, proof } = build(s);
        const totals = s.members.reduce(
          (sum, m) => sum.map((v, c) => v + (m.amounts[c] ?? 0n)),
          new Array<bigint>(s.columns).fill(0n),
        );
        expect(tree.root.sums).toEqual(totals);
        if (s.members.length === 0) expect(toHex(tree.root.hash)).toBe(`0x${'00'.repeat(32)}`);
        tree.levels[0].forEach((_, i) => {
          const result = verifyProof(JSON.parse(JSON.stringify(proof(i))));
          expect(result.problem).toBeUndefined();
          expect(result.ok).toBe(true);
          expect(result.root?.sums).toEqual(totals);
        });
      }),
      { numRuns: 40 },
    );
  });

  it.each(Object.keys(EDITS))('fails a proof whose %s was changed', (kind) => {
    const edit = EDITS[kind] as (typeof EDITS)[string];
    fc.assert(
      fc.property(
        snapshotArb(1, 40),
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 1n << 100n }),
        (s, pick, r, delta) => {
          const { proof } = build(s);
          const good = proof(pick % s.members.length);
          const edited: ReserveProof = structuredClone(good);
          edit(edited, r, delta);
          // A swap of two equal steps (two padding siblings) or a wrap to the same value changes nothing.
          fc.pre(JSON.stringify(edited) !== JSON.stringify(good));
          expect(verifyProof(good).ok).toBe(true);
          const result = verifyProof(edited);
          expect(result.ok).toBe(false);
          expect(result.problem).toBeTruthy();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("detects liability moved between siblings: one leaf's amount down by x, its sibling's sums up by x", () => {
    fc.assert(
      fc.property(
        snapshotArb(2, 40),
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 1n << 100n }),
        (s, pick, c, x) => {
          const { proof } = build(s);
          const p = proof(pick % s.members.length);
          const column = c % s.columns;
          const mine = BigInt(p.leaf.amounts[column] ?? '0');
          fc.pre(mine >= x);
          const sibling = p.path[0] as ReserveProof['path'][number];
          p.leaf.amounts[column] = String(mine - x);
          sibling.sums[column] = String(BigInt(sibling.sums[column] ?? '0') + x);
          const result = verifyProof(p);
          expect(result.ok).toBe(false);
          // The sums still add up to the root's; only the hashes, which commit each child's sums, give it away.
          expect(result.root?.sums).toEqual(p.snapshot.root.sums.map(BigInt));
          expect(result.code).toBe('root_hash');
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses Maxwell's flaw: two sibling members' proofs that each understate the other by x cannot share a root", () => {
    fc.assert(
      fc.property(snapshotArb(2, 40), fc.nat(), fc.bigInt({ min: 1n, max: 1n << 20n }), (s, c, x) => {
        const { proof } = build(s);
        const column = c % s.columns;
        // Leaves 0 and 1 are siblings; each is shown the other with x less, so their parent sums x too little.
        const forged = [proof(0), proof(1)].map((p) => {
          const sibling = p.path[0] as ReserveProof['path'][number];
          sibling.sums[column] = String(BigInt(sibling.sums[column] ?? '0') - x);
          return p;
        });
        fc.pre(forged.every((p) => !p.path[0]?.sums[column]?.startsWith('-')));
        const [first, second] = forged as [ReserveProof, ReserveProof];
        const claimed = verifyProof(first).root;
        if (!claimed) throw new Error('the forged proof folds to a root');
        const root = { hash: claimed.hash, sums: claimed.sums.map(String) };
        first.snapshot.root = root;
        second.snapshot.root = root;
        // Had a parent committed only its total, both proofs would fold to the same understated root.
        expect(verifyProof(first).ok).toBe(true);
        expect(verifyProof(second)).toMatchObject({ ok: false, code: 'root_hash' });
      }),
      { numRuns: 60 },
    );
  });

  it("detects x moved from one level's sibling sums to another's, though the root's sums still match", () => {
    fc.assert(
      fc.property(snapshotArb(3, 40), fc.nat(), fc.bigInt({ min: 1n, max: 1n << 20n }), (s, pick, x) => {
        const { proof } = build(s);
        const p = proof(pick % s.members.length);
        const [low, high] = p.path;
        fc.pre(!!low && !!high && BigInt(low.sums[0] ?? '0') >= x);
        if (!low || !high) return;
        low.sums[0] = String(BigInt(low.sums[0] ?? '0') - x);
        high.sums[0] = String(BigInt(high.sums[0] ?? '0') + x);
        const result = verifyProof(p);
        expect(result).toMatchObject({ ok: false, code: 'root_hash' });
      }),
      { numRuns: 60 },
    );
  });
});

describe('mp-por-v1 amounts out of range', () => {
  const salt = new Uint8Array(32).fill(1);

  it.each([-1n, 1n << 128n])('refuses %s in the builder', (bad) => {
    expect(() => makeLeaf(1n, { member_id: '1', salt, amounts: [0n, bad] })).toThrow(PorFormatError);
  });

  it('refuses, in the builder, sums that pass 2^128 - 1', () => {
    const leaves = ['1', '2'].map((id) => makeLeaf(1n, { member_id: id, salt, amounts: [1n << 127n] }));
    expect(() => buildTree(leaves, 1)).toThrow(PorFormatError);
  });

  it.each(['-1', String(1n << 128n), '1.5', '01', '', 'ten'])(
    'fails a proof with a leaf amount of "%s"',
    (bad) => {
      const tree = buildTree([makeLeaf(1n, { member_id: '1', salt, amounts: [5n, 6n] })], 2);
      const proof = proofDocument(
        { ...META, id: '1', columns: ['a', 'b'] },
        tree.root,
        tree.levels[0][0] as PorLeaf,
        proofFor(tree.levels, 0),
      );
      proof.leaf.amounts[1] = bad;
      expect(verifyProof(proof)).toMatchObject({ ok: false, code: 'amount' });
    },
  );

  it('fails a proof whose sibling sums make a parent pass 2^128 - 1', () => {
    const tree = buildTree([makeLeaf(1n, { member_id: '1', salt, amounts: [5n] })], 1);
    const proof = proofDocument(
      { ...META, id: '1', columns: ['a'] },
      tree.root,
      tree.levels[0][0] as PorLeaf,
      proofFor(tree.levels, 0),
    );
    (proof.path[0] as ReserveProof['path'][number]).sums = [String(MAX_AMOUNT)];
    expect(verifyProof(proof)).toMatchObject({ ok: false, code: 'amount' });
  });
});

describe('mp-por-v1 proof shape', () => {
  const salt = new Uint8Array(32).fill(0xab);
  const tree = buildTree([makeLeaf(3n, { member_id: '42', salt, amounts: [1n, 2n] })], 2);
  const good = () =>
    proofDocument(
      { ...META, id: '3', columns: ['a', 'b'] },
      tree.root,
      tree.levels[0][0] as PorLeaf,
      proofFor(tree.levels, 0),
    );

  it('verifies a single leaf against a root above it (the leaf is never the root)', () => {
    expect(good().path).toHaveLength(1);
    expect(verifyProof(good())).toMatchObject({ ok: true });
  });

  it('fails an unknown format, a wrong column count, an empty path and a non-object', () => {
    expect(verifyProof({ ...good(), format: 'mp-por-v2' })).toMatchObject({ ok: false, code: 'format' });
    const moreColumns = good();
    moreColumns.snapshot.columns.push('c');
    expect(verifyProof(moreColumns)).toMatchObject({ ok: false, code: 'columns' });
    const noPath = good();
    noPath.path = [];
    noPath.snapshot.root = { hash: noPath.leaf.member_hash, sums: ['1', '2'] };
    expect(verifyProof(noPath)).toMatchObject({ ok: false, code: 'format' });
    expect(verifyProof('not a proof')).toMatchObject({ ok: false, code: 'format' });
    expect(verifyProof(null)).toMatchObject({ ok: false, code: 'format' });
  });

  it('fails upper-case or short hex rather than guessing', () => {
    const upper = good();
    upper.leaf.salt = upper.leaf.salt.toUpperCase().replace('0X', '0x');
    expect(verifyProof(upper)).toMatchObject({ ok: false, code: 'format' });
    const short = good();
    short.snapshot.root.hash = short.snapshot.root.hash.slice(0, -2);
    expect(verifyProof(short)).toMatchObject({ ok: false, code: 'format' });
  });
});
