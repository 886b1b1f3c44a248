import type { Conn } from '../../db/database.ts';

/** Operator settings kept in the database; the environment gives the defaults. */
export async function getSetting<T>(db: Conn, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

const CACHE_MS = 2_000;
const cache = new WeakMap<object, Map<string, { value: unknown; until: number }>>();

/**
 * A setting read on a hot path: kept for 2 seconds per server. A change through `putSetting` on this server is
 * seen at once; other servers see it within 2 seconds.
 */
export async function cachedSetting<T>(db: Conn, key: string, fallback: T): Promise<T> {
  let forDb = cache.get(db);
  if (!forDb) {
    forDb = new Map();
    cache.set(db, forDb);
  }
  const hit = forDb.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const value = await getSetting(db, key, fallback);
  forDb.set(key, { value, until: Date.now() + CACHE_MS });
  return value;
}

export async function putSetting(db: Conn, key: string, value: unknown): Promise<void> {
  cache.get(db)?.delete(key);
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: new Date() }),
    )
    .execute();
}
