import type { openOrders, ResponseOf, tradingAccounts } from '@mp/contract';
import { PAPER_CHANGES } from '../../adapters/exchange/paper.ts';
import type { PositionRow } from '../../adapters/exchange/paper-common.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/database.ts';
import { createReadCache, type ReadCache } from '../../db/read-cache.ts';
import { shareAnswer } from '../../platform/shared-answers.ts';

/**
 * The market screen's reads of a member's trading accounts, kept in memory (issue 32): the list of accounts
 * (`Online/accounts`), a paper account's rows behind its balances (`Trade/demobalance`) and its open orders
 * (`Online/openorders`). Every entry belongs to its member, and any change of the member's accounts drops them all:
 * - `trading_accounts` rows (made, connected, disconnected, reset) tell every server at commit (migration 0045's
 *   trigger, by member);
 * - a paper account's balances, positions and orders move on every order, fill and funding: the paper exchange tells
 *   this server at once when the change has committed and the others within milliseconds (PAPER_CHANGES, sent by
 *   db/published-changes.ts outside the order's transaction). A server that stops between a commit and that notice
 *   leaves the others showing the old figures for at most TTL_MS.
 * What an order may spend is never read from here: the paper exchange locks and checks the balances.
 */
const TTL_MS = 5_000;

/** Keys are `<member id>:<what>`: the member's id groups them. */
const memberOf = (key: string) => key.slice(0, key.indexOf(':'));

/** A paper account's rows behind `Trade/demobalance`: valued at the prices of each call. */
export type PaperRows = {
  balances: { asset: string; free: bigint; used: bigint }[];
  positions: PositionRow[];
  start_balance: string;
  resets: number;
};
type AccountsList = ResponseOf<typeof tradingAccounts>;
type OpenOrdersList = ResponseOf<typeof openOrders>;

type Caches = {
  accounts: ReadCache<AccountsList>;
  paperRows: ReadCache<PaperRows>;
  openOrders: ReadCache<OpenOrdersList>;
};
const caches = new WeakMap<Db, Caches>();

/** Keeps the trading reads of this database in memory from now on (app.ts, with the server's change feed). */
export function cacheTradingReads(db: Db, feed: ChangeFeed): void {
  const opts = { ttlMs: TTL_MS, max: 100_000, groupOf: memberOf };
  const paper = { ...opts, tables: ['trading_accounts', PAPER_CHANGES] };
  caches.set(db, {
    accounts: createReadCache(feed, { ...opts, tables: ['trading_accounts'] }),
    paperRows: createReadCache(feed, paper),
    openOrders: createReadCache(feed, paper),
  });
}

/**
 * The member's accounts list as `read` makes it, from memory when this server keeps it: a shared answer
 * (platform/shared-answers.ts), not to be changed.
 */
export function cachedAccountsList(db: Db, memberId: string, read: () => Promise<AccountsList>) {
  const cache = caches.get(db)?.accounts;
  return cache ? cache.get(`${memberId}:`, async () => shareAnswer(await read())) : read();
}

/** A paper account's rows, from memory when this server keeps them (shared: not to be changed). */
export function cachedPaperRows(db: Db, memberId: string, accountId: string, read: () => Promise<PaperRows>) {
  const cache = caches.get(db)?.paperRows;
  return cache ? cache.get(`${memberId}:${accountId}`, read) : read();
}

/**
 * A paper account's open orders as answered under this account name and market filter, from memory when this server
 * keeps them (shared: not to be changed).
 */
export function cachedOpenOrders(
  db: Db,
  memberId: string,
  view: { account: string; symbol: string | undefined },
  read: () => Promise<OpenOrdersList>,
) {
  const cache = caches.get(db)?.openOrders;
  const key = `${memberId}:${view.account}:${view.symbol ?? ''}`;
  return cache ? cache.get(key, async () => shareAnswer(await read())) : read();
}
