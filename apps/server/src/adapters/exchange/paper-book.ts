import { CompiledQuery, sql } from 'kysely';
import { type Conn, type Db, poolOf, type Tx } from '../../db/database.ts';
import { type BalanceRow, KeyUsed, type PositionRow } from './paper-common.ts';

/**
 * The paper book: the one module that writes `paper_balances` (directly, or through `paper_place` of migration
 * 0014, which stores an order with the balances it moved). Everything else that changes a paper account's
 * balances (the paper exchange's orders, fills and resets, a new account's starting balance, the cash a copy
 * pool takes in and pays out) asks it, passing its transaction; the locks are the callers' as before.
 */

const toRow = (r: { asset: string; free: string; used: string; cost: string }): BalanceRow => ({
  asset: r.asset,
  free: BigInt(r.free),
  used: BigInt(r.used),
  cost: BigInt(r.cost),
});

/**
 * Locks every balance row of the account, in one order (so an account's orders, fills and resets go one at a time
 * and never deadlock), first making rows for the `assets` it lacks.
 */
export async function lockBalances(
  tx: Tx,
  accountId: string,
  assets: string[],
): Promise<Map<string, BalanceRow>> {
  const read = () =>
    tx
      .selectFrom('paper_balances')
      .select(['asset', 'free', 'used', 'cost'])
      .where('account_id', '=', accountId)
      .orderBy('asset')
      .forUpdate()
      .execute();
  let rows = await read();
  if (assets.some((a) => !rows.some((r) => r.asset === a))) {
    await tx
      .insertInto('paper_balances')
      .values(assets.map((asset) => ({ account_id: accountId, asset })))
      .onConflict((oc) => oc.columns(['account_id', 'asset']).doNothing())
      .execute();
    rows = await read();
  }
  return new Map(rows.map((r) => [r.asset, toRow(r)]));
}

/**
 * The account's balances as last committed, unlocked (the fast path of an order; `paper_place` checks them), and
 * its open positions (for the account's value after a fill), in one round trip.
 */
export async function readBalances(
  db: Db,
  accountId: string,
): Promise<{ balances: Map<string, BalanceRow>; positions: PositionRow[] }> {
  const res = await poolOf(db).query<{
    asset: string;
    free: string;
    used: string;
    cost: string;
    positions: PositionRow[] | null;
  }>({
    name: 'paper_balances_read_2',
    text: `SELECT asset, free, used, cost,
      (SELECT json_agg(json_build_object('symbol', p.symbol, 'side', p.side, 'contracts', p.contracts::text,
        'entry_price', p.entry_price::text, 'margin', p.margin::text)) FROM paper_positions p
       WHERE p.account_id = $1) AS positions
      FROM paper_balances WHERE account_id = $1`,
    values: [accountId],
  });
  return {
    balances: new Map(res.rows.map((r) => [r.asset, toRow(r)])),
    positions: res.rows[0]?.positions ?? [],
  };
}

/** Stores the balance rows an order, fill or funding changed (locked by `lockBalances` in the same `tx`). */
export async function saveBalances(tx: Tx, accountId: string, rows: BalanceRow[]) {
  await sql`
    UPDATE paper_balances b SET free = x.free, used = x.used, cost = x.cost
    FROM unnest(${rows.map((r) => r.asset)}::text[], ${rows.map((r) => r.free.toString())}::bigint[],
      ${rows.map((r) => r.used.toString())}::bigint[], ${rows.map((r) => r.cost.toString())}::bigint[]) AS x(asset, free, used, cost)
    WHERE b.account_id = ${accountId} AND b.asset = x.asset`.execute(tx);
}

const PLACE_SQL = `SELECT outcome, order_id FROM paper_place($1, $2, $3, $4, $5, $6::text[], $7::bigint[],
  $8::bigint[], $9::bigint[], $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::text[], $22::bigint[],
  $23::bigint[], $24::bigint[], $25, $26)`;
type PlaceRow = { outcome: 'placed' | 'existing' | 'moved'; order_id: string | null };

/**
 * Runs `paper_place`: the order's id once placed; undefined when the balances moved since they were read. Throws
 * KeyUsed when the key was used before. On the pool as a named statement (planned once per connection), or inside
 * the caller's transaction.
 */
export async function callPlace(on: Db | Tx, params: unknown[]): Promise<string | undefined> {
  const rows = on.isTransaction
    ? (await on.executeQuery<PlaceRow>(CompiledQuery.raw(PLACE_SQL, params))).rows
    : (await poolOf(on as Db).query<PlaceRow>({ name: 'paper_place', text: PLACE_SQL, values: params })).rows;
  const r = rows[0];
  if (r?.outcome === 'placed' && r.order_id) return r.order_id;
  if (r?.outcome === 'existing') throw new KeyUsed();
  if (r?.outcome === 'moved') return undefined;
  throw new Error(`paper_place answered ${JSON.stringify(r)}`);
}

/** A new paper account's first balance: `amount` of `asset` free (inside the transaction that made the account). */
export async function openBalance(tx: Tx, accountId: string, asset: string, amount: bigint): Promise<void> {
  await tx
    .insertInto('paper_balances')
    .values({ account_id: accountId, asset, free: amount.toString() })
    .execute();
}

/** Every balance of the account gone and `amount` of `asset` free again (a reset, inside its transaction). */
export async function resetBalances(tx: Tx, accountId: string, asset: string, amount: bigint): Promise<void> {
  await tx.deleteFrom('paper_balances').where('account_id', '=', accountId).execute();
  await openBalance(tx, accountId, asset, amount);
}

/**
 * Adds (or takes, with a negative `delta`) to the free balance of an asset the account has, in one statement, so
 * it needs no lock of the caller's (a copy pool's cash in and out).
 */
export async function addFree(conn: Conn, accountId: string, asset: string, delta: bigint): Promise<void> {
  await conn
    .updateTable('paper_balances')
    .set({ free: sql`free + ${delta.toString()}::numeric` })
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .execute();
}

/** The account's balances, by asset, as last committed (none locked). */
export async function balanceRows(
  conn: Conn,
  accountId: string,
): Promise<{ asset: string; free: bigint; used: bigint }[]> {
  const rows = await conn
    .selectFrom('paper_balances')
    .select(['asset', 'free', 'used'])
    .where('account_id', '=', accountId)
    .orderBy('asset')
    .execute();
  return rows.map((r) => ({ asset: r.asset, free: BigInt(r.free), used: BigInt(r.used) }));
}

/** One asset's balance of the account (zero when it has no row). */
export async function balanceOf(
  conn: Conn,
  accountId: string,
  asset: string,
): Promise<{ free: bigint; used: bigint }> {
  const row = await conn
    .selectFrom('paper_balances')
    .select(['free', 'used'])
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return { free: BigInt(row?.free ?? 0), used: BigInt(row?.used ?? 0) };
}

/** The account's free holdings of every asset but `quote` (what a sale of everything would take). */
export async function freeHoldings(
  conn: Conn,
  accountId: string,
  quote: string,
): Promise<{ asset: string; free: bigint }[]> {
  const rows = await conn
    .selectFrom('paper_balances')
    .select(['asset', 'free'])
    .where('account_id', '=', accountId)
    .where('asset', '!=', quote)
    .where('free', '>', '0')
    .execute();
  return rows.map((r) => ({ asset: r.asset, free: BigInt(r.free) }));
}
