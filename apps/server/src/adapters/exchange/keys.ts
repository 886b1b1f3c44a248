import { createDecipheriv, hkdfSync } from 'node:crypto';
import { type KeyRing, keyRing, openBytes, sealBytes, sealedBytesVersion } from '../../lib/crypto.ts';

/**
 * Members' exchange API keys at rest: AES-256-GCM under the newest key of the key ring (lib/crypto.ts: version 0
 * derived from the server secret, others from SEAL_KEYS). A box names the key version it was sealed under, so keys
 * can be rotated (`npm run rotate-keys`). Boxes of the first format (a byte 1, IV, tag, ciphertext, under a key
 * derived from the server secret alone) still open until rotate-keys re-seals them. The keys are opened only to sign
 * a call to the exchange and never go back to a client.
 */
export type ExchangeKeys = { apiKey: string; secret: string; password?: string };

const PURPOSE = 'exchange api keys';
const LEGACY_VERSION = 1;

/** Callers holding only the server secret get its ring with the SEAL_KEYS of this process's environment. */
const rings = new WeakMap<Buffer, KeyRing>();
function ringOf(secretOrRing: Buffer | KeyRing): KeyRing {
  if (!Buffer.isBuffer(secretOrRing)) return secretOrRing;
  let ring = rings.get(secretOrRing);
  if (!ring) {
    ring = keyRing(secretOrRing, process.env.SEAL_KEYS);
    rings.set(secretOrRing, ring);
  }
  return ring;
}

function legacyKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'mp exchange api keys v1', 32));
}

export function sealKeys(secretOrRing: Buffer | KeyRing, keys: ExchangeKeys): Buffer {
  return sealBytes(ringOf(secretOrRing), PURPOSE, Buffer.from(JSON.stringify(keys), 'utf8'));
}

/** `serverSecret` is needed only for boxes of the first format (sealed before key versions). */
export function openKeys(secretOrRing: Buffer | KeyRing, box: Buffer, serverSecret?: Buffer): ExchangeKeys {
  if (box[0] === LEGACY_VERSION) {
    const secret = Buffer.isBuffer(secretOrRing) ? secretOrRing : serverSecret;
    if (!secret) throw new Error('a key box of the first format needs the server secret');
    const decipher = createDecipheriv('aes-256-gcm', legacyKey(secret), box.subarray(1, 13));
    decipher.setAuthTag(box.subarray(13, 29));
    const text = Buffer.concat([decipher.update(box.subarray(29)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as ExchangeKeys;
  }
  return JSON.parse(openBytes(ringOf(secretOrRing), PURPOSE, box).toString('utf8')) as ExchangeKeys;
}

/** Whether a box is sealed under the ring's newest key (else rotate-keys re-seals it). */
export function keysCurrent(ring: KeyRing, box: Buffer): boolean {
  return sealedBytesVersion(box) === ring.current;
}

/** What a member may see of a key: its first and last four characters. */
export function keyHint(apiKey: string): string {
  return apiKey.length <= 8 ? '****' : `${apiKey.slice(0, 4)}...${apiKey.slice(-4)}`;
}
