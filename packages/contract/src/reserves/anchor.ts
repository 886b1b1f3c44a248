/**
 * What ties a snapshot to the chain: the anchor transaction's data (hot wallet to itself, value 0) and the
 * EIP-191 message the hot wallet signs to show the platform controls it.
 */
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  decodeUnsigned,
  encodeAmount,
  encodeU64,
  fromHex,
  HASH_BYTES,
  PorFormatError,
  toHex,
} from './format.ts';

/** ASCII "MPPOR1": says what the bytes are and which version of the layout follows. */
const ANCHOR_MAGIC = utf8ToBytes('MPPOR1');
const ANCHOR_BYTES = ANCHOR_MAGIC.length + 8 + HASH_BYTES + 16;

/** A snapshot as the calls answer it (decimal strings); bigints are taken too, for the server's own rows. */
export type AnchorSnapshot = {
  id: string | bigint;
  root: { hash: string; sums: ReadonlyArray<string | bigint> };
};
export type AnchorFields = { snapshot_id: string; root_hash: string; total: string };

/** The liabilities' total the anchor carries: the sum of the root's per-column sums. */
export function rootTotal(sums: ReadonlyArray<string | bigint>): bigint {
  return sums.reduce<bigint>((total, s) => total + BigInt(s), 0n);
}

/** "MPPOR1" || snapshot id (u64 BE) || root hash (32) || total (u128 BE), as 0x hex for a transaction's data. */
export function anchorData(snapshot: AnchorSnapshot): string {
  const rootHash = fromHex(snapshot.root.hash, HASH_BYTES);
  if (!rootHash)
    throw new PorFormatError(`root hash must be 0x and 32 bytes of lower-case hex: ${snapshot.root.hash}`);
  return toHex(
    concatBytes(
      ANCHOR_MAGIC,
      encodeU64(BigInt(snapshot.id)),
      rootHash,
      encodeAmount(rootTotal(snapshot.root.sums)),
    ),
  );
}

/** Reads a transaction's data back; null when it is not an mp-por-v1 anchor. */
export function readAnchorData(hex: string): AnchorFields | null {
  const bytes = fromHex(hex.toLowerCase(), ANCHOR_BYTES);
  if (!bytes) return null;
  const magic = bytes.subarray(0, ANCHOR_MAGIC.length);
  if (!magic.every((b, i) => b === ANCHOR_MAGIC[i])) return null;
  const idEnd = ANCHOR_MAGIC.length + 8;
  return {
    snapshot_id: decodeUnsigned(bytes.subarray(ANCHOR_MAGIC.length, idEnd)).toString(),
    root_hash: toHex(bytes.subarray(idEnd, idEnd + HASH_BYTES)),
    total: decodeUnsigned(bytes.subarray(idEnd + HASH_BYTES)).toString(),
  };
}

/** A snapshot's fields the hot wallet's signed message names. */
export type MessageSnapshot = {
  id: string | bigint;
  chain_id: number;
  block: string | bigint;
  root: { hash: string };
};

/** The text the hot wallet signs as an EIP-191 personal message (the signer adds the EIP-191 prefix). */
export function reserveMessage(snapshot: MessageSnapshot): string {
  return [
    'Member platform proof of reserves',
    `snapshot ${snapshot.id}`,
    `chain ${snapshot.chain_id}`,
    `block ${snapshot.block}`,
    `root ${snapshot.root.hash}`,
  ].join('\n');
}
