import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/database.ts';
import type { GatewayOrder, OrderRequest } from './gateway.ts';
import type { MarketDef, TickerRow } from './markets.ts';
import { type BalanceRow, equityFrom, type OrderRow, type PaperCtx, priceStr } from './paper-common.ts';
import { formatUnits } from './paper-math.ts';
import { readPositions } from './paper-positions.ts';

/**
 * The paper exchange's order and fill records: an order's idempotency hash, its view at the gateway, finding a key's
 * first one, and a fill's record (`trade_fills`). The order rows are written by order-store.ts.
 */

export type FillResult = { fee: bigint; pnl: bigint | null };

export function requestHash(r: OrderRequest, account: string): string {
  const perp = r.market === 'perp' ? ['perp', r.leverage ?? 1, r.reduceOnly === true] : [];
  return createHash('sha256')
    .update(JSON.stringify([account, r.symbol, r.side, r.type, r.amount, r.price ?? '', ...perp]))
    .digest('hex')
    .slice(0, 32);
}

export function orderOf(row: OrderRow): GatewayOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    market: row.market,
    leverage: row.leverage,
    side: row.side,
    type: row.type,
    amount: formatUnits(row.amount),
    price: row.limit_price ?? '',
    filled: formatUnits(row.filled),
    avgPrice: row.avg_price ?? '',
    fee: formatUnits(row.fee),
    feeAsset: row.fee_asset,
    state: row.state,
    reason: row.reason,
    pnl: row.pnl === null ? '' : formatUnits(row.pnl),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The member's order placed with an idempotency key, if any. */
export async function orderOfKey(db: Db, memberId: string, key: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('trade_orders')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * The fill's record, with the account's value after it (from the locked balances; the positions as this
 * transaction left them).
 */
export async function recordFill(
  tx: Tx,
  ctx: PaperCtx,
  order: OrderRow,
  def: MarketDef,
  price: bigint,
  fill: FillResult,
  balances: Map<string, BalanceRow>,
  tickers: TickerRow[],
  now: Date,
  reason = '',
) {
  const positions = await readPositions(tx, ctx.account.id);
  await tx
    .insertInto('trade_fills')
    .values({
      order_id: order.id,
      account_id: ctx.account.id,
      symbol: def.symbol,
      side: order.side,
      amount: order.filled,
      price: priceStr(price, def),
      fee: fill.fee.toString(),
      fee_asset: def.quote,
      pnl: fill.pnl === null ? null : fill.pnl.toString(),
      equity_after: equityFrom(balances.values(), def.quote, tickers, ctx.d.markets, positions).toString(),
      market: order.market,
      reason,
      at: now,
    })
    .execute();
}
