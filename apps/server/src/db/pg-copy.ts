import type pg from 'pg';

/**
 * COPY ... TO STDOUT and COPY ... FROM STDIN on a pg client, streamed (the backup must never hold a table in memory).
 * node-postgres runs them through its "submittable" hooks (the ones the pg-copy-streams package uses); these two are
 * the small part of that package the backup needs, so no new dependency.
 */

/** What node-postgres' connection offers a submittable (lib/connection.js). */
type Connection = {
  query: (text: string) => void;
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
  sendCopyFail: (message: string) => void;
  stream: NodeJS.ReadableStream & NodeJS.WritableStream & { writableNeedDrain?: boolean };
};

/** The row count in a COPY's command tag ("COPY 42"). */
const rowsOf = (tag: string | undefined) => Number(/^COPY (\d+)/.exec(tag ?? '')?.[1] ?? Number.NaN);

/**
 * Runs `COPY ... TO STDOUT` and hands each chunk to `sink`. When `sink` answers false (its buffer is full) the socket
 * is paused until `drained` resolves: PostgreSQL then waits, and memory stays bounded. Resolves with the row count.
 */
export function copyOut(
  client: pg.Client,
  text: string,
  sink: (chunk: Buffer) => boolean,
  drained: () => Promise<void>,
  /** The sink is done with each chunk when it returns and keeps no view of it: it gets the parser's bytes, uncopied. */
  borrowed = false,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = Number.NaN;
    let paused = false;
    const submittable = {
      submit: (connection: Connection) => connection.query(text),
      handleCopyData(msg: { chunk: Buffer }, connection: Connection) {
        // The chunk is a view into the parser's buffer, which later messages overwrite: the sink gets a copy unless
        // it reads each chunk at once.
        if (sink(borrowed ? msg.chunk : Buffer.from(msg.chunk)) || paused) return;
        paused = true;
        connection.stream.pause();
        // On a failed sink the rows still have to be read off the socket for the COPY to end; the caller sees the
        // sink's own error when it next writes.
        void drained()
          .catch(() => {})
          .then(() => {
            paused = false;
            connection.stream.resume();
          });
      },
      handleCommandComplete(msg: { text?: string }) {
        rows = rowsOf(msg.text);
      },
      handleReadyForQuery: () => resolve(rows),
      handleError: (err: Error) => reject(err),
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyInResponse(connection: Connection) {
        connection.sendCopyFail('not a COPY FROM');
      },
    };
    client.query(submittable as unknown as pg.QueryConfig);
  });
}

/**
 * Runs `COPY ... FROM STDIN` with the chunks of `source`, waiting for the socket to drain as it goes. Resolves with
 * the row count; a failing source sends CopyFail, so PostgreSQL rolls the COPY back and says why.
 */
export function copyIn(client: pg.Client, text: string, source: AsyncIterable<Buffer>): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = Number.NaN;
    let failed = false;
    let sourceError: unknown;
    const pump = async (connection: Connection) => {
      try {
        for await (const chunk of source) {
          if (failed) return;
          connection.sendCopyFromChunk(chunk);
          if (connection.stream.writableNeedDrain)
            await new Promise<void>((r) => connection.stream.once('drain', () => r()));
        }
        connection.endCopyFrom();
      } catch (err) {
        sourceError = err;
        connection.sendCopyFail(err instanceof Error ? err.message : String(err));
      }
    };
    const submittable = {
      submit: (connection: Connection) => connection.query(text),
      handleCopyInResponse: (connection: Connection) => void pump(connection),
      handleCommandComplete(msg: { text?: string }) {
        rows = rowsOf(msg.text);
      },
      handleReadyForQuery: () => resolve(rows),
      handleError(err: Error) {
        failed = true;
        // PostgreSQL's answer to our CopyFail repeats the source's message; the source's own error is the cause.
        reject(sourceError ?? err);
      },
      handleCopyData() {},
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
    };
    client.query(submittable as unknown as pg.QueryConfig);
  });
}

/** COPY's binary file header starts with this signature, then the flags (int32) and the extension's length (int32). */
const BINARY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Runs `COPY (...) TO STDOUT (FORMAT binary)` and hands each row to `onRow` as it arrives: the buffer and where each
 * field's bytes start (-1 for a null), so rows are read in place with no object or string per row. Resolves with the
 * row count.
 */
export function copyRowsOut(
  client: pg.Client,
  text: string,
  onRow: (buf: Buffer, fields: Int32Array) => void,
): Promise<number> {
  const rows = new BinaryRows(onRow);
  return copyOut(
    client,
    text,
    (chunk) => rows.take(chunk),
    async () => {},
  ).then((count) => {
    rows.end();
    return count;
  });
}

const NOTHING = Buffer.alloc(0);

/** The binary format's rows cut out of chunks that end anywhere (PostgreSQL's docs, COPY, "Binary Format"). */
export class BinaryRows {
  private pending: Buffer = NOTHING;
  private headerRead = false;
  private ended = false;
  private fields = new Int32Array(8);

  constructor(private readonly onRow: (buf: Buffer, fields: Int32Array) => void) {}

  take(chunk: Buffer): boolean {
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = this.headerRead ? 0 : this.header(buf);
    while (at >= 0 && !this.ended) {
      const next = this.row(buf, at);
      if (next < 0) break;
      at = next;
    }
    // What is left of the chunk is kept as a copy: the chunk itself is the connection's, read once.
    if (at === buf.length) this.pending = NOTHING;
    else this.pending = Buffer.from(at < 0 ? buf : buf.subarray(at));
    return true;
  }

  end() {
    if (!this.ended || this.pending.length) throw new Error('a binary COPY ended early');
  }

  /** Where the first row starts, or -1 until the whole header has arrived. */
  private header(buf: Buffer): number {
    const fixed = BINARY_SIGNATURE.length + 8;
    if (buf.length < fixed) return -1;
    if (!buf.subarray(0, BINARY_SIGNATURE.length).equals(BINARY_SIGNATURE))
      throw new Error('not a binary COPY');
    const at = fixed + buf.readUInt32BE(BINARY_SIGNATURE.length + 4);
    if (buf.length < at) return -1;
    this.headerRead = true;
    return at;
  }

  /** Reads the row at `at` and answers where the next starts, or -1 when the row has not wholly arrived. */
  private row(buf: Buffer, at: number): number {
    if (buf.length - at < 2) return -1;
    const count = buf.readInt16BE(at);
    if (count === -1) {
      this.ended = true;
      return at + 2;
    }
    if (count > this.fields.length) this.fields = new Int32Array(count);
    let pos = at + 2;
    for (let f = 0; f < count; f++) {
      if (buf.length - pos < 4) return -1;
      const length = buf.readInt32BE(pos);
      pos += 4;
      this.fields[f] = length < 0 ? -1 : pos;
      pos += Math.max(length, 0);
    }
    if (pos > buf.length) return -1;
    this.onRow(buf, this.fields);
    return pos;
  }
}
