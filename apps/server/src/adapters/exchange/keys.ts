import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Members' exchange API keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the server secret
 * (APP_SECRET, else DATA_DIR/secret). A box is: version (1 byte), IV (12), tag (16), ciphertext. The keys are
 * opened only to sign a call to the exchange and never go back to a client.
 */
export type ExchangeKeys = { apiKey: string; secret: string; password?: string };

const VERSION = 1;

function keyOf(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'mp exchange api keys v1', 32));
}

export function sealKeys(serverSecret: Buffer, keys: ExchangeKeys): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function openKeys(serverSecret: Buffer, box: Buffer): ExchangeKeys {
  if (box[0] !== VERSION) throw new Error('unknown key box version');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), box.subarray(1, 13));
  decipher.setAuthTag(box.subarray(13, 29));
  const text = Buffer.concat([decipher.update(box.subarray(29)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as ExchangeKeys;
}

/** What a member may see of a key: its first and last four characters. */
export function keyHint(apiKey: string): string {
  return apiKey.length <= 8 ? '****' : `${apiKey.slice(0, 4)}...${apiKey.slice(-4)}`;
}
