import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const SIGNATURE_RE = /^0x[0-9a-fA-F]{130}$/;

/** EIP-191 "personal message" hash: keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const body = utf8ToBytes(message);
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const joined = new Uint8Array(prefix.length + body.length);
  joined.set(prefix);
  joined.set(body, prefix.length);
  return keccak_256(joined);
}

/** An Ethereum address (lower-case 0x hex) of an uncompressed public key: the last 20 bytes of its keccak256. */
function addressOf(publicKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(-20))}`;
}

/**
 * The address that signed `message` as an Ethereum wallet does (personal_sign, r || s || v with v 27/28 or 0/1),
 * or null when the signature is not one. Done here with @noble/curves rather than trusting anyone's word for it.
 */
export function recoverSigner(message: string, signature: string): string | null {
  if (!SIGNATURE_RE.test(signature)) return null;
  const bytes = hexToBytes(signature.slice(2));
  const v = bytes[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const r = BigInt(`0x${bytesToHex(bytes.subarray(0, 32))}`);
    const s = BigInt(`0x${bytesToHex(bytes.subarray(32, 64))}`);
    const point = new secp256k1.Signature(r, s, recovery).recoverPublicKey(personalMessageHash(message));
    return addressOf(point.toBytes(false));
  } catch {
    return null;
  }
}
