import {
  anchorData,
  readAnchorData,
  type ReserveProof,
  reserveMessage,
  rootTotal,
  type VerifyResult,
  verifyProof,
} from '@mp/contract/web';
import { recoverSigner } from './eip191.ts';
import { getChainId, getTransaction, RpcError } from './rpc.ts';
import type { Snapshot } from './types.ts';

/**
 * What the browser checks itself, each passed or failed with what differed. A problem is a text key of the
 * `reserves` texts (`problem.<key>`) with the figures that differed: the screen says it in the member's language.
 */
export type Problem = { key: string; expected?: string; actual?: string };
export type CheckKey = 'inclusion' | 'anchor' | 'signature';
export type Check = { key: CheckKey; problems: Problem[] };

export const passed = (check: Check) => check.problems.length === 0;

const sameHex = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * The proof recomputed with the shared verifier (every hash, every sum), and its root compared with the snapshot the
 * page shows: a proof that folds to another root than the one published is no proof of this snapshot.
 */
export function checkInclusion(proof: ReserveProof, shown: Snapshot): { check: Check; result: VerifyResult } {
  const result = verifyProof(proof);
  const problems: Problem[] = [];
  if (!result.ok) problems.push({ key: `verify.${result.code ?? 'format'}`, actual: result.problem });
  if (proof.snapshot.id !== shown.id)
    problems.push({ key: 'snapshotDiffers', expected: shown.id, actual: proof.snapshot.id });
  if (!sameHex(proof.snapshot.root.hash, shown.root.hash))
    problems.push({ key: 'rootDiffers', expected: shown.root.hash, actual: proof.snapshot.root.hash });
  if (proof.snapshot.root.sums.join() !== shown.root.sums.join())
    problems.push({
      key: 'sumsDiffer',
      expected: shown.root.sums.join(' '),
      actual: proof.snapshot.root.sums.join(' '),
    });
  return { check: { key: 'inclusion', problems }, result };
}

/**
 * The anchor transaction as the chain node has it: mined, on the snapshot's chain, sent by the snapshot's hot wallet,
 * and carrying exactly anchorData(shown snapshot). The root the page shows is then the one the platform wrote on
 * chain for everyone, not one made for this member.
 */
export async function checkAnchor(rpcUrl: string | null, shown: Snapshot): Promise<Check> {
  const fail = (...problems: Problem[]): Check => ({ key: 'anchor', problems });
  if (!rpcUrl) return fail({ key: 'noChain' });
  if (!shown.anchor_tx) return fail({ key: 'notAnchored' });
  try {
    const chainId = await getChainId(rpcUrl);
    if (chainId !== shown.chain_id)
      return fail({ key: 'chainDiffers', expected: String(shown.chain_id), actual: String(chainId) });
    const tx = await getTransaction(rpcUrl, shown.anchor_tx);
    if (!tx) return fail({ key: 'txMissing', actual: shown.anchor_tx });
    const problems: Problem[] = [];
    if (tx.blockNumber === null) problems.push({ key: 'txPending' });
    problems.push(...anchorProblems(tx.input, shown));
    const wallet = shown.reserves.hot_wallet.address;
    if (!sameHex(tx.from, wallet))
      problems.push({ key: 'fromDiffers', expected: wallet ?? '—', actual: tx.from });
    return fail(...problems);
  } catch (e) {
    if (e instanceof RpcError) return fail({ key: 'rpcFailed', actual: `${rpcUrl}: ${e.message}` });
    throw e;
  }
}

/** The transaction's data against the shown snapshot's; a difference names the root or total the chain holds. */
function anchorProblems(input: string, shown: Snapshot): Problem[] {
  const expected = anchorData(shown);
  if (sameHex(input, expected)) return [];
  const onChain = readAnchorData(input);
  if (!onChain) return [{ key: 'notAnchor', expected, actual: input }];
  const problems: Problem[] = [];
  if (onChain.snapshot_id !== shown.id)
    problems.push({ key: 'anchorSnapshotDiffers', expected: shown.id, actual: onChain.snapshot_id });
  if (!sameHex(onChain.root_hash, shown.root.hash))
    problems.push({ key: 'anchorRootDiffers', expected: shown.root.hash, actual: onChain.root_hash });
  const total = rootTotal(shown.root.sums).toString();
  if (onChain.total !== total)
    problems.push({ key: 'anchorTotalDiffers', expected: total, actual: onChain.total });
  // Same fields yet other bytes cannot happen with a well-formed anchor; say so rather than pass it.
  return problems.length > 0 ? problems : [{ key: 'notAnchor', expected, actual: input }];
}

/** The hot wallet's EIP-191 signature of the snapshot's message: whoever holds its key vouches for this root. */
export function checkSignature(shown: Snapshot): Check {
  const { address, signature } = shown.reserves.hot_wallet;
  if (!address) return { key: 'signature', problems: [{ key: 'noHotWallet' }] };
  const signer = signature ? recoverSigner(reserveMessage(shown), signature) : null;
  if (!signer) return { key: 'signature', problems: [{ key: 'noSignature', actual: signature || '—' }] };
  if (!sameHex(signer, address))
    return { key: 'signature', problems: [{ key: 'signerDiffers', expected: address, actual: signer }] };
  return { key: 'signature', problems: [] };
}
