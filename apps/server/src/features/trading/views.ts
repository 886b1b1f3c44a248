import type { GatewayOrder } from '../../adapters/exchange/gateway.ts';
import { QUOTE } from './accounts.ts';
import type { TickerRow } from '../../adapters/exchange/markets.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';

/** A percent as the wire shows it (two decimals); what is not a number shows as 0. */
export const pct = (num: number) => (Number.isFinite(num) ? num.toFixed(2) : '0.00');

export function tickerView(t: TickerRow) {
  const def = MARKET_BY_SYMBOL.get(t.symbol);
  const last = Number(t.last);
  const open = Number(t.open_24h);
  return {
    symbol: t.symbol,
    base: def?.base ?? t.symbol.split('/')[0] ?? '',
    quote: def?.quote ?? QUOTE,
    last: t.last,
    change_24h: pct(open > 0 ? ((last - open) / open) * 100 : 0),
    high_24h: t.high_24h,
    low_24h: t.low_24h,
    volume_24h: t.volume_24h,
    simulated: t.simulated,
    at: t.at.toISOString(),
  };
}

export const wireOrder = (o: GatewayOrder, account: string) => ({
  order_id: o.id,
  account,
  symbol: o.symbol,
  market: o.market,
  leverage: o.leverage,
  side: o.side,
  type: o.type,
  amount: o.amount,
  price: o.price,
  filled: o.filled,
  avg_price: o.avgPrice,
  fee: o.fee,
  fee_asset: o.feeAsset,
  state: o.state,
  reason: o.reason,
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});
