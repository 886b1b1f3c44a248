import {
  anchorData,
  buildTree,
  makeLeaf,
  proofDocument,
  proofFor,
  type ReserveProof,
  reserveMessage,
} from '@mp/contract/web';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';
import { personalMessageHash } from '../eip191.ts';
import type { Snapshot } from '../types.ts';

const RPC = 'http://127.0.0.1:8545';
const COLUMNS = ['deposit', 'trading', 'funds'];
const ANCHOR_TX = `0x${'a1'.repeat(32)}`;
const HOT_KEY = secp256k1.utils.randomSecretKey();
const HOT_WALLET = `0x${bytesToHex(keccak_256(secp256k1.getPublicKey(HOT_KEY, false).subarray(1)).subarray(-20))}`;

/** The hot wallet's EIP-191 signature (r || s || v, v 27/28) as an Ethereum wallet makes it. */
function sign(message: string): string {
  const bytes = secp256k1.sign(personalMessageHash(message), HOT_KEY, {
    prehash: false,
    format: 'recovered',
  });
  return `0x${bytesToHex(bytes.subarray(1))}${(27 + (bytes[0] ?? 0)).toString(16)}`;
}

const salt = (n: number) => new Uint8Array(32).fill(n);

/** A snapshot of five members built with the shared tree code; member 7 (1.5 USDT on deposit, 20 in funds) asks. */
function fixture(): { snapshot: Snapshot; proof: ReserveProof } {
  const leaves = [
    makeLeaf(3n, { member_id: '7', salt: salt(1), amounts: [1_500_000n, 0n, 20_000_000n] }),
    ...[8, 9, 10, 11].map((id) =>
      makeLeaf(3n, { member_id: String(id), salt: salt(id), amounts: [BigInt(id) * 1_000_000n, 0n, 0n] }),
    ),
  ];
  const tree = buildTree(leaves, COLUMNS.length);
  const index = tree.levels[0].findIndex((l) => l.member_id === '7');
  const leaf = tree.levels[0][index];
  if (!leaf) throw new Error('member 7 has no leaf');
  const meta = {
    id: '3',
    chain_id: 31337,
    block: '120',
    taken_at: '2026-11-27T12:00:00.000Z',
    columns: COLUMNS,
    anchor_tx: ANCHOR_TX,
  };
  const proof = proofDocument(meta, tree.root, leaf, proofFor(tree.levels, index));
  const total = proof.snapshot.root.sums.reduce((s, v) => s + BigInt(v), 0n).toString();
  const shown = { ...meta, root: proof.snapshot.root };
  const snapshot: Snapshot = {
    ...shown,
    total,
    anchor_block: '121',
    reserves: {
      total: '80000000',
      hot_wallet: { address: HOT_WALLET, balance: '70000000', signature: sign(reserveMessage(shown)) },
      deposit_addresses: {
        xpub: 'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz',
        count: 2,
        balance: '10000000',
      },
    },
    ratio_bp: 13114,
    points: { RP: '12345', DP: '0' },
    explorer: null,
  };
  return { snapshot, proof };
}

/** The chain node: answers the anchor transaction with `input` from `from`. */
function chainAnswering(tx: { input: string; from: string } | null) {
  return async (body: { method: string }) => {
    if (body.method === 'eth_chainId') return '0x7a69';
    if (body.method === 'eth_getTransactionByHash')
      return tx && { ...tx, to: tx.from, blockNumber: '0x79', hash: ANCHOR_TX };
    throw new Error(`unexpected ${body.method}`);
  };
}

/** The API and the chain node in one fetch, as the browser sees them. */
function serve(api: ReturnType<typeof scriptedApi>, chain: ReturnType<typeof chainAnswering>) {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (!url.startsWith(RPC)) return api.fetch(url, init);
    const body = JSON.parse(String(init?.body)) as { method: string; id: number };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: await chain(body) }));
  });
}

function apiFor(snapshot: Snapshot, proof: ReserveProof) {
  return scriptedApi({
    'Reserves/list': { list: [snapshot] },
    'Reserves/proof': proof,
    'Reserves/chain': { chain_id: 31337, rpc_url: RPC, hot_wallet: HOT_WALLET },
  });
}

async function verify() {
  fireEvent.click(await screen.findByTestId('reserves-verify-run'));
  return screen.findByTestId('reserves-verdict');
}

describe('the proof of reserves page', () => {
  beforeEach(() => logInAs('member', 'alice1'));
  afterEach(() => vi.restoreAllMocks());

  it('shows the member balances at the block and the reserves, and every check passes', async () => {
    const { snapshot, proof } = fixture();
    serve(apiFor(snapshot, proof), chainAnswering({ input: anchorData(snapshot), from: HOT_WALLET }));
    renderAt('/pages/personal/reserves');
    const mine = await screen.findByTestId('reserves-mine');
    expect(mine.textContent).toContain('Your balances at block 120');
    expect(screen.getByTestId('reserves-mine-deposit').textContent).toContain('1.50 USDT');
    expect(screen.getByTestId('reserves-mine-funds').textContent).toContain('20.00 USDT');
    expect(screen.getByTestId('reserves-mine-total').textContent).toBe('21.50 USDT');
    expect(screen.getByTestId('reserves-ratio').textContent).toBe('131.14 %');
    expect(screen.getByTestId('reserves-points').textContent).toContain('123.45 RP');

    const verdict = await verify();
    expect(verdict.dataset.state).toBe('passed');
    for (const key of ['inclusion', 'anchor', 'signature'])
      expect(screen.getByTestId(`reserves-check-${key}`).dataset.state, key).toBe('passed');
    // Five leaves: three levels above them, the last one the published root.
    const top = screen.getByTestId('reserves-step-3-hash');
    expect(top.getAttribute('title')).toBe(snapshot.root.hash);
    expect(top.textContent).toBe(`${snapshot.root.hash.slice(0, 8)}…${snapshot.root.hash.slice(-6)}`);
    fireEvent.click(top);
    expect(top.textContent).toBe(snapshot.root.hash);
  });

  it('fails the anchor check, red and with both roots, when the chain holds another root than the one shown', async () => {
    const { snapshot, proof } = fixture();
    const otherRoot = { ...snapshot.root, hash: `0x${'ee'.repeat(32)}` };
    const onChain = anchorData({ ...snapshot, root: otherRoot });
    serve(apiFor(snapshot, proof), chainAnswering({ input: onChain, from: HOT_WALLET }));
    renderAt('/pages/personal/reserves');
    expect((await verify()).dataset.state).toBe('failed');
    const anchor = screen.getByTestId('reserves-check-anchor');
    expect(anchor.dataset.state).toBe('failed');
    expect(anchor.textContent).toContain('The root written on chain is not the root shown.');
    const figures = within(anchor)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-value'));
    expect(figures).toEqual([snapshot.root.hash, otherRoot.hash]);
    expect(screen.getByTestId('reserves-check-inclusion').dataset.state).toBe('passed');
  });

  it('fails the checks when the proof does not lead to the root shown, and when another key signed', async () => {
    const { snapshot, proof } = fixture();
    const edited = structuredClone(proof);
    edited.leaf.amounts[0] = '2500000';
    const forged = {
      ...snapshot,
      reserves: {
        ...snapshot.reserves,
        hot_wallet: { ...snapshot.reserves.hot_wallet, signature: sign('another root') },
      },
    };
    serve(apiFor(forged, edited), chainAnswering({ input: anchorData(snapshot), from: HOT_WALLET }));
    renderAt('/pages/personal/reserves');
    expect((await verify()).dataset.state).toBe('failed');
    const inclusion = screen.getByTestId('reserves-check-inclusion');
    expect(inclusion.dataset.state).toBe('failed');
    expect(inclusion.textContent).toContain("Your balances and the path do not lead to the snapshot's root.");
    const signature = screen.getByTestId('reserves-check-signature');
    expect(signature.textContent).toContain("The signature was made by another key than the hot wallet's.");
    expect(screen.getByTestId('reserves-check-anchor').dataset.state).toBe('passed');
  });

  it('fails the anchor check when the chain node cannot be reached, naming the node', async () => {
    const { snapshot, proof } = fixture();
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (url.startsWith(RPC)) throw new TypeError('Failed to fetch');
      return apiFor(snapshot, proof).fetch(url, init);
    });
    renderAt('/pages/personal/reserves');
    await verify();
    const anchor = screen.getByTestId('reserves-check-anchor');
    expect(anchor.dataset.state).toBe('failed');
    expect(anchor.textContent).toContain('The chain node did not answer.');
    expect(anchor.textContent).toContain(`${RPC}: Failed to fetch`);
  });

  it('downloads the proof as proof-<snapshot>.json, the JSON the server sent', async () => {
    const { snapshot, proof } = fixture();
    serve(apiFor(snapshot, proof), chainAnswering(null));
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:proof';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderAt('/pages/personal/reserves');
    fireEvent.click(await screen.findByTestId('reserves-download'));
    const [file] = saved;
    expect(saved).toHaveLength(1);
    expect(file?.name).toBe('proof-3.json');
    expect(JSON.parse((await file?.blob.text()) ?? '')).toEqual(proof);
  });

  it('says so when no snapshot has been published yet', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Reserves/list': { list: [] } }).fetch);
    renderAt('/pages/personal/reserves');
    expect((await screen.findByTestId('reserves-empty')).textContent).toContain(
      'No proof of reserves has been published yet.',
    );
  });
});
