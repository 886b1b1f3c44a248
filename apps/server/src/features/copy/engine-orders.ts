import type { OrderRequest } from '../../adapters/exchange/gateway.ts';
import type { MarketDef } from '../../adapters/exchange/markets.ts';
import { ceilDiv, parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import { Refusal } from '../../lib/errors.ts';
import { cachedMarketSettings, MARKET_BY_SYMBOL } from '../trading/index.ts';
import type { CopyDeps, Trader } from './engine-deps.ts';
import { amountText, poolHoldings } from './pool.ts';

async function poolGateway(d: CopyDeps, t: Trader) {
  const settings = await cachedMarketSettings(d.db);
  return d.trading.paperGateway(t.pool_account_id!, t.member_id, 'demo', settings);
}

/** Places a pool order once per key (a retry after a crash finds the first one, whatever amount it had). */
export async function placeOnce(d: CopyDeps, t: Trader, r: OrderRequest) {
  const first = await d.db
    .selectFrom('trade_orders')
    .select(['id', 'filled', 'state'])
    .where('member_id', '=', t.member_id)
    .where('idempotency_key', '=', r.idempotencyKey)
    .executeTakeFirst();
  if (first) return { id: first.id, filled: BigInt(first.filled) };
  const gw = await poolGateway(d, t);
  const order = await gw.createOrder(r);
  const row = await d.db
    .selectFrom('trade_orders')
    .select('filled')
    .where('id', '=', order.id)
    .executeTakeFirst();
  return { id: order.id, filled: BigInt(row?.filled ?? 0) };
}

/**
 * The units of a holding to sell for the fraction `num / den` (all of it when `all`): rounded up to the market's
 * step, at least the market's minimum (amount and cost, one step more for the price to move), at most what is held.
 */
function sliceUnits(def: MarketDef, held: bigint, num: bigint, den: bigint, all: boolean, last?: string) {
  const step = 10n ** BigInt(8 - def.amountDecimals);
  let units = all ? held : ceilDiv(ceilDiv(held * num, den), step) * step;
  if (!all && last) {
    const price = parseDecimal(last, def.priceDecimals);
    const minCost = parseDecimal(def.minCost, UNIT_DECIMALS);
    const minAmount = parseDecimal(def.minAmount, def.amountDecimals);
    if (
      typeof price === 'bigint' &&
      price > 0n &&
      typeof minCost === 'bigint' &&
      typeof minAmount === 'bigint'
    ) {
      const least = ceilDiv(ceilDiv(minCost * 10n ** BigInt(def.priceDecimals), price), step) * step + step;
      const leastAmount = minAmount * step;
      if (units < least) units = least;
      if (units < leastAmount) units = leastAmount;
    }
  }
  return units > held ? held : units;
}

/**
 * Sells the given fraction of each of the pool's holdings (rounded up to the market's step, at most what is
 * held), so that money leaving the pool leaves its positions in proportion. Slices below a market's minimum stay.
 */
export async function sellSlice(d: CopyDeps, t: Trader, num: bigint, den: bigint, key: string) {
  if (den <= 0n || num <= 0n) return;
  const all = num >= den;
  const [holdings, tickers] = await Promise.all([poolHoldings(d.db, t.pool_account_id!), d.data.tickers()]);
  const slices = [
    ...holdings.spot.map((h) => ({ ...h, market: 'spot' as const, side: 'sell' as const })),
    ...holdings.perp.map((h) => ({
      symbol: h.symbol,
      held: h.held,
      market: 'perp' as const,
      side: h.side === 'long' ? ('sell' as const) : ('buy' as const),
    })),
  ];
  for (const h of slices) {
    const def = MARKET_BY_SYMBOL.get(h.symbol);
    if (!def) continue;
    const last = tickers.find((x) => x.symbol === h.symbol)?.last;
    const amount = amountText(h.symbol, sliceUnits(def, h.held, num, den, all, last));
    if (!amount) continue;
    try {
      await placeOnce(d, t, {
        symbol: h.symbol,
        side: h.side,
        type: 'market',
        amount,
        market: h.market,
        ...(h.market === 'perp' ? { reduceOnly: true } : {}),
        idempotencyKey: `copy-${key}:${h.market}:${h.symbol}`,
      });
    } catch (err) {
      // A slice the market refuses (below its minimum) stays in the pool.
      if (!(err instanceof Refusal)) throw err;
    }
  }
}
