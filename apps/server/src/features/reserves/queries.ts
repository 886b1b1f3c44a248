import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type pg from 'pg';
import type { Conn, Db } from '../../db/database.ts';
import type { ReserveSnapshotsTable } from '../../db/schema-reserves.ts';

/** How long a claim on a building snapshot lasts: a server that died mid-build leaves it to the next after this. */
const LEASE = sql`interval '15 minutes'`;

export type SnapshotRow = Selectable<ReserveSnapshotsTable> & { started_by_userid: string | null };

type Asked = { id: string; state: ReserveSnapshotsTable['state'] };

/** The snapshot a request key was answered with, if it was. */
const keyed = (db: Conn, key: string) =>
  db
    .selectFrom('reserve_snapshot_keys as k')
    .innerJoin('reserve_snapshots as s', 's.id', 'k.snapshot_id')
    .select(['s.id', 's.state'])
    .where('k.key', '=', key)
    .executeTakeFirst();

/**
 * Asks for a snapshot: a new `building` one, unless one is building already (the unique partial index: one at a
 * time) or the daily job's date has one. A key (an admin's idempotency key) is remembered with the snapshot it was
 * answered with, whichever: a retry with it gets that snapshot again, never a new one. Call it in a transaction.
 */
export async function requestSnapshot(
  db: Conn,
  by: { key?: string; runDate?: string; memberId?: string },
): Promise<Asked> {
  const known = by.key ? await keyed(db, by.key) : undefined;
  if (known) return known;
  const asked = await newOrStanding(db, by);
  if (!by.key) return asked;
  await db
    .insertInto('reserve_snapshot_keys')
    .values({ key: by.key, snapshot_id: asked.id })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // The same key sent twice at once: both answer what the first one stored.
  return (await keyed(db, by.key)) ?? asked;
}

async function newOrStanding(db: Conn, by: { runDate?: string; memberId?: string }): Promise<Asked> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const made = await db
      .insertInto('reserve_snapshots')
      .values({ state: 'building', run_date: by.runDate ?? null, started_by: by.memberId ?? null })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'state'])
      .executeTakeFirst();
    if (made) return made;
    const standing = await db
      .selectFrom('reserve_snapshots')
      .select(['id', 'state'])
      .where((eb) =>
        eb.or([eb('state', '=', 'building'), ...(by.runDate ? [eb('run_date', '=', by.runDate)] : [])]),
      )
      // The day's own snapshot first: the daily job answers it even while another one builds.
      .orderBy(sql`case when run_date = ${by.runDate ?? null} then 0 else 1 end`)
      .executeTakeFirst();
    if (standing) return standing;
    // The one building finished between the insert and the read: ask again.
  }
  throw new Error('no snapshot could be requested');
}

/** Claims the snapshot that is building and nobody holds (or whose holder's lease ran out). */
export async function claimBuilding(db: Db): Promise<{ id: string; holder: string } | undefined> {
  const holder = `${process.pid}:${randomUUID()}`;
  const rows = await sql<{ id: string }>`
    update reserve_snapshots set claimed_by = ${holder}, claimed_until = now() + ${LEASE}
    where id = (select id from reserve_snapshots where state = 'building'
      and (claimed_until is null or claimed_until < now()) for update skip locked)
    returning id::text`.execute(db);
  const row = rows.rows[0];
  return row && { id: row.id, holder };
}

/** A refused snapshot keeps its figures so far and the problem; it has no tree. */
export async function refuseSnapshot(
  db: Db,
  id: string,
  holder: string,
  fields: { problem: string; duration_ms: number; chain_id: number; block: string; leaves: number },
) {
  await db
    .updateTable('reserve_snapshots')
    .set({ ...fields, state: 'refused', taken_at: new Date(), finished_at: new Date(), claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .where('state', '=', 'building')
    .execute();
}

export type PublishedFields = {
  chain_id: number;
  block: string;
  taken_at: Date;
  columns: string[];
  root_hash: Buffer;
  root_sums: string[];
  total: string;
  points_rp: string;
  points_dp: string;
  hot_wallet: string | null;
  hot_wallet_balance: string;
  signature: string | null;
  deposit_xpub: string | null;
  deposit_count: number;
  deposit_balance: string;
  reserves_total: string;
  duration_ms: number;
  leaves: number;
};

/** Publishes the snapshot, in the transaction that stored its tree; throws when the claim was lost meanwhile. */
export async function publishSnapshot(client: pg.PoolClient, id: string, holder: string, f: PublishedFields) {
  const r = await client.query(
    `update reserve_snapshots set state = 'published', chain_id = $3, block = $4, taken_at = $5, columns = $6,
       root_hash = $7, root_sums = $8, total = $9, points_rp = $10, points_dp = $11, hot_wallet = $12,
       hot_wallet_balance = $13, signature = $14, deposit_xpub = $15, deposit_count = $16, deposit_balance = $17,
       reserves_total = $18, duration_ms = $19, leaves = $20, finished_at = now(), claimed_by = null
     where id = $1 and claimed_by = $2 and state = 'building'`,
    [
      id,
      holder,
      f.chain_id,
      f.block,
      f.taken_at,
      f.columns,
      f.root_hash,
      f.root_sums,
      f.total,
      f.points_rp,
      f.points_dp,
      f.hot_wallet,
      f.hot_wallet_balance,
      f.signature,
      f.deposit_xpub,
      f.deposit_count,
      f.deposit_balance,
      f.reserves_total,
      f.duration_ms,
      f.leaves,
    ],
  );
  if (r.rowCount !== 1) throw new Error(`snapshot ${id}: the claim was lost before publishing`);
}

/** Snapshots with every figure, newest first; members see only published ones. */
export function snapshotQuery(db: Conn) {
  return db
    .selectFrom('reserve_snapshots as s')
    .leftJoin('members as m', 'm.id', 's.started_by')
    .selectAll('s')
    .select([sql<string[]>`s.root_sums::text[]`.as('root_sums'), 'm.userid as started_by_userid'])
    .orderBy('s.id', 'desc');
}

/** Published snapshots on this chain whose anchor is not mined yet (the anchor step follows them). */
export const unanchored = (db: Db, chainId: number) =>
  db
    .selectFrom('reserve_snapshots')
    .select(['id', 'root_hash', sql<string[]>`root_sums::text[]`.as('root_sums')])
    .where('state', '=', 'published')
    .where('chain_id', '=', chainId)
    .where('anchor_tx', 'is', null)
    .orderBy('id')
    .limit(20)
    .execute();

export async function recordAnchor(db: Db, id: string, tx: string, block: string) {
  await db
    .updateTable('reserve_snapshots')
    .set({ anchor_tx: tx, anchor_block: block })
    .where('id', '=', id)
    .execute();
}

/**
 * A published snapshot's figures a proof names, with the member's leaf in it (its index in level 0 and its salt;
 * null when the member is not in it): one round trip.
 */
export const proofHead = (db: Db, snapshotId: string, memberId: string) =>
  db
    .selectFrom('reserve_snapshots as s')
    .leftJoin('reserve_leaves as l', (j) =>
      j.onRef('l.snapshot_id', '=', 's.id').on('l.member_id', '=', memberId),
    )
    .select([
      's.id',
      's.chain_id',
      's.block',
      's.taken_at',
      's.requested_at',
      's.columns',
      's.root_hash',
      sql<string[] | null>`s.root_sums::text[]`.as('root_sums'),
      's.anchor_tx',
      's.leaves',
      's.tree_pruned_at',
      'l.idx',
      'l.salt',
    ])
    .where('s.id', '=', snapshotId)
    .where('s.state', '=', 'published')
    .executeTakeFirst();

/** The nodes at (level, index) pairs of a snapshot, in one query of primary-key probes. */
export async function nodesAt(db: Db, snapshotId: string, at: { level: number; idx: number }[]) {
  const rows = await sql<{ level: number; idx: number; hash: Buffer; sums: Buffer }>`
    select n.level, n.idx, n.hash, n.sums from unnest(${at.map((a) => a.level)}::smallint[], ${at.map((a) => a.idx)}::int[]) w(level, idx)
    join reserve_nodes n on n.snapshot_id = ${snapshotId} and n.level = w.level and n.idx = w.idx`.execute(
    db,
  );
  return rows.rows;
}
