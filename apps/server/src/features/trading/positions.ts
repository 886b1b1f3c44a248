import type { closePosition, ParsedRequestOf, positions, ResponseOf } from '@mp/contract';
import { orderOf } from '../../adapters/exchange/paper.ts';
import { fieldRefusal } from '../../lib/errors.ts';
import type { TradingContext } from './accounts.ts';
import { exchangeOrder } from './exchange-orders.ts';
import { marketOf } from './filters.ts';
import { orderByKey } from './queries.ts';
import { wireOrder } from './views.ts';

export async function listPositions(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof positions>,
): Promise<ResponseOf<typeof positions>> {
  const account = await d.accounts.resolve(memberId, input.account);
  const list = await account.gateway.positions();
  return {
    list: list.map((p) => ({
      symbol: p.symbol,
      side: p.side,
      contracts: p.contracts,
      entry_price: p.entryPrice,
      mark_price: p.markPrice,
      liquidation_price: p.liquidationPrice,
      margin: p.margin,
      leverage: p.leverage,
      unrealized_pnl: p.unrealizedPnl,
      roe_percent: p.roePercent,
      funding: p.funding,
      opened_at: p.openedAt.toISOString(),
    })),
  };
}

/**
 * Closes the account's perpetual position on a market at market. On an exchange the close is an order under the
 * member's key: a retry answers with the first close instead of looking for a position that is gone.
 */
export async function closePositionNow(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof closePosition>,
): Promise<ResponseOf<typeof closePosition>> {
  const account = await d.accounts.resolve(memberId, input.account);
  const symbol = marketOf(input.symbol).symbol;
  if (account.kind === 'paper') {
    const order = await account.gateway.closePosition(symbol, input.idempotency_key);
    return { order: wireOrder(order, input.account) };
  }
  const first = await orderByKey(d.db, memberId, input.idempotency_key);
  const held = first ? undefined : (await account.gateway.positions()).find((p) => p.symbol === symbol);
  if (!first && !held) throw fieldRefusal(409, 'symbol', 'position_none', { symbol });
  const order = first
    ? orderOf(first)
    : await exchangeOrder(d.db, account.id, memberId, account.gateway, {
        symbol,
        side: held!.side === 'long' ? 'sell' : 'buy',
        type: 'market',
        amount: held!.contracts,
        market: 'perp',
        leverage: held!.leverage,
        reduceOnly: true,
        idempotencyKey: input.idempotency_key,
      });
  return { order: wireOrder(order, input.account) };
}
