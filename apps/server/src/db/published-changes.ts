import { CHANGES_CHANNEL, noteChanged, originOf } from './change-feed.ts';
import { type Db, poolOf } from './database.ts';

/**
 * Changes to rows that move on every order (a paper account's balances, positions and open orders), told to the read
 * caches once their transaction has committed: this server at once, the others through one NOTIFY per table every
 * PUBLISH_MS, sent from a transaction of its own that carries nothing and does not wait for its WAL flush. A NOTIFY
 * inside the writing transaction (a trigger, as migration 0010's tables have) would serialize the commits of the
 * whole database: PostgreSQL holds one lock from a notifying transaction's commit to its end. Measured on this
 * machine with pgbench, 32 clients each updating one row per transaction: 4,900-5,500 commits/s without a
 * `pg_notify`, 600-990 with one. The ledger's balances are told the same way (ledger/balance-changes.ts). A server
 * that stops between a commit and its NOTIFY leaves the others serving what they held until it expires (the caches'
 * TTL).
 */
const PUBLISH_MS = 5;
const MAX_IDS = 200;

type Pending = { ids: Set<string>; all: boolean; timer: NodeJS.Timeout | undefined };
const pending = new WeakMap<Db, Map<string, Pending>>();

/** After a commit that changed these rows of `table` (ids are numbers: member or account ids). */
export function publishChanged(db: Db, table: string, ids: string[] | 'all'): void {
  if (ids !== 'all' && ids.length === 0) return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  noteChanged(db, table, ids);
  let tables = pending.get(db);
  if (!tables) {
    tables = new Map();
    pending.set(db, tables);
  }
  let p = tables.get(table);
  if (!p) {
    p = { ids: new Set(), all: false, timer: undefined };
    tables.set(table, p);
  }
  if (ids === 'all') p.all = true;
  else for (const id of ids) p.ids.add(id);
  if (!p.timer) {
    const state = p;
    state.timer = setTimeout(() => void publish(db, table, state), PUBLISH_MS);
  }
}

async function publish(db: Db, table: string, p: Pending) {
  const ids = [...p.ids].filter((id) => /^\d+$/.test(id));
  const all = p.all || ids.length > MAX_IDS;
  p.ids.clear();
  p.all = false;
  p.timer = undefined;
  if (!all && ids.length === 0) return;
  // This server heard it already (noteChanged): the origin tag keeps it from hearing it twice.
  const origin = originOf(db).replace(/[^0-9a-f]/g, '');
  const payload = `${table}${origin ? `@${origin}` : ''}:${all ? '*' : ids.join(',')}`;
  const client = await poolOf(db)
    .connect()
    .catch(() => undefined);
  // The database is away: the other servers' entries expire by themselves.
  if (!client) return;
  try {
    // One round trip of simple statements (parameters would need one statement): the payload is only a table name,
    // the origin's hex and numbers, checked above and in publishChanged.
    await client.query(
      `begin; set local synchronous_commit = off; select pg_notify('${CHANGES_CHANNEL}', '${payload}'); commit`,
    );
    client.release();
  } catch (err) {
    // A connection left inside a failed transaction must not go back to the pool.
    client.release(err instanceof Error ? err : true);
  }
}
