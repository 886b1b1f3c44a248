import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Conn, Db, Tx } from '../db/database.ts';
import type { FileArea } from '../db/schema-files.ts';

/**
 * Uploaded files (issue 28): identity pictures, enquiry pictures and CMS media, in PostgreSQL (migration 0031), so
 * every server sees every file and the database's backup holds them. The port below is what features use; this module
 * is its one implementation and the one writer of `files` and `file_chunks`. An S3-compatible store would implement
 * the same port, writing the object before the caller's commit and recording it in the transaction.
 */
export type { FileArea };

/** A file to store: its bytes whole (a checked upload, already in memory) or as they arrive. */
export type NewFile = {
  area: FileArea;
  contentType: string;
  /** The name's extension, for public media (`<hex>.png`): the URL says what the file is. */
  ext?: string;
  bytes: Buffer | AsyncIterable<Uint8Array>;
};

export type FileInfo = { name: string; area: FileArea; contentType: string; size: number; sha256: string };

/** Bytes `start` to `end`, both included (as in an HTTP Range). */
export type ByteRange = { start: number; end: number };

export interface FileStore {
  /** Stores a file in the caller's transaction under a new random name: a rolled-back call leaves no file. */
  save(tx: Tx, file: NewFile): Promise<string>;
  /** What is known of a file without reading it; undefined when there is none of that name. */
  stat(name: string): Promise<FileInfo | undefined>;
  /** A whole file, for small ones (pictures shown as data URLs); fails when there is none. */
  read(name: string): Promise<Buffer>;
  /** A file's bytes (or a range of them) as a stream, read a few chunks at a time. */
  stream(name: string, range?: ByteRange): Readable;
  /** Removes files in the caller's transaction; a name with no file is fine. */
  remove(tx: Tx, names: readonly string[]): Promise<void>;
}

/** Bytes per chunk: a range request reads at most one chunk it does not need at each end. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks per query while streaming: 1 MiB in memory at a time. */
const CHUNKS_PER_READ = 4;

/** The names files have had since before the store: 32 hex digits, and an extension for public media. */
export const isFileName = (name: string) => /^[0-9a-f]{32}(\.[a-z0-9]{2,4})?$/.test(name);

/** The deployment's file store (PostgreSQL; the one place a second kind of store would be chosen). */
export function fileStore(db: Db): FileStore {
  return {
    save: saveFile,
    stat: (name) => statFile(db, name),
    read: (name) => readFile(db, name),
    stream: (name, range) => Readable.from(chunksOf(db, name, range), { objectMode: false }),
    remove: removeFiles,
  };
}

async function saveFile(tx: Tx, file: NewFile): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}${file.ext ? `.${file.ext}` : ''}`;
  // The chunks go first (their foreign key is checked at commit), so the row is written once, with size and hash.
  const { size, sha256 } = await writeChunks(tx, name, file.bytes);
  await tx
    .insertInto('files')
    .values({ name, area: file.area, content_type: file.contentType, size, sha256 })
    .execute();
  return name;
}

/** Writes the bytes as chunks of CHUNK_BYTES, as they come; returns their size and SHA-256. */
async function writeChunks(tx: Tx, name: string, bytes: NewFile['bytes']) {
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  for await (const data of rechunk(bytes)) {
    hash.update(data);
    size += data.length;
    await tx.insertInto('file_chunks').values({ name, seq: seq++, data }).execute();
  }
  return { size, sha256: hash.digest('hex') };
}

/** The bytes in pieces of CHUNK_BYTES (the last shorter): views of a buffer, or a stream's pieces gathered. */
async function* rechunk(bytes: NewFile['bytes']): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(bytes)) {
    for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
    return;
  }
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const piece of bytes) {
    held.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
    heldBytes += piece.byteLength;
    while (heldBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(held);
      yield all.subarray(0, CHUNK_BYTES);
      held = [all.subarray(CHUNK_BYTES)];
      heldBytes = all.length - CHUNK_BYTES;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held);
}

async function statFile(db: Conn, name: string): Promise<FileInfo | undefined> {
  if (!isFileName(name)) return undefined;
  const row = await db
    .selectFrom('files')
    .select(['name', 'area', 'content_type', 'size', 'sha256'])
    .where('name', '=', name)
    .executeTakeFirst();
  return (
    row && { name, area: row.area, contentType: row.content_type, size: Number(row.size), sha256: row.sha256 }
  );
}

async function readFile(db: Db, name: string): Promise<Buffer> {
  const info = await statFile(db, name);
  if (!info) throw new Error(`no stored file ${name}`);
  const parts: Buffer[] = [];
  for await (const part of chunksOf(db, name)) parts.push(part);
  return Buffer.concat(parts, info.size);
}

/**
 * The file's bytes (or the range's) a few chunks per query, each query when the reader wants more. A chunk missing
 * from the middle (the file removed while it was read) fails the stream rather than ending it short.
 */
async function* chunksOf(db: Db, name: string, range?: ByteRange): AsyncGenerator<Buffer> {
  const first = range ? Math.floor(range.start / CHUNK_BYTES) : 0;
  const last = range ? Math.floor(range.end / CHUNK_BYTES) : Number.MAX_SAFE_INTEGER;
  for (let seq = first; seq <= last; seq += CHUNKS_PER_READ) {
    const rows = await db
      .selectFrom('file_chunks')
      .select(['seq', 'data'])
      .where('name', '=', name)
      .where('seq', '>=', seq)
      .where('seq', '<=', Math.min(last, seq + CHUNKS_PER_READ - 1))
      .orderBy('seq')
      .execute();
    for (const [i, row] of rows.entries()) {
      if (row.seq !== seq + i) throw new Error(`stored file ${name} lacks chunk ${seq + i}`);
      yield range ? cut(row.data, row.seq, range) : row.data;
    }
    if (rows.length < CHUNKS_PER_READ) {
      if (range && seq + rows.length <= last)
        throw new Error(`stored file ${name} lacks chunk ${seq + rows.length}`);
      return;
    }
  }
}

/** The part of chunk `seq` inside the range. */
function cut(data: Buffer, seq: number, range: ByteRange): Buffer {
  const at = seq * CHUNK_BYTES;
  return data.subarray(Math.max(0, range.start - at), Math.min(data.length, range.end - at + 1));
}

async function removeFiles(tx: Tx, names: readonly string[]): Promise<void> {
  if (names.length)
    await tx
      .deleteFrom('files')
      .where('name', 'in', [...names])
      .execute();
}

/**
 * Moves a file from disk into the store under its existing name (a row already names it): true when this call stored
 * it, false when the store has it. Servers importing at once each claim the name first; the second waits for the
 * first's commit and finds it taken, so each file is read in once.
 */
export async function importFile(
  db: Db,
  file: { name: string; area: FileArea; contentType: string; path: string },
): Promise<boolean> {
  const { size, sha256 } = await hashOnDisk(file.path);
  return db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('files')
      .values({ name: file.name, area: file.area, content_type: file.contentType, size, sha256 })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!claimed) return false;
    const written = await writeChunks(tx, file.name, createReadStream(file.path));
    // The file changed between the two reads: the row would describe other bytes.
    if (written.sha256 !== sha256) throw new Error(`${file.path} changed while it was imported`);
    return true;
  });
}

async function hashOnDisk(path: string) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}
