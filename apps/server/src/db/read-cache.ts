import type { ChangeFeed, Changed } from './change-feed.ts';

export type ReadCache<V> = {
  /** The cached value of `key`, or what `load` reads (kept only if nothing changed meanwhile). */
  get: (key: string, load: () => Promise<V>) => Promise<V>;
  /** The cached value of `key` when this server holds a fresh one (the feed live), without reading: else undefined. */
  peek: (key: string) => V | undefined;
  /** Forgets the entries of these groups (by default the key is the group) on this server. */
  drop: (groups: Changed) => void;
};

/**
 * An in-process cache of rows that a change feed invalidates (db/change-feed.ts), for the reads every screen makes
 * (the session behind a token, the member's card, settings). It serves only while the feed is live; `ttlMs` bounds
 * how long an entry lives even so. Entries belong to a group (a member id) so that a change of the member drops
 * them all; the tables named are those whose changes drop entries.
 */
export function createReadCache<V>(
  feed: ChangeFeed,
  opts: { tables: string[]; ttlMs: number; max: number; groupOf?: (key: string, value: V) => string },
): ReadCache<V> {
  const entries = new Map<string, { value: V; until: number; group: string }>();
  const groups = new Map<string, Set<string>>();
  const pending = new Map<string, { version: number; promise: Promise<V> }>();

  const forget = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    const keys = groups.get(e.group);
    keys?.delete(key);
    if (keys?.size === 0) groups.delete(e.group);
  };
  // Moves whenever a change to one of this cache's tables is heard (or `drop` is called): a read that saw it move may
  // be older than the change, so it is not kept. The feed's own version also moves on changes to other tables (every
  // posting's balances), which say nothing about these rows: under a stream of transfers, reads compared with it were
  // almost never kept (a security-hold read on half the transfers, bench/ledger --waits).
  let version = 0;
  const drop = (changed: Changed) => {
    version++;
    if (changed === 'all') {
      entries.clear();
      groups.clear();
      pending.clear();
      return;
    }
    for (const g of changed) for (const key of [...(groups.get(g) ?? [])]) forget(key);
  };
  for (const table of opts.tables) feed.on(table, drop);

  async function load(key: string, read: () => Promise<V>): Promise<V> {
    const before = version;
    const value = await read();
    if (feed.live && version === before) {
      if (entries.size >= opts.max) drop('all');
      const group = opts.groupOf ? opts.groupOf(key, value) : key;
      forget(key);
      // Entries read together (a burst of members) do not all expire together.
      entries.set(key, { value, until: Date.now() + opts.ttlMs * (0.75 + Math.random() / 2), group });
      const keys = groups.get(group) ?? new Set<string>();
      groups.set(group, keys);
      keys.add(key);
    }
    return value;
  }

  const peek = (key: string): V | undefined => {
    if (!feed.live) return undefined;
    const hit = entries.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  };

  return {
    get(key, read) {
      if (!feed.live) return read();
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return Promise.resolve(hit.value);
      // Concurrent misses of one key share a read, unless a change came in after that read began.
      const inflight = pending.get(key);
      if (inflight && inflight.version === version) return inflight.promise;
      const promise = load(key, read).finally(() => {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      });
      pending.set(key, { version, promise });
      return promise;
    },
    peek,
    drop,
  };
}
