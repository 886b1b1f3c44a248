import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import {
  type BackupHeader,
  BackupError,
  decryptSegments,
  KEY_FILES,
  keyOf,
  readHeader,
  recordReader,
  type RecordType,
} from './backup-archive.ts';
import { MIGRATIONS_TABLE, publicTables, quoteIdent } from './backup.ts';
import type { Db } from './database.ts';
import { migrate, pendingMigrations } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { copyIn } from './pg-copy.ts';

type Record = { type: RecordType; payload: Buffer };
type Next = () => Promise<Record | undefined>;
type KeyFile = { name: string; data: Buffer };

/** The migrations to build the backup's schema with: refuses a backup from a version this code does not know. */
function migrationsFor(header: BackupHeader) {
  const known = new Set(MIGRATIONS.map((m) => m.id));
  const unknown = header.migrations.filter((id) => !known.has(id));
  if (unknown.length)
    throw new BackupError(
      `the backup comes from a newer version (migrations ${unknown.join(', ')} are unknown here): restore it with that version or a later one`,
    );
  const upTo = MIGRATIONS.slice(0, header.migrations.length);
  if (upTo.some((m) => !header.migrations.includes(m.id)))
    throw new BackupError(
      "the backup's migrations are not this version's first ones: restore it with its own version",
    );
  return upTo;
}

/** A restore starts from nothing: a database with any table in it is refused (nothing there is overwritten). */
async function refuseNonEmpty(client: pg.Client) {
  const r = await client.query<{ n: string }>(
    `select count(*)::text as n from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`,
  );
  const n = Number(r.rows[0]?.n);
  if (n > 0)
    throw new BackupError(
      `the target database is not empty (${n} tables): restore into a new one (createdb <name> and point DATABASE_URL at it, or an empty DATA_DIR for the embedded PostgreSQL)`,
    );
}

/** The body's records, decrypted and uncompressed as they are read; a stage's failure ends the reading with it. */
function openBody(file: string, offset: number, key: Buffer, headerHash: Buffer): Next {
  const body = pipeline(
    createReadStream(file, { start: offset }),
    decryptSegments(key, headerHash),
    createGunzip(),
    () => {},
  );
  return recordReader(body);
}

/** The DATA_DIR files at the start of the body; the first record after them is handed back too. */
async function readKeyFiles(next: Next): Promise<{ files: KeyFile[]; first: Record | undefined }> {
  const files: KeyFile[] = [];
  for (;;) {
    const record = await next();
    if (record?.type !== 'file') return { files, first: record };
    const f = JSON.parse(record.payload.toString('utf8')) as { name: string; data: string };
    if (!(KEY_FILES as readonly string[]).includes(f.name))
      throw new BackupError(`the backup holds an unexpected file: ${f.name}`);
    files.push({ name: f.name, data: Buffer.from(f.data, 'base64') });
  }
}

/** Refuses to replace a key file that is there and different (a server's secret or wallet key would be lost). */
function checkKeyFiles(files: KeyFile[], dataDir: string) {
  for (const f of files) {
    const target = path.join(dataDir, f.name);
    if (existsSync(target) && !readFileSync(target).equals(f.data))
      throw new BackupError(
        `${target} exists and differs from the backup's: move it away, or restore into a new DATA_DIR`,
      );
  }
}

function writeKeyFiles(files: KeyFile[], dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  for (const f of files) {
    const target = path.join(dataDir, f.name);
    if (!existsSync(target)) writeFileSync(target, f.data, { mode: 0o600, flag: 'wx' });
  }
}

/** One table's data records, hashed as they pass, up to its end record (kept in `end`). */
async function* tableData(next: Next, state: { hash: ReturnType<typeof createHash>; end?: TableEnd }) {
  for (;;) {
    const record = await next();
    if (!record) throw new BackupError('the backup ends inside a table');
    if (record.type === 'table-end') {
      state.end = JSON.parse(record.payload.toString('utf8')) as TableEnd;
      return;
    }
    if (record.type !== 'data')
      throw new BackupError(`the backup has a ${record.type} record inside a table`);
    state.hash.update(record.payload);
    yield record.payload;
  }
}

type TableEnd = { rows: number; sha256: string };

/** Loads one table through COPY and checks its rows and checksum against the backup's. */
async function loadTable(client: pg.Client, header: BackupHeader, name: string, next: Next) {
  const table = header.tables.find((t) => t.name === name);
  if (!table) throw new BackupError(`the backup's data names a table its header does not: ${name}`);
  const state: { hash: ReturnType<typeof createHash>; end?: TableEnd } = { hash: createHash('sha256') };
  const columns = table.columns.map(quoteIdent).join(', ');
  const rows = await copyIn(
    client,
    `COPY ${quoteIdent(name)} (${columns}) FROM STDIN`,
    tableData(next, state),
  );
  const sha256 = state.hash.digest('hex');
  if (!state.end || state.end.sha256 !== sha256 || state.end.rows !== rows || rows !== table.rows)
    throw new BackupError(
      `${name}: ${rows} rows loaded, the backup says ${state.end?.rows ?? '?'} (header ${table.rows}), checksum ${state.end?.sha256 === sha256 ? 'matches' : 'differs'}`,
    );
  return rows;
}

/** A bound this restore makes a partition with: a list of whole numbers, as the server's partitions have. */
const LIST_BOUND = /^FOR VALUES IN \((?:'?\d+'?)(?:, '?\d+'?)*\)$/;

/**
 * The backup's partitions (made by the server at run time, not by a migration) made again under their parents, the
 * parents being the migrations' partitioned tables; a parent or bound of any other shape is refused.
 */
async function makePartitions(client: pg.Client, header: BackupHeader) {
  const parted = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'p'`,
  );
  const parents = new Set(parted.rows.map((r) => r.name));
  for (const t of header.tables) {
    if (!t.partition_of) continue;
    const { parent, bound } = t.partition_of;
    if (!parents.has(parent) || !LIST_BOUND.test(bound))
      throw new BackupError(
        `${t.name}: the backup names a partition of ${parent} (${bound}) this version cannot make`,
      );
    await client.query(`create table ${quoteIdent(t.name)} partition of ${quoteIdent(parent)} ${bound}`);
  }
}

/**
 * Every table of the backup through COPY, with triggers and foreign-key checks off (session_replication_role =
 * replica: the ledger's immutability triggers and the change feed's stay quiet; the data was consistent in its
 * snapshot). The rows the migrations seeded go first: the backup has its own.
 */
async function loadTables(client: pg.Client, header: BackupHeader, first: Record | undefined, next: Next) {
  await makePartitions(client, header);
  const target = await publicTables(client);
  const names = new Set(target.map((t) => t.name));
  const missing = header.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
  const extra = target.filter((t) => !header.tables.some((h) => h.name === t.name)).map((t) => t.name);
  if (missing.length || extra.length)
    throw new BackupError(
      `the migrations built other tables than the backup has (missing ${missing.join(', ') || 'none'}; extra ${extra.join(', ') || 'none'})`,
    );
  await client.query('set local session_replication_role = replica');
  if (target.length) await client.query(`truncate ${target.map((t) => quoteIdent(t.name)).join(', ')}`);
  const loaded = new Set<string>();
  let rows = 0;
  for (let record = first; ; record = await next()) {
    if (!record) throw new BackupError('the backup is truncated: its end record is missing');
    if (record.type === 'end') break;
    if (record.type !== 'table')
      throw new BackupError(`the backup has a ${record.type} record between tables`);
    const name = record.payload.toString('utf8');
    if (loaded.has(name)) throw new BackupError(`the backup holds table ${name} twice`);
    rows += await loadTable(client, header, name, next);
    loaded.add(name);
  }
  const absent = header.tables.filter((t) => !loaded.has(t.name)).map((t) => t.name);
  if (absent.length) throw new BackupError(`the backup lacks the data of ${absent.join(', ')}`);
  return rows;
}

/**
 * Every sequence past every value it handed out: the larger of its value in the backup and the largest integer in
 * the columns that draw from it (owned by them, or named in their default).
 */
async function resetSequences(client: pg.Client, header: BackupHeader) {
  const uses = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.relname as seq, t.relname as tbl, a.attname as col
     from pg_class s
     join pg_depend d on (d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i'))
       or (d.refobjid = s.oid and d.classid = 'pg_attrdef'::regclass and d.deptype = 'n')
     left join pg_attrdef ad on d.classid = 'pg_attrdef'::regclass and ad.oid = d.objid
     join pg_attribute a on a.attrelid = coalesce(ad.adrelid, d.refobjid)
       and a.attnum = coalesce(ad.adnum, d.refobjsubid)
     join pg_class t on t.oid = a.attrelid
     where s.relkind = 'S' and s.relnamespace = 'public'::regnamespace
       and a.atttypid in ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)`,
  );
  const value = new Map<string, bigint>();
  for (const s of header.sequences) if (s.is_called) value.set(s.name, BigInt(s.last_value));
  for (const u of uses.rows) {
    const max = await client.query<{ max: string | null }>(
      `select max(${quoteIdent(u.col)})::text as max from ${quoteIdent(u.tbl)}`,
    );
    const m = max.rows[0]?.max;
    if (m !== null && m !== undefined && BigInt(m) > (value.get(u.seq) ?? 0n)) value.set(u.seq, BigInt(m));
  }
  for (const [seq, v] of value)
    await client.query('select setval($1::regclass, $2)', [quoteIdent(seq), v.toString()]);
}

/** Each table holds what the header counted in the snapshot. */
async function verifyCounts(client: pg.Client, header: BackupHeader) {
  for (const t of header.tables) {
    const r = await client.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(t.name)}`);
    if (Number(r.rows[0]?.n) !== t.rows)
      throw new BackupError(`${t.name} holds ${r.rows[0]?.n} rows after the load; the backup has ${t.rows}`);
  }
}

async function verifyMigrations(client: pg.Client, header: BackupHeader) {
  const r = await client.query<{ id: string }>(`select id from ${MIGRATIONS_TABLE} order by id`);
  const ids = r.rows.map((row) => row.id);
  if (ids.join() !== [...header.migrations].sort().join())
    throw new BackupError(
      `the migrations applied (${ids.length}) are not the backup's (${header.migrations.length})`,
    );
}

/** The load, committed whole or not at all; after a failure the schema stays, so the database is no longer empty. */
async function loadInOneTransaction(
  client: pg.Client,
  header: BackupHeader,
  first: Record | undefined,
  next: Next,
) {
  try {
    await client.query('begin');
    const rows = await loadTables(client, header, first, next);
    await resetSequences(client, header);
    await verifyCounts(client, header);
    await client.query('commit');
    return rows;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    const message = err instanceof Error ? err.message : String(err);
    throw new BackupError(
      `${message} (nothing was loaded; the database has the schema now: drop it and create it empty again before another try)`,
      { cause: err },
    );
  }
}

export type RestoreSummary = {
  header: BackupHeader;
  rows: number;
  files: string[];
  /** Migrations of this version newer than the backup: `npm run migrate` applies them. */
  pending: string[];
};

export type OpenedBackup = Awaited<ReturnType<typeof openBackup>>;

/** A backup's header, key and migrations, checked before anything is connected to: the passphrase, the version. */
export async function openBackup(file: string, passphrase: string) {
  const { header, bodyOffset, headerHash } = readHeader(file);
  const key = await keyOf(header, passphrase);
  return { file, header, bodyOffset, headerHash, key, migrations: migrationsFor(header) };
}

/**
 * Restores an opened backup (db/backup.ts) into the empty database `db`/`url` and its key files into `dataDir`: the
 * schema from the migrations up to the backup's, then every table in one transaction, its sequences reset and its
 * counts and checksums checked before the commit. Nothing is written when a check fails before it.
 */
export async function restoreBackup(
  backup: OpenedBackup,
  target: { db: Db; url: string; dataDir: string },
): Promise<RestoreSummary> {
  const { header } = backup;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await refuseNonEmpty(client);
    const next = openBody(backup.file, backup.bodyOffset, backup.key, backup.headerHash);
    const { files, first } = await readKeyFiles(next);
    checkKeyFiles(files, target.dataDir);
    await migrate(target.db, backup.migrations);
    await verifyMigrations(client, header);
    const rows = await loadInOneTransaction(client, header, first, next);
    writeKeyFiles(files, target.dataDir);
    return { header, rows, files: files.map((f) => f.name), pending: await pendingMigrations(target.db) };
  } finally {
    await client.end();
  }
}
