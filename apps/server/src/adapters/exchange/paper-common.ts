import { formatAmount } from '@mp/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaperPositionsTable, TradeOrdersTable } from '../../db/schema-trading.ts';
import type { Clock } from '../../lib/clock.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import type { MarketData, MarketDef, TickerRow } from './markets.ts';
import { formatUnits, type PaperFees, parseDecimal, UNIT_DECIMALS, valueAt } from './paper-math.ts';
import { type PerpPosition, unrealized } from './perp-math.ts';

/**
 * The paper exchange's shared vocabulary (paper.ts is its front): what every step is given (the deps, the account,
 * its fees), the shapes of its rows, the conversions between a market's decimals and the exchange's units, and an
 * account's value from its balances and positions.
 */
export type PaperAccount = { id: string; memberId: string; quote: string };

export type PaperDeps = {
  db: Db;
  clock: Clock;
  data: MarketData;
  markets: Map<string, MarketDef>;
};

/** One paper gateway's binding: its deps, the account it trades on and that account's fees. */
export type PaperCtx = { d: PaperDeps; account: PaperAccount; fees: PaperFees };

export type OrderRow = Selectable<TradeOrdersTable>;
export type PositionRow = Selectable<PaperPositionsTable>;
/** An open position as the arithmetic sees it, with its market. */
export type HeldPosition = PerpPosition & { symbol: string };
export type BalanceRow = { asset: string; free: bigint; used: bigint; cost: bigint };
/** What the position arithmetic needs of a stored position. */
type PositionFields = Pick<PositionRow, 'symbol' | 'side' | 'contracts' | 'entry_price' | 'margin'>;

/** Thrown inside an order's transaction when its idempotency key was used already: nothing of it is kept. */
export class KeyUsed extends Error {}

/** An amount at the market's amount decimals in the exchange's units (1e-8). */
export const unitsOf = (def: MarketDef, amount: bigint) =>
  amount * 10n ** BigInt(UNIT_DECIMALS - def.amountDecimals);

/** A stored price (the feed writes it at the market's price decimals) in price units. */
export const priceInt = (text: string, def: MarketDef): bigint => {
  const v = parseDecimal(text, def.priceDecimals);
  if (typeof v !== 'bigint')
    throw new Error(`price ${text} of ${def.symbol} is not at ${def.priceDecimals} decimals`);
  return v;
};

export const priceStr = (v: bigint, def: MarketDef) => formatAmount(v, def.priceDecimals, def.priceDecimals);

/** The market of a symbol this exchange lists; a refusal naming the symbol otherwise. */
export function marketOf(ctx: PaperCtx, symbol: string): MarketDef {
  const def = ctx.d.markets.get(symbol);
  if (!def) throw fieldRefusal(404, 'symbol', 'market_unknown', { symbol });
  return def;
}

/** The market's last price, refused when the feed has none or it is stale. */
export async function freshTicker(ctx: PaperCtx, symbol: string): Promise<TickerRow> {
  const t = await ctx.d.data.ticker(symbol);
  if (!t || ctx.d.data.isStale(t)) throw new Refusal(409, 'market_stale');
  return t;
}

/** The refusal of an order that needs more of `b`'s asset than is free. */
export function insufficient(b: BalanceRow, needed: bigint) {
  return fieldRefusal(422, 'amount', 'order_insufficient', {
    asset: b.asset,
    available: formatUnits(b.free),
    needed: formatUnits(needed),
  });
}

export function heldOf(row: PositionFields & { leverage?: number }, def: MarketDef): HeldPosition {
  return {
    symbol: row.symbol,
    side: row.side,
    contracts: BigInt(row.contracts),
    entry: priceInt(row.entry_price, def),
    margin: BigInt(row.margin),
    leverage: row.leverage ?? 1,
  };
}

/**
 * The account's value in its quote asset at the last prices (holdings without a market count nothing): balances
 * (a position's margin is in the quote's `used`) plus the positions' unrealized profit.
 */
export function equityFrom(
  rows: Iterable<{ asset: string; free: bigint; used: bigint }>,
  quote: string,
  tickers: TickerRow[],
  markets: Map<string, MarketDef>,
  positions: PositionFields[] = [],
): bigint {
  let equity = 0n;
  for (const p of positions) {
    const def = markets.get(p.symbol);
    const t = tickers.find((x) => x.symbol === p.symbol);
    if (def && t) equity += unrealized(heldOf(p, def), priceInt(t.last, def), def.priceDecimals).pnl;
  }
  for (const r of rows) {
    const held = r.free + r.used;
    if (r.asset === quote) equity += held;
    else {
      const def = markets.get(`${r.asset}/${quote}`);
      const t = tickers.find((x) => x.symbol === `${r.asset}/${quote}`);
      if (def && t) equity += valueAt(held, priceInt(t.last, def), def.priceDecimals, 'down');
    }
  }
  return equity;
}
