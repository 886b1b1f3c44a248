import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { Transform, type TransformCallback, type Writable } from 'node:stream';

/**
 * The backup file (`npm run backup`): a plain header anyone may read (what the backup holds and how its key is made),
 * then the body: records, gzip-compressed, encrypted with a key made from the operator's passphrase.
 *
 *   "MPBACKUP" | u32 header length | header JSON | segment...
 *   segment: u32 (top bit: last segment; the rest: plaintext length) | AES-256-GCM ciphertext | 16-byte tag
 *
 * Each segment is sealed on its own (nonce = its number, additional data = the header's hash and the last-segment
 * bit), so the body streams in both directions, a changed header or reordered segment fails its check, and a file
 * cut short lacks its last segment: a truncated backup is refused rather than restored in part.
 */
const MAGIC = Buffer.from('MPBACKUP');
export const BACKUP_FORMAT = 1;
const SEGMENT = 64 * 1024;
const TAG = 16;
const LAST = 0x8000_0000;
const MAX_HEADER = 4 * 1024 * 1024;
const KDF = { name: 'scrypt', N: 2 ** 15, r: 8, p: 1 } as const;
const MIN_PASSPHRASE = 12;

export type TableInfo = {
  name: string;
  columns: string[];
  rows: number;
  /** A partition: its parent table and its bound (`FOR VALUES IN (5)`), made again before a restore loads it. */
  partition_of?: { parent: string; bound: string };
};
export type SequenceInfo = { name: string; last_value: string; is_called: boolean };

export type BackupHeader = {
  format: number;
  created_at: string;
  /** When the exported snapshot was taken (the database's clock): every commit before it is in the backup. */
  snapshot_at: string;
  server_version: string;
  /** The migrations applied to the database, in order: the restore builds the same schema from them. */
  migrations: string[];
  /** Every table of the public schema but the migrations' own, with the rows the snapshot holds. */
  tables: TableInfo[];
  sequences: SequenceInfo[];
  /** The DATA_DIR files inside (encrypted with the rest): the server secret, the hot wallet's key. */
  files: string[];
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  /** Tells a wrong passphrase from a damaged file (a hash of a second key made with the same passphrase). */
  key_check: string;
};

/**
 * The DATA_DIR files a backup carries: the server secret (config.ts secretFile) and the hot wallet's key
 * (features/chain/hot-wallet.ts); backup-archive.test.ts checks these names against theirs.
 */
export const KEY_FILES = ['secret', 'hot-wallet.key'] as const;

/** Refused: the message is the operator's next step, printed as is. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The passphrase from `--passphrase-file` (its first line), else BACKUP_PASSPHRASE; refused when short or absent. */
export function passphraseFrom(file: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (file === undefined) return checkPassphrase(env.BACKUP_PASSPHRASE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new BackupError(`cannot read the passphrase file: ${(err as Error).message}`);
  }
  return checkPassphrase(text.split(/\r?\n/)[0]);
}

export function checkPassphrase(passphrase: string | undefined): string {
  if (!passphrase)
    throw new BackupError(
      'no passphrase: set BACKUP_PASSPHRASE or pass --passphrase-file <file> (the backup holds the server secret and keys, encrypted with it)',
    );
  if (passphrase.length < MIN_PASSPHRASE)
    throw new BackupError(`the passphrase is shorter than ${MIN_PASSPHRASE} characters`);
  return passphrase;
}

function deriveKeys(passphrase: string, kdf: BackupHeader['kdf']): Promise<{ key: Buffer; check: string }> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase,
      Buffer.from(kdf.salt, 'base64'),
      64,
      { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r },
      (err, bytes) => {
        if (err) return reject(err);
        const check = createHash('sha256').update(bytes.subarray(32)).digest('base64');
        resolve({ key: bytes.subarray(0, 32), check });
      },
    ),
  );
}

/** A new key for a new backup: its header's kdf and key_check, and the key itself. */
export async function newKey(passphrase: string) {
  const kdf = { ...KDF, salt: randomBytes(16).toString('base64') };
  const { key, check } = await deriveKeys(passphrase, kdf);
  return { kdf, key_check: check, key };
}

/** The key of an existing backup; refuses a wrong passphrase. */
export async function keyOf(header: BackupHeader, passphrase: string): Promise<Buffer> {
  const { key, check } = await deriveKeys(passphrase, header.kdf);
  if (check !== header.key_check) throw new BackupError('wrong passphrase for this backup');
  return key;
}

export function encodeHeader(header: BackupHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json]);
}

/** The header of a backup file, where its body starts, and the header's hash (the body's additional data). */
export function readHeader(file: string): { header: BackupHeader; bodyOffset: number; headerHash: Buffer } {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length + 4);
    if (readSync(fd, start, 0, start.length, 0) !== start.length || !start.subarray(0, 8).equals(MAGIC))
      throw new BackupError(`${file} is not a backup made by npm run backup`);
    const length = start.readUInt32BE(8);
    if (length > MAX_HEADER) throw new BackupError(`${file}: its header is damaged`);
    const json = Buffer.alloc(length);
    if (readSync(fd, json, 0, length, start.length) !== length)
      throw new BackupError(`${file} is truncated (within its header)`);
    const header = JSON.parse(json.toString('utf8')) as BackupHeader;
    if (header.format !== BACKUP_FORMAT)
      throw new BackupError(
        `${file} has format ${header.format}; this version reads format ${BACKUP_FORMAT}`,
      );
    const headerHash = createHash('sha256').update(start).update(json).digest();
    return { header, bodyOffset: start.length + length, headerHash };
  } finally {
    closeSync(fd);
  }
}

const nonceOf = (n: number) => {
  const nonce = Buffer.alloc(12);
  nonce.writeUIntBE(n, 6, 6);
  return nonce;
};

const aadOf = (headerHash: Buffer, last: boolean) => Buffer.concat([headerHash, Buffer.from([last ? 1 : 0])]);

/** Cuts what is written into sealed segments; the last one (maybe empty) is written at the end. */
export function encryptSegments(key: Buffer, headerHash: Buffer): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let n = 0;
  const seal = (stream: Transform, plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(n++));
    cipher.setAAD(aadOf(headerHash, last));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE((plain.length | (last ? LAST : 0)) >>> 0);
    stream.push(Buffer.concat([frame, body, cipher.getAuthTag()]));
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= SEGMENT) {
        let all = Buffer.concat(pending);
        while (all.length >= SEGMENT) {
          seal(this, all.subarray(0, SEGMENT), false);
          all = all.subarray(SEGMENT);
        }
        pending = [all];
        size = all.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      seal(this, Buffer.concat(pending), true);
      done();
    },
  });
}

/** Opens the segments again, in order; refuses a changed, reordered or missing one. */
export function decryptSegments(key: Buffer, headerHash: Buffer): Transform {
  let buffered: Buffer = Buffer.alloc(0);
  let n = 0;
  let ended = false;
  const damaged = () => new BackupError('the backup is damaged: a part of it fails its check');
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      while (buffered.length >= 4) {
        if (ended) return done(new BackupError('the backup has data after its end'));
        const word = buffered.readUInt32BE(0);
        const last = (word & LAST) !== 0;
        const length = word & ~LAST;
        if (length > SEGMENT) return done(damaged());
        if (buffered.length < 4 + length + TAG) break;
        const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(n++));
        decipher.setAAD(aadOf(headerHash, last));
        decipher.setAuthTag(buffered.subarray(4 + length, 4 + length + TAG));
        try {
          this.push(Buffer.concat([decipher.update(buffered.subarray(4, 4 + length)), decipher.final()]));
        } catch {
          return done(damaged());
        }
        buffered = buffered.subarray(4 + length + TAG);
        ended = last;
      }
      done();
    },
    flush(done: TransformCallback) {
      done(ended ? undefined : new BackupError('the backup is truncated: its end is missing'));
    },
  });
}

// --- Records inside the body: u8 type | u32 length | payload ---

export type RecordType = 'file' | 'table' | 'data' | 'table-end' | 'end';
const TYPE_CODES: Record<RecordType, number> = { file: 70, table: 84, data: 68, 'table-end': 69, end: 90 };
const TYPE_OF = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name as RecordType]));

/** Writes records into `out`; `push` answers false when `out` is full (then wait for `drained`). */
export function recordWriter(out: Writable) {
  const push = (type: RecordType, payload: Buffer): boolean => {
    const head = Buffer.alloc(5);
    head.writeUInt8(TYPE_CODES[type]);
    head.writeUInt32BE(payload.length, 1);
    out.write(head);
    return out.write(payload);
  };
  // A destroyed stream never drains: its error ends the wait (once() rejects on 'error').
  const drained = async () => {
    if (out.destroyed) throw new BackupError('the backup could not be written');
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  return {
    push,
    drained,
    async write(type: RecordType, payload: Buffer) {
      if (!push(type, payload)) await drained();
    },
  };
}

/** Reads records back from a stream of bytes; undefined at its end (an end inside a record is refused). */
export function recordReader(source: AsyncIterable<Buffer>) {
  const chunks = source[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const fill = async (n: number): Promise<boolean> => {
    while (buffered.length < n) {
      const next = await chunks.next();
      if (next.done) return false;
      buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    }
    return true;
  };
  return async (): Promise<{ type: RecordType; payload: Buffer } | undefined> => {
    if (!(await fill(1))) return undefined;
    if (!(await fill(5))) throw new BackupError('the backup ends inside a record');
    const type = TYPE_OF.get(buffered.readUInt8(0));
    const length = buffered.readUInt32BE(1);
    if (!type) throw new BackupError('the backup holds a record of an unknown kind');
    if (!(await fill(5 + length))) throw new BackupError('the backup ends inside a record');
    const payload = buffered.subarray(5, 5 + length);
    buffered = buffered.subarray(5 + length);
    return { type, payload };
  };
}
