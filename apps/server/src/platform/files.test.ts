import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CHUNK_BYTES, type FileStore, fileStore, type NewFile } from './files.ts';

/** The file store in PostgreSQL (issue 28): chunked writes in the caller's transaction, ranged reads. */
let t: TestApp;
let files: FileStore;
beforeAll(async () => {
  t = await createTestApp();
  files = fileStore(t.db);
});
afterAll(() => t.close());

const save = (file: Omit<NewFile, 'area' | 'contentType'>) =>
  t.db.transaction().execute((tx) => files.save(tx, { area: 'content', contentType: 'video/mp4', ...file }));

async function drain(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const chunksOf = async (name: string) =>
  (await t.db.selectFrom('file_chunks').select('seq').where('name', '=', name).execute()).length;

// Two and a half chunks, so ranges can start, end and cross at chunk edges.
const bytes = randomBytes(CHUNK_BYTES * 2 + CHUNK_BYTES / 2);

describe('the file store', () => {
  it('stores a file in chunks and reads it whole, by stat, and in any range', async () => {
    const name = await save({ bytes, ext: 'mp4' });
    expect(name).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(await files.stat(name)).toEqual({
      name,
      area: 'content',
      contentType: 'video/mp4',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await chunksOf(name)).toBe(3);
    expect((await files.read(name)).equals(bytes)).toBe(true);
    expect((await drain(files.stream(name))).equals(bytes)).toBe(true);
    const ranges: [number, number][] = [
      [0, 0],
      [CHUNK_BYTES - 1, CHUNK_BYTES],
      [CHUNK_BYTES, 2 * CHUNK_BYTES - 1],
      [10, 2 * CHUNK_BYTES + 10],
      [bytes.length - 1, bytes.length - 1],
    ];
    for (const [start, end] of ranges) {
      const part = await drain(files.stream(name, { start, end }));
      expect(part.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('writes a stream as its pieces arrive, in the same chunks as the whole bytes', async () => {
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 100_003) yield bytes.subarray(at, at + 100_003);
    }
    const name = await save({ bytes: pieces() });
    expect(await chunksOf(name)).toBe(3);
    expect((await files.read(name)).equals(bytes)).toBe(true);
    expect((await files.stat(name))?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('keeps nothing of a file saved in a transaction that rolls back', async () => {
    let name = '';
    const failed = await t.db
      .transaction()
      .execute(async (tx) => {
        name = await files.save(tx, { area: 'kyc', contentType: 'image/png', bytes });
        throw new Error('refused after the file was written');
      })
      .catch((err: Error) => err.message);
    expect(failed).toBe('refused after the file was written');
    expect(name).toMatch(/^[0-9a-f]{32}$/);
    expect(await files.stat(name)).toBeUndefined();
    expect(await chunksOf(name)).toBe(0);
  });

  it('removes files and their chunks in the caller’s transaction; a name with no file is fine', async () => {
    const name = await save({ bytes });
    await t.db.transaction().execute((tx) => files.remove(tx, [name, `${'0'.repeat(32)}`]));
    expect(await files.stat(name)).toBeUndefined();
    expect(await chunksOf(name)).toBe(0);
    await expect(files.read(name)).rejects.toThrow(/no stored file/);
  });

  it('fails a stream whose file lost a chunk, rather than ending it short', async () => {
    const name = await save({ bytes });
    await t.db.deleteFrom('file_chunks').where('name', '=', name).where('seq', '=', 1).execute();
    await expect(drain(files.stream(name))).rejects.toThrow(/lacks chunk 1/);
    await expect(drain(files.stream(name, { start: 0, end: CHUNK_BYTES + 5 }))).rejects.toThrow(
      /lacks chunk 1/,
    );
  });

  it('knows no file by a name outside the names it gives', async () => {
    expect(await files.stat('../../etc/passwd')).toBeUndefined();
    expect(await files.stat('')).toBeUndefined();
  });
});
