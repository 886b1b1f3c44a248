import { createHash } from 'node:crypto';
import { createWriteStream, renameSync, rmSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import {
  type BackupHeader,
  BackupError,
  BACKUP_FORMAT,
  encodeHeader,
  encryptSegments,
  newKey,
  recordWriter,
  type SequenceInfo,
  type TableInfo,
} from './backup-archive.ts';
import { copyOut } from './pg-copy.ts';

/** The migrations' own bookkeeping: the restore rebuilds it by running them. */
export const MIGRATIONS_TABLE = 'schema_migrations';
/** COPY data is gathered into records of about this size (one COPY message is one row). */
const RECORD_BYTES = 256 * 1024;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The tables to back up, found in the catalog (not a hand list): every table of the public schema but
 * MIGRATIONS_TABLE. A partition (a table the server made at run time, such as a reserves snapshot's tree) is a table
 * of its own here, named with its parent and bound so that a restore makes it again before loading it.
 */
export async function publicTables(client: pg.Client): Promise<Omit<TableInfo, 'rows'>[]> {
  // Generated columns are computed again on load (COPY FROM refuses values for them).
  const r = await client.query<{
    name: string;
    columns: string[];
    parent: string | null;
    bound: string | null;
  }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns,
       (select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = c.oid) as parent,
       pg_get_expr(c.relpartbound, c.oid) as bound
     from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = ''
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and c.relname <> $1
     group by c.oid, c.relname order by c.relname`,
    [MIGRATIONS_TABLE],
  );
  return r.rows.map(({ parent, bound, ...t }) =>
    parent && bound ? { ...t, partition_of: { parent, bound } } : t,
  );
}

/**
 * What the snapshot holds, read inside it before the data: when it was taken, the migrations, each table's rows and
 * each sequence's value (sequences are outside transactions: read here, they are at least what any row holds).
 */
async function describeSnapshot(client: pg.Client) {
  // The first statement takes the snapshot; statement_timestamp() is set before it, so every commit acknowledged
  // before snapshot_at is inside.
  const at = await client.query<{ at: Date }>('select statement_timestamp() as at');
  const table = await client.query<{ name: string | null }>(`select to_regclass($1)::text as name`, [
    MIGRATIONS_TABLE,
  ]);
  if (!table.rows[0]?.name) throw new BackupError('the database has never been migrated: nothing to back up');
  const migrations = await client.query<{ id: string }>(`select id from ${MIGRATIONS_TABLE} order by id`);
  const tables: TableInfo[] = [];
  for (const t of await publicTables(client)) {
    const n = await client.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(t.name)}`);
    tables.push({ ...t, rows: Number(n.rows[0]?.n) });
  }
  const sequences = await client.query<{ name: string; last_value: string | null }>(
    `select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
  );
  return {
    snapshot_at: (at.rows[0]?.at ?? new Date()).toISOString(),
    migrations: migrations.rows.map((r) => r.id),
    tables,
    sequences: sequences.rows.map(
      (s): SequenceInfo => ({
        name: s.name,
        last_value: s.last_value ?? '1',
        is_called: s.last_value !== null,
      }),
    ),
  };
}

type Records = ReturnType<typeof recordWriter>;

/** One table's rows through COPY, in records of about RECORD_BYTES; checks the count against the snapshot's. */
async function exportTable(client: pg.Client, table: TableInfo, records: Records) {
  await records.write('table', Buffer.from(table.name));
  const hash = createHash('sha256');
  let batch: Buffer[] = [];
  let size = 0;
  const flush = () => {
    const ok = records.push('data', Buffer.concat(batch));
    batch = [];
    size = 0;
    return ok;
  };
  const columns = table.columns.map(quoteIdent).join(', ');
  const rows = await copyOut(
    client,
    `COPY ${quoteIdent(table.name)} (${columns}) TO STDOUT`,
    (chunk) => {
      hash.update(chunk);
      batch.push(chunk);
      size += chunk.length;
      return size < RECORD_BYTES || flush();
    },
    records.drained,
  );
  if (size > 0) flush();
  if (rows !== table.rows)
    throw new Error(`${table.name}: COPY gave ${rows} rows, the snapshot counted ${table.rows}`);
  await records.write('table-end', Buffer.from(JSON.stringify({ rows, sha256: hash.digest('hex') })));
}

export type BackupFile = { name: string; data: Buffer };

/**
 * Writes a backup of the database at `url` to `out`: one REPEATABLE READ snapshot (a consistent picture while the
 * servers keep writing), every table through COPY, and `files` (DATA_DIR's keys). Written beside `out` first and
 * renamed when whole, so a failed run never leaves a file that looks like a backup.
 */
export async function writeBackup(options: {
  url: string;
  out: string;
  passphrase: string;
  files: BackupFile[];
  serverVersion: string;
}): Promise<BackupHeader> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const partial = `${options.out}.partial`;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await describeSnapshot(client);
    const { key, ...kdf } = await newKey(options.passphrase);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      server_version: options.serverVersion,
      ...snapshot,
      files: options.files.map((f) => f.name),
      ...kdf,
    };
    const head = encodeHeader(header);
    writeFileSync(partial, head, { mode: 0o600 });
    const gzip = createGzip();
    const written = pipeline(
      gzip,
      encryptSegments(key, createHash('sha256').update(head).digest()),
      createWriteStream(partial, { flags: 'a' }),
    );
    // A failing file (disk full) must end the export with its error, not leave it waiting for a drain.
    written.catch((err: Error) => gzip.destroy(err));
    const records = recordWriter(gzip);
    for (const f of options.files)
      await records.write(
        'file',
        Buffer.from(JSON.stringify({ name: f.name, data: f.data.toString('base64') })),
      );
    for (const table of snapshot.tables) await exportTable(client, table, records);
    const rows = snapshot.tables.reduce((n, t) => n + t.rows, 0);
    await records.write('end', Buffer.from(JSON.stringify({ tables: snapshot.tables.length, rows })));
    gzip.end();
    await written;
    await client.query('commit');
    renameSync(partial, options.out);
    return header;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}
