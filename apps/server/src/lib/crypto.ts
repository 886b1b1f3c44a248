import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The same digest in base64, in one call: no Hash object (several times cheaper; a session check runs it per call). */
export function sha256Base64(text: string): string {
  return hash('sha256', text, 'base64');
}

export function hmac(secret: Buffer, text: string): Buffer {
  return createHmac('sha256', secret).update(text).digest();
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Keys for secrets at rest, with versions so they can be rotated. Version 0 is derived (HKDF-SHA256) from the server
 * secret (APP_SECRET, else DATA_DIR/secret); SEAL_KEYS (`2:<base64 32 bytes>,1:<base64 32 bytes>`, newest first) adds
 * others. The newest seals; every one opens. `npm run rotate-keys` re-seals everything under the newest.
 */
export type KeyRing = { current: number; keys: Map<number, Buffer> };

/** Parses SEAL_KEYS; throws a clear error for a malformed list (the server refuses to start). */
export function parseSealKeys(spec: string | undefined): { version: number; key: Buffer }[] {
  if (!spec?.trim()) return [];
  return spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\d{1,9}):([A-Za-z0-9+/_-]+={0,2})$/.exec(part);
      const key = m ? Buffer.from(m[2] as string, 'base64') : Buffer.alloc(0);
      if (!m || Number(m[1]) < 1 || key.length !== 32)
        throw new Error(
          'SEAL_KEYS: expected "<version>:<base64 of 32 bytes>,..." with versions from 1, newest first',
        );
      return { version: Number(m[1]), key };
    });
}

export function keyRing(serverSecret: Buffer, sealKeysSpec?: string): KeyRing {
  const keys = new Map<number, Buffer>();
  keys.set(0, Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'mp sealed secrets v0', 32)));
  const extra = parseSealKeys(sealKeysSpec);
  for (const { version, key } of extra) {
    if (keys.has(version)) throw new Error(`SEAL_KEYS: version ${version} appears twice`);
    keys.set(version, key);
  }
  return { current: extra[0]?.version ?? 0, keys };
}

const SEALED_TEXT = /^v(\d{1,9}):([A-Za-z0-9_-]+)$/;
const BOX_FORMAT = 2;

function encrypt(ring: KeyRing, purpose: string, plain: Buffer): { version: number; body: Buffer } {
  const key = ring.keys.get(ring.current) as Buffer;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { version: ring.current, body: Buffer.concat([iv, cipher.getAuthTag(), ct]) };
}

function decrypt(ring: KeyRing, purpose: string, version: number, body: Buffer): Buffer {
  const key = ring.keys.get(version);
  if (!key) throw new Error(`sealed under key version ${version}, which is not in the key ring (SEAL_KEYS)`);
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(body.subarray(12, 28));
  return Buffer.concat([decipher.update(body.subarray(28)), decipher.final()]);
}

/** A text secret sealed for a text column: `v<key version>:<base64url(iv, tag, ciphertext)>`. */
export function sealText(ring: KeyRing, purpose: string, plain: string): string {
  const { version, body } = encrypt(ring, purpose, Buffer.from(plain, 'utf8'));
  return `v${version}:${body.toString('base64url')}`;
}

/** The key version a sealed text was sealed under, or null when it is not sealed (a plain legacy value). */
export function sealedTextVersion(value: string): number | null {
  const m = SEALED_TEXT.exec(value);
  return m ? Number(m[1]) : null;
}

export function openText(ring: KeyRing, purpose: string, sealed: string): string {
  const m = SEALED_TEXT.exec(sealed);
  if (!m) throw new Error('not a sealed value');
  return decrypt(ring, purpose, Number(m[1]), Buffer.from(m[2] as string, 'base64url')).toString('utf8');
}

/** Bytes sealed for a bytea column: format (1 byte, 2), key version (4 bytes), IV (12), tag (16), ciphertext. */
export function sealBytes(ring: KeyRing, purpose: string, plain: Buffer): Buffer {
  const { version, body } = encrypt(ring, purpose, plain);
  const head = Buffer.alloc(5);
  head[0] = BOX_FORMAT;
  head.writeUInt32BE(version, 1);
  return Buffer.concat([head, body]);
}

/** The key version of a box from `sealBytes`, or null for another format. */
export function sealedBytesVersion(box: Buffer): number | null {
  return box.length >= 33 && box[0] === BOX_FORMAT ? box.readUInt32BE(1) : null;
}

export function openBytes(ring: KeyRing, purpose: string, box: Buffer): Buffer {
  const version = sealedBytesVersion(box);
  if (version === null) throw new Error('unknown sealed box format');
  return decrypt(ring, purpose, version, box.subarray(5));
}
