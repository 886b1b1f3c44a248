import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGzip, createGunzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { secretFile } from '../config.ts';
import { hotWalletFile } from '../features/chain/hot-wallet.ts';
import {
  type BackupHeader,
  BACKUP_FORMAT,
  decryptSegments,
  encodeHeader,
  encryptSegments,
  KEY_FILES,
  keyOf,
  newKey,
  passphraseFrom,
  readHeader,
  recordReader,
  recordWriter,
  type RecordType,
} from './backup-archive.ts';
import { openBackup } from './restore.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mp-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PASSPHRASE = 'correct horse battery staple';

type Rec = { type: RecordType; payload: Buffer };

/** An archive file with these records, written the way db/backup.ts writes one. */
async function writeArchive(file: string, records: Rec[], migrations = ['0001_foundation']) {
  const { key, ...kdf } = await newKey(PASSPHRASE);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    snapshot_at: new Date().toISOString(),
    server_version: 'test',
    migrations,
    tables: [],
    sequences: [],
    files: [],
    ...kdf,
  };
  const head = encodeHeader(header);
  writeFileSync(file, head);
  const gzip = createGzip();
  const written = pipelineAsync(
    gzip,
    encryptSegments(key, createHash('sha256').update(head).digest()),
    createWriteStream(file, { flags: 'a' }),
  );
  const w = recordWriter(gzip);
  for (const r of records) await w.write(r.type, r.payload);
  gzip.end();
  await written;
}

async function readArchive(file: string, passphrase = PASSPHRASE): Promise<Rec[]> {
  const { header, bodyOffset, headerHash } = readHeader(file);
  const key = await keyOf(header, passphrase);
  const { createReadStream } = await import('node:fs');
  const body = pipeline(
    createReadStream(file, { start: bodyOffset }),
    decryptSegments(key, headerHash),
    createGunzip(),
    () => {},
  );
  const next = recordReader(body);
  const out: Rec[] = [];
  for (let r = await next(); r; r = await next()) out.push({ type: r.type, payload: Buffer.from(r.payload) });
  return out;
}

// Random bytes do not compress: several encrypted segments of 64 KiB.
const records: Rec[] = [
  { type: 'file', payload: Buffer.from('{"name":"secret","data":"AAEC"}') },
  { type: 'table', payload: Buffer.from('members') },
  { type: 'data', payload: randomBytes(300_000) },
  { type: 'data', payload: Buffer.alloc(0) },
  { type: 'table-end', payload: Buffer.from('{"rows":3}') },
  { type: 'end', payload: Buffer.from('{}') },
];

describe('the backup archive', () => {
  const file = path.join(dir, 'a.mpbak');

  it('gives back every record it was given, with the passphrase', async () => {
    await writeArchive(file, records);
    expect(readHeader(file).header).toMatchObject({ format: BACKUP_FORMAT, migrations: ['0001_foundation'] });
    expect(await readArchive(file)).toEqual(records);
    // The data is nowhere in the file in the clear.
    expect(readFileSync(file).includes(records[2]?.payload.subarray(0, 64) as Buffer)).toBe(false);
  });

  it('refuses a wrong passphrase', async () => {
    await expect(readArchive(file, 'not the passphrase at all')).rejects.toThrow(
      'wrong passphrase for this backup',
    );
  });

  it('refuses a file cut short, at any length', async () => {
    const whole = readFileSync(file);
    const { bodyOffset } = readHeader(file);
    for (const cut of [whole.length - 1, whole.length - 17, bodyOffset + 70_000, bodyOffset + 3]) {
      const short = path.join(dir, `short-${cut}.mpbak`);
      writeFileSync(short, whole.subarray(0, cut));
      await expect(readArchive(short), `cut at ${cut}`).rejects.toThrow(/truncated|damaged|ends inside/);
    }
    writeFileSync(path.join(dir, 'head.mpbak'), whole.subarray(0, 20));
    await expect(readArchive(path.join(dir, 'head.mpbak'))).rejects.toThrow('truncated (within its header)');
  });

  it('refuses a changed byte in the body or the header', async () => {
    const whole = readFileSync(file);
    const { bodyOffset } = readHeader(file);
    const body = Buffer.from(whole);
    body[bodyOffset + 100] = (body[bodyOffset + 100] as number) ^ 1;
    writeFileSync(path.join(dir, 'bit.mpbak'), body);
    await expect(readArchive(path.join(dir, 'bit.mpbak'))).rejects.toThrow('damaged');
    // The header is plain text, but the body is sealed to it: a changed header fails the body's check.
    const head = Buffer.from(
      whole.toString('latin1').replace('"server_version":"test"', '"server_version":"tesT"'),
      'latin1',
    );
    writeFileSync(path.join(dir, 'head2.mpbak'), head);
    await expect(readArchive(path.join(dir, 'head2.mpbak'))).rejects.toThrow('damaged');
  });

  it('is refused by a version that lacks its migrations, or has others before them', async () => {
    const newer = path.join(dir, 'newer.mpbak');
    await writeArchive(newer, records, ['0001_foundation', '9999_from_the_future']);
    await expect(openBackup(newer, PASSPHRASE)).rejects.toThrow(
      'the backup comes from a newer version (migrations 9999_from_the_future are unknown here)',
    );
    await writeArchive(newer, records, ['0002_ledger']);
    await expect(openBackup(newer, PASSPHRASE)).rejects.toThrow("are not this version's first ones");
    const opened = await openBackup(file, PASSPHRASE);
    expect(opened.migrations.map((m) => m.id)).toEqual(['0001_foundation']);
  });

  it('refuses to run without a passphrase, or with a short one', () => {
    expect(() => passphraseFrom(undefined, {})).toThrow('no passphrase: set BACKUP_PASSPHRASE');
    expect(() => passphraseFrom(undefined, { BACKUP_PASSPHRASE: 'short' })).toThrow('shorter than 12');
    const pf = path.join(dir, 'pass');
    writeFileSync(pf, `${PASSPHRASE}\nignored\n`);
    expect(passphraseFrom(pf, {})).toBe(PASSPHRASE);
  });

  it('carries the key files config and the hot wallet read', () => {
    expect(KEY_FILES.map((name) => path.join('/d', name))).toEqual([secretFile('/d'), hotWalletFile('/d')]);
  });
});
