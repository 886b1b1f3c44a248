import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeFeed, type Changed, offlineFeed, parseChange, startChangeFeed } from './change-feed.ts';
import { createReadCache } from './read-cache.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { poolOf } from './database.ts';

/** A feed driven by hand: what a read cache sees when changes arrive or the connection drops. */
function handFeed() {
  const listeners = new Map<string, ((c: Changed) => void)[]>();
  const feed = {
    origin: 'hand',
    live: true,
    version: 0,
    on: (table: string, l: (c: Changed) => void) =>
      listeners.set(table, [...(listeners.get(table) ?? []), l]),
    local: (table: string, changed: Changed) => {
      feed.version++;
      for (const l of listeners.get(table) ?? []) l(changed);
    },
    close: async () => {},
  };
  return feed;
}

async function until(check: () => Promise<boolean> | boolean, ms = 3000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

describe('read cache', () => {
  it('reads once while nothing changes, and again after its group changed', async () => {
    const feed = handFeed();
    const cache = createReadCache<number>(feed, { tables: ['members'], ttlMs: 60_000, max: 10 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('7', load)).toBe(1);
    expect(await cache.get('7', load)).toBe(1);
    feed.local('members', ['8']);
    expect(await cache.get('7', load)).toBe(1);
    feed.local('members', ['7']);
    expect(await cache.get('7', load)).toBe(2);
    feed.local('members', 'all');
    expect(await cache.get('7', load)).toBe(3);
  });

  it('does not keep a value read while a change came in', async () => {
    const feed = handFeed();
    const cache = createReadCache<string>(feed, { tables: ['members'], ttlMs: 60_000, max: 10 });
    const stale = await cache.get('1', async () => {
      feed.local('members', ['1']);
      return 'old';
    });
    expect(stale).toBe('old');
    expect(await cache.get('1', async () => 'new')).toBe('new');
  });

  it('keeps a value read while only another table changed (the balances every posting changes)', async () => {
    const feed = handFeed();
    const cache = createReadCache<string>(feed, { tables: ['security_events'], ttlMs: 60_000, max: 10 });
    const first = await cache.get('1', async () => {
      feed.local('balances', ['1', '2']);
      return 'read';
    });
    expect(first).toBe('read');
    expect(await cache.get('1', async () => 'again')).toBe('read');
  });

  it('reads through while the feed is not live, and drops a group of keys together', async () => {
    const offline = createReadCache<number>(offlineFeed(), { tables: ['members'], ttlMs: 60_000, max: 10 });
    let reads = 0;
    await offline.get('a', async () => ++reads);
    await offline.get('a', async () => ++reads);
    expect(reads).toBe(2);

    const feed = handFeed();
    const byMember = createReadCache<string>(feed, {
      tables: ['sessions'],
      ttlMs: 60_000,
      max: 10,
      groupOf: (key) => key.split(':')[0] ?? key,
    });
    await byMember.get('m1:t1', async () => 'one');
    await byMember.get('m1:t2', async () => 'two');
    await byMember.get('m2:t3', async () => 'three');
    feed.local('sessions', ['m1']);
    expect(await byMember.get('m1:t1', async () => 'ONE')).toBe('ONE');
    expect(await byMember.get('m1:t2', async () => 'TWO')).toBe('TWO');
    expect(await byMember.get('m2:t3', async () => 'THREE')).toBe('three');
  });

  it('parses notification payloads', () => {
    expect(parseChange('members:1,22')).toEqual({ table: 'members', changed: ['1', '22'] });
    expect(parseChange('settings:*')).toEqual({ table: 'settings', changed: 'all' });
    expect(parseChange('balances@ab12:5')).toEqual({ table: 'balances', changed: ['5'], origin: 'ab12' });
    expect(parseChange('nonsense')).toBeUndefined();
  });
});

describe('change feed on PostgreSQL', () => {
  let t: TestApp;
  let feed: ChangeFeed;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    feed = startChangeFeed(poolOf(t.db).options);
    for (const table of ['members', 'sessions', 'settings', 'balances'])
      feed.on(table, (c) => heard.push(`${table}:${c === 'all' ? '*' : c.join(',')}`));
    await until(() => feed.live);
  });
  afterAll(async () => {
    await feed.close();
    await t.close();
  });

  it('hears a committed change of a cached column, not a rolled back one or bookkeeping', async () => {
    const root = await t.db.selectFrom('members').select('id').executeTakeFirstOrThrow();
    heard.length = 0;
    await t.db.updateTable('members').set({ updated_at: new Date() }).where('id', '=', root.id).execute();
    await t.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('members').set({ name: 'Rolled back' }).where('id', '=', root.id).execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.updateTable('members').set({ name: 'Company Ltd' }).where('id', '=', root.id).execute();
    await until(() => heard.length > 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([`members:${root.id}`]);
  });

  it('says everything changed when its connection is lost, and serves again once it is back', async () => {
    heard.length = 0;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%'`.execute(t.db);
    await until(() => !feed.live);
    expect(heard).toContain('members:*');
    await until(() => feed.live);
    heard.length = 0;
    await sql`insert into settings (key, value) values ('probe', '1'::jsonb)`.execute(t.db);
    await until(() => heard.includes('settings:*'));
  });
});
