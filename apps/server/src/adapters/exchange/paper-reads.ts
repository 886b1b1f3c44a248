import type { Conn } from '../../db/database.ts';
import type { GatewayBalance, GatewayFill, GatewayOrder, GatewayPosition } from './gateway.ts';
import type { MarketDef, TickerRow } from './markets.ts';
import { balanceRows } from './paper-book.ts';
import {
  equityFrom,
  freshTicker,
  heldOf,
  marketOf,
  type PaperCtx,
  type PositionRow,
  priceInt,
  priceStr,
  unitsOf,
} from './paper-common.ts';
import { formatUnits, parseDecimal, takerPrice } from './paper-math.ts';
import { orderOf } from './paper-orders.ts';
import { readPositions } from './paper-positions.ts';
import { unrealized } from './perp-math.ts';

/**
 * What the paper exchange answers without changing anything: an account's value, its balances, open orders, fills
 * and positions, and a market's order book (made from the spread, as there is no one else on this exchange).
 */

/** The account's value in `quote` at the last prices (see equityFrom), from its committed balances and positions. */
export async function equityOf(
  conn: Conn,
  accountId: string,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
): Promise<bigint> {
  const [rows, positions] = await Promise.all([balanceRows(conn, accountId), readPositions(conn, accountId)]);
  return equityFrom(rows, quote, tickers, markets, positions);
}

/** A book made from the spread: `depth` levels a spread apart, each deeper than the last. */
export async function orderBook(ctx: PaperCtx, symbol: string, depth: number) {
  const def = marketOf(ctx, symbol);
  const t = await freshTicker(ctx, symbol);
  const last = priceInt(t.last, def);
  const min = unitsOf(def, parseDecimal(def.minAmount, def.amountDecimals) as bigint);
  const bids: [string, string][] = [];
  const asks: [string, string][] = [];
  for (let i = 1; i <= depth; i++) {
    const level = { ...ctx.fees, spreadBps: ctx.fees.spreadBps * i, slippageBps: 0 };
    const size = formatUnits(min * 1000n * BigInt(i));
    asks.push([priceStr(takerPrice('buy', last, 0n, def.priceDecimals, level), def), size]);
    bids.push([priceStr(takerPrice('sell', last, 0n, def.priceDecimals, level), def), size]);
  }
  return { bids, asks };
}

/** Balances as the account shows them: the quote always, other assets while it holds some. */
function visibleBalances(
  rows: { asset: string; free: bigint; used: bigint }[],
  quote: string,
): GatewayBalance[] {
  return rows
    .filter((r) => r.asset === quote || r.free + r.used > 0n)
    .map((r) => ({ asset: r.asset, free: formatUnits(r.free), used: formatUnits(r.used) }));
}

/** The account's balances. */
export async function balancesView(ctx: PaperCtx): Promise<GatewayBalance[]> {
  return visibleBalances(await balanceRows(ctx.d.db, ctx.account.id), ctx.account.quote);
}

/** The balances (as balancesView) and the value (as equityOf) of an account from one read of each table. */
export async function balancesAndEquity(
  conn: Conn,
  accountId: string,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
): Promise<{ balances: GatewayBalance[]; equity: bigint }> {
  const [rows, positions] = await Promise.all([balanceRows(conn, accountId), readPositions(conn, accountId)]);
  return balancesAndEquityOf(rows, positions, quote, tickers, markets);
}

/** The same from rows already read (a read cache's), at these prices. */
export function balancesAndEquityOf(
  rows: { asset: string; free: bigint; used: bigint }[],
  positions: PositionRow[],
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
): { balances: GatewayBalance[]; equity: bigint } {
  return {
    balances: visibleBalances(rows, quote),
    equity: equityFrom(rows, quote, tickers, markets, positions),
  };
}

export async function openOrders(ctx: PaperCtx, symbol?: string): Promise<GatewayOrder[]> {
  const rows = await ctx.d.db
    .selectFrom('trade_orders')
    .selectAll()
    .where('account_id', '=', ctx.account.id)
    .where('state', '=', 'open')
    .$if(symbol !== undefined, (q) => q.where('symbol', '=', symbol!))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(orderOf);
}

export async function myTrades(
  ctx: PaperCtx,
  symbol: string | undefined,
  limit: number,
): Promise<GatewayFill[]> {
  const rows = await ctx.d.db
    .selectFrom('trade_fills')
    .selectAll()
    .where('account_id', '=', ctx.account.id)
    .$if(symbol !== undefined, (q) => q.where('symbol', '=', symbol!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((f) => ({
    orderId: f.order_id,
    symbol: f.symbol,
    market: f.market,
    reason: f.reason,
    side: f.side,
    amount: formatUnits(f.amount),
    price: f.price,
    fee: formatUnits(f.fee),
    feeAsset: f.fee_asset,
    pnl: f.pnl === null ? '' : formatUnits(f.pnl),
    at: f.at,
  }));
}

/** Open perpetual positions, valued at the last prices. */
export async function positionsView(ctx: PaperCtx): Promise<GatewayPosition[]> {
  const [rows, tickers] = await Promise.all([readPositions(ctx.d.db, ctx.account.id), ctx.d.data.tickers()]);
  return rows.flatMap((row) => {
    const def = ctx.d.markets.get(row.symbol);
    if (!def) return [];
    const held = heldOf(row, def);
    const t = tickers.find((x) => x.symbol === row.symbol);
    const mark = t ? priceInt(t.last, def) : held.entry;
    const u = unrealized(held, mark, def.priceDecimals);
    return [
      {
        symbol: row.symbol,
        side: row.side,
        contracts: formatUnits(row.contracts),
        entryPrice: row.entry_price,
        markPrice: priceStr(mark, def),
        liquidationPrice: row.liquidation_price,
        margin: formatUnits(row.margin),
        leverage: row.leverage,
        unrealizedPnl: formatUnits(u.pnl),
        roePercent: u.roe,
        funding: formatUnits(row.funding),
        openedAt: row.opened_at,
      },
    ];
  });
}
