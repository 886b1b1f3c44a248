import type { Selectable } from 'kysely';
import type { Conn, Db, Tx } from '../../db/database.ts';
import type { CopyInvestmentsTable, LeadTradersTable } from '../../db/schema-copy.ts';
import { Refusal } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { TradingAccounts } from '../trading/index.ts';
import type { MarketData } from '../../adapters/exchange/markets.ts';
import { poolState, type PoolState } from './pool.ts';

/** What the copy engine's use cases run on (each takes it as its first argument). */
export type CopyDeps = { db: Db; clock: Clock; data: MarketData; trading: TradingAccounts; ledger: Ledger };
export type Trader = Selectable<LeadTradersTable>;
export type Investment = Selectable<CopyInvestmentsTable>;

export const USDT = 'USDT' as const;
export const DAY_MS = 86_400_000;

/** Locks the trader's row: every change to a pool's units and cash is made under it. */
export async function lockTrader(tx: Tx, id: string): Promise<Trader> {
  const t = await tx
    .selectFrom('lead_traders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!t) throw new Refusal(404, 'copy_trader_unavailable');
  return t;
}

/** The investment (with the terms it was made on), locked: always after its trader's row. */
export function lockInvestment(tx: Tx, id: string): Promise<Investment> {
  return tx
    .selectFrom('copy_investments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The trader's pool at the last prices (empty before its accounts exist). */
export async function stateOf(
  d: CopyDeps,
  conn: Conn,
  t: Pick<Trader, 'pool_account_id' | 'units'>,
): Promise<PoolState> {
  if (!t.pool_account_id) return { equity: 0n, units: 0n, free: 0n };
  return poolState(conn, d.data, t.pool_account_id, BigInt(t.units));
}
