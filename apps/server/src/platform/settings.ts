import { type ChangeFeed, noteChanged } from '../db/change-feed.ts';
import type { Conn, Db } from '../db/database.ts';
import { createReadCache, type ReadCache } from '../db/read-cache.ts';

/** Operator settings kept in the database; the environment gives the defaults. */
export async function getSetting<T>(db: Conn, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

const caches = new WeakMap<object, ReadCache<unknown>>();

/** Keeps this database's settings in memory until they change (on any server: the change feed says so). */
export function cacheSettings(db: Db, feed: ChangeFeed): void {
  caches.set(db, createReadCache<unknown>(feed, { tables: ['settings'], ttlMs: 60_000, max: 1_000 }));
}

async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? row.value : undefined;
}

/**
 * A setting read on a hot path: from memory when `cacheSettings` was called for this database. (No named closure per
 * call: run through tsx, each one costs a defineProperty of its name.)
 */
export async function cachedSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  const cache = caches.get(db);
  const value = await (cache ? cache.get(key, () => readSetting(db, key)) : readSetting(db, key));
  return value === undefined ? fallback : (value as T);
}

export async function putSetting(db: Conn, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
    )
    .execute();
  noteChanged(db, 'settings', [key]);
}
