import { describe, expect, it } from 'vitest';
import { anchorData, readAnchorData, reserveMessage } from './anchor.ts';
import { emptyNode, fromHex, innerPreimage, leafPreimage, toHex } from './format.ts';
import { buildTree, makeLeaf, proofDocument, proofFor } from './tree.ts';
import { verifyProof } from './verify.ts';

/**
 * The worked example of mp-por-v1 (also in DECISIONS). Every hex string below was computed once with node:crypto's
 * createHash('sha256') over byte layouts written out by hand, not with this package, so it checks the code
 * against the format's text rather than against itself.
 */
const SNAPSHOT_ID = 7n;
const salt = (byte: number) => new Uint8Array(32).fill(byte);
const MEMBERS = [
  { member_id: '1', salt: salt(0x11), amounts: [5_000_000n, 0n] },
  { member_id: '2', salt: salt(0x22), amounts: [1_250_000n, 300_000n] },
  { member_id: '3', salt: salt(0x33), amounts: [0n, 7_000_000n] },
];

const MEMBER_HASH = {
  '1': '0xe1c2804880ce99fa15406ca4d4e6efdaf68b042bd1fe79e47e0976a08fc37664',
  '2': '0x3db74827230caf76cce473c8f340686ffc681be11be2727d09a0d2427ccf1f72',
  '3': '0xadd94244e3c7f3b0273a01d478463724af179c820faa6e72527cb69cc4321274',
};
const LEAF_HASH = {
  '1': '0xf04cf3bf0ca367d15838c6c2a534cb5a0e4d5bce418b27210403e377dd4816eb',
  '2': '0x415aa560ae0ceec91125e13627b9e6e35cf119a818d1531ecd993f23062e4352',
  '3': '0xc03ee1894dc4a95bf72a79eef6cf18988bb35f1e22cd8f20cc9cf07e47e0d6c5',
};
const LEAF_1_PREIMAGE =
  '0x00' +
  '0000000000000007' +
  '11'.repeat(32) +
  'e1c2804880ce99fa15406ca4d4e6efdaf68b042bd1fe79e47e0976a08fc37664' +
  '000000000000000000000000004c4b40' +
  '00000000000000000000000000000000';
/** Level 1: (leaf 2, leaf 3) and (leaf 1, empty); level 2: the root. */
const N0 = '0x9efb861305b3b4554302e4609d82cae1822b0d310c13c54ae83d661aa941b48c';
const N1 = '0x18393a3b8f182438420b73a7937c49093c39723048d078c15dc825bd474907fe';
const ROOT = '0xcfa7278ea61b9048e36432db3e84553a6d37a17da2943f83ac188daa87a67cde';
const N1_PREIMAGE =
  '0x01' +
  'f04cf3bf0ca367d15838c6c2a534cb5a0e4d5bce418b27210403e377dd4816eb' +
  '000000000000000000000000004c4b40' +
  '00000000000000000000000000000000' +
  '00'.repeat(32) +
  '00000000000000000000000000000000' +
  '00000000000000000000000000000000';
const ANCHOR =
  '0x4d50504f5231' +
  '0000000000000007' +
  'cfa7278ea61b9048e36432db3e84553a6d37a17da2943f83ac188daa87a67cde' +
  '00000000000000000000000000cec1b0';

const META = {
  id: '7',
  chain_id: 31337,
  block: '1234',
  taken_at: '2026-11-27T12:00:00.000Z',
  columns: ['deposit', 'trading'],
  anchor_tx: null,
};

function exampleTree() {
  const leaves = MEMBERS.map((m) => makeLeaf(SNAPSHOT_ID, m));
  return { leaves, tree: buildTree(leaves, 2) };
}

describe('mp-por-v1 worked example (3 members, 2 columns, snapshot 7)', () => {
  it('hashes each member and leaf to the bytes computed by hand', () => {
    const { leaves } = exampleTree();
    for (const leaf of leaves) {
      const id = leaf.member_id as keyof typeof MEMBER_HASH;
      expect(toHex(leaf.member_hash), `member ${id}`).toBe(MEMBER_HASH[id]);
      expect(toHex(leaf.hash), `leaf ${id}`).toBe(LEAF_HASH[id]);
    }
    const one = leaves[0];
    if (!one) throw new Error('no leaf');
    expect(toHex(leafPreimage(SNAPSHOT_ID, one.salt, one.member_hash, one.sums))).toBe(LEAF_1_PREIMAGE);
  });

  it('orders the leaves by hash and builds the levels above them, padding the odd one with the empty node', () => {
    const { tree } = exampleTree();
    expect(tree.levels[0].map((l) => l.member_id)).toEqual(['2', '3', '1']);
    const [n0, n1] = tree.levels[1] ?? [];
    if (!n0 || !n1) throw new Error('level 1 has two nodes');
    expect([toHex(n0.hash), n0.sums]).toEqual([N0, [1_250_000n, 7_300_000n]]);
    expect([toHex(n1.hash), n1.sums]).toEqual([N1, [5_000_000n, 0n]]);
    const lastLeaf = tree.levels[0][2];
    if (!lastLeaf) throw new Error('three leaves');
    expect(toHex(innerPreimage(lastLeaf, emptyNode(2)))).toBe(N1_PREIMAGE);
    expect(tree.levels).toHaveLength(3);
    expect([toHex(tree.root.hash), tree.root.sums]).toEqual([ROOT, [6_250_000n, 7_300_000n]]);
  });

  it("gives member 1 a path of the empty node on the right, then level 1's first node on the left, and it verifies", () => {
    const { tree } = exampleTree();
    const index = tree.levels[0].findIndex((l) => l.member_id === '1');
    const leaf = tree.levels[0][index];
    if (!leaf) throw new Error('member 1 has a leaf');
    const proof = proofDocument(META, tree.root, leaf, proofFor(tree.levels, index));
    expect(proof.path).toEqual([
      { side: 'right', hash: `0x${'00'.repeat(32)}`, sums: ['0', '0'] },
      { side: 'left', hash: N0, sums: ['1250000', '7300000'] },
    ]);
    const result = verifyProof(JSON.parse(JSON.stringify(proof)));
    expect(result.problem).toBeUndefined();
    expect(result.steps.map((s) => [s.level, s.side, s.hash])).toEqual([
      [1, 'right', N1],
      [2, 'left', ROOT],
    ]);
    expect(result).toMatchObject({ ok: true, root: { hash: ROOT, sums: [6_250_000n, 7_300_000n] } });
  });

  it('anchors the root with its total (13.55 USDT) and names it in the signed message', () => {
    const snapshot = { ...META, root: { hash: ROOT, sums: ['6250000', '7300000'] } };
    expect(anchorData(snapshot)).toBe(ANCHOR);
    expect(readAnchorData(ANCHOR)).toEqual({ snapshot_id: '7', root_hash: ROOT, total: '13550000' });
    expect(reserveMessage(snapshot)).toBe(
      `Member platform proof of reserves\nsnapshot 7\nchain 31337\nblock 1234\nroot ${ROOT}`,
    );
    expect(fromHex(ROOT, 32)).toHaveLength(32);
  });
});
