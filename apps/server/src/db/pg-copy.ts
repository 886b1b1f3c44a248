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
): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = Number.NaN;
    let paused = false;
    const submittable = {
      submit: (connection: Connection) => connection.query(text),
      handleCopyData(msg: { chunk: Buffer }, connection: Connection) {
        // The chunk is a view into the parser's buffer, which later messages overwrite: the sink gets a copy.
        if (sink(Buffer.from(msg.chunk)) || paused) return;
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
