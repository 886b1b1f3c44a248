import { noteChanged, originOf } from '../db/change-feed.ts';
import { type Db, poolOf } from '../db/database.ts';
import type { AccountRef } from './accounts.ts';

/**
 * Balances are read on every wallet screen, so servers keep them in memory (ledger/index.ts). After a posting
 * commits, this server forgets the members' balances at once, and the other servers hear it within PUBLISH_MS:
 * the members changed meanwhile go out together in one NOTIFY. A NOTIFY inside the posting's own transaction would
 * serialize every commit of the database (PostgreSQL holds one lock from a notifying transaction's commit to its
 * end), so it is a transaction of its own, which carries no money and need not wait for its WAL flush. A server that
 * dies between a commit and the next NOTIFY leaves the others showing the old balances until their entries expire
 * (BALANCE_CACHE_MS); what a member can spend is always read under lock, never from this cache.
 */
const PUBLISH_MS = 5;
const MAX_IDS = 200;

type Pending = { ids: Set<string>; all: boolean; timer: NodeJS.Timeout | undefined };
const pending = new WeakMap<Db, Pending>();

export function membersOf(refs: AccountRef[]): string[] {
  return [...new Set(refs.flatMap((r) => ('member' in r ? [r.member] : [])))];
}

export function balancesChanged(db: Db, members: string[] | 'all'): void {
  if (members !== 'all' && members.length === 0) return;
  noteChanged(db, 'balances', members);
  let p = pending.get(db);
  if (!p) {
    p = { ids: new Set(), all: false, timer: undefined };
    pending.set(db, p);
  }
  if (members === 'all') p.all = true;
  else for (const m of members) p.ids.add(m);
  if (!p.timer) {
    const state = p;
    state.timer = setTimeout(() => void publish(db, state), PUBLISH_MS);
  }
}

async function publish(db: Db, p: Pending) {
  const ids = [...p.ids];
  const all = p.all || ids.length > MAX_IDS;
  p.ids.clear();
  p.all = false;
  p.timer = undefined;
  // Member ids are numbers (bigserial), so the payload needs no quoting.
  const origin = originOf(db);
  const payload = `balances${origin ? `@${origin}` : ''}:${all ? '*' : ids.filter((id) => /^\d+$/.test(id)).join(',')}`;
  const client = await poolOf(db)
    .connect()
    .catch(() => undefined);
  // The database is away: the other servers' entries expire by themselves.
  if (!client) return;
  try {
    await client.query(
      `begin; set local synchronous_commit = off; select pg_notify('mp_changes', '${payload}'); commit`,
    );
    client.release();
  } catch (err) {
    // A connection left inside a failed transaction must not go back to the pool.
    client.release(err instanceof Error ? err : true);
  }
}
