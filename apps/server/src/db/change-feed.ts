import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What a change names: some rows of a table by id, or all of them. */
export type Changed = string[] | 'all';
type Listener = (changed: Changed) => void;

/**
 * Tells this server about committed changes to the rows its read caches keep, from every server: the triggers of
 * migration 0010 send `pg_notify('mp_changes', '<table>:<ids>|*')`, delivered at commit to each listening connection.
 *
 * A cache may serve only while the feed is `live` (its LISTEN connection is up: nothing can be missed), and may keep
 * what it read only when `version` did not move while it read (a change heard meanwhile may be newer than the read).
 * Losing the connection, or getting it back, tells every table 'all'.
 */
export type ChangeFeed = {
  /** Names this server in the changes it sends itself, so that it does not hear them twice. */
  readonly origin: string;
  readonly live: boolean;
  readonly version: number;
  on: (table: string, listener: Listener) => void;
  /** Tells this server's own listeners at once (the writer need not wait for its own notification). */
  local: (table: string, changed: Changed) => void;
  close: () => Promise<void>;
};

export const CHANGES_CHANNEL = 'mp_changes';

const feeds = new WeakMap<object, ChangeFeed>();

/** The feed of the server that uses this database handle (set by buildApp). */
export function useFeedFor(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/**
 * A writer tells its own server at once, after its change committed, so that the member's next call on this server
 * reads it back (the notification may arrive a moment after the writer's own answer). Other servers hear the
 * notification.
 */
export function noteChanged(db: object, table: string, ids: Changed): void {
  feeds.get(db)?.local(table, ids);
}

/** The feed of the server using this database handle (an offline one, which keeps nothing, when it has none). */
export function feedOf(db: object): ChangeFeed {
  return feeds.get(db) ?? offlineFeed();
}

/** The origin tag of the server using this database handle ('' when it has no feed). */
export function originOf(db: object): string {
  return feeds.get(db)?.origin ?? '';
}

/** `<table>:<ids>|*`, or `<table>@<origin>:...` when a server sent it (it heard its own change already). */
export function parseChange(
  payload: string,
): { table: string; changed: Changed; origin?: string } | undefined {
  const colon = payload.indexOf(':');
  if (colon <= 0) return undefined;
  const rest = payload.slice(colon + 1);
  const [table = '', origin] = payload.slice(0, colon).split('@');
  return {
    table,
    changed: rest === '*' ? 'all' : rest.split(',').filter(Boolean),
    ...(origin ? { origin } : {}),
  };
}

/** A feed that is never live: caches built on it always read through (tests of the uncached path, tools). */
export function offlineFeed(): ChangeFeed {
  return { origin: '', live: false, version: 0, on: () => {}, local: () => {}, close: async () => {} };
}

export function startChangeFeed(
  connection: pg.ClientConfig,
  log: (msg: string) => void = () => {},
): ChangeFeed {
  const listeners = new Map<string, Listener[]>();
  const origin = randomBytes(6).toString('hex');
  let live = false;
  let version = 0;
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = 200;
  let timer: NodeJS.Timeout | undefined;

  const tell = (table: string, changed: Changed) => {
    version++;
    for (const l of listeners.get(table) ?? []) l(changed);
  };
  const tellAll = () => {
    version++;
    for (const ls of listeners.values()) for (const l of ls) l('all');
  };

  const down = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    if (live) log('change feed: connection lost; read caches off until it is back');
    live = false;
    tellAll();
    c.end().catch(() => {});
    if (!closed) {
      timer = setTimeout(connect, retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, 5_000);
    }
  };

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ ...connection, connectionTimeoutMillis: 5_000 });
    client = c;
    c.on('error', () => down(c));
    c.on('end', () => down(c));
    c.on('notification', (msg) => {
      const change = msg.payload ? parseChange(msg.payload) : undefined;
      if (change && change.origin !== origin) tell(change.table, change.changed);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client !== c || closed) return;
      // Anything may have changed while no one listened.
      tellAll();
      live = true;
      retryMs = 200;
    } catch {
      down(c);
    }
  }
  void connect();

  return {
    origin,
    get live() {
      return live;
    },
    get version() {
      return version;
    },
    on(table, listener) {
      listeners.set(table, [...(listeners.get(table) ?? []), listener]);
    },
    local: tell,
    async close() {
      closed = true;
      live = false;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
