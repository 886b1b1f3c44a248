import type { closeOrder, openOrders, ParsedRequestOf, ResponseOf, saveOrder } from '@mp/contract';
import { fieldRefusal, numericId } from '../../lib/errors.ts';
import type { TradingContext } from './accounts.ts';
import { exchangeCancel, exchangeOrder } from './exchange-orders.ts';
import { marketOf } from './filters.ts';
import { paperAccountName } from './markets.ts';
import { ordersByExchangeId, ownOrderWithAccount } from './queries.ts';
import { cachedOpenOrders } from './read-caches.ts';
import { wireOrder } from './views.ts';

/** Places an order on a paper account (the paper book) or on the member's exchange. */
export async function placeOrder(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof saveOrder>,
): Promise<ResponseOf<typeof saveOrder>> {
  const account = await d.accounts.resolve(memberId, input.account);
  const request = {
    symbol: marketOf(input.symbol).symbol,
    side: input.side,
    type: input.type,
    amount: input.amount,
    price: input.type === 'limit' ? input.price : undefined,
    market: input.market ?? 'spot',
    leverage: input.market === 'perp' ? input.leverage : 1,
    idempotencyKey: input.idempotency_key,
  };
  const order =
    account.kind === 'paper'
      ? await account.gateway.createOrder(request)
      : await exchangeOrder(d.db, account.id, memberId, account.gateway, request);
  const wire = wireOrder(order, input.account);
  return {
    order_id: order.id,
    state: order.state,
    filled: order.filled,
    avg_price: order.avgPrice,
    order: wire,
  };
}

/** Cancels one of the member's open orders, on whichever account it stands. */
export async function cancelOrder(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof closeOrder>,
): Promise<ResponseOf<typeof closeOrder>> {
  const id = numericId(input.order_id, fieldRefusal(404, 'order_id', 'order_not_found'));
  const row = await ownOrderWithAccount(d.db, id, memberId);
  if (!row) throw fieldRefusal(404, 'order_id', 'order_not_found');
  const name = row.kind === 'paper' ? paperAccountName(row.venue) : row.account_id;
  const account = await d.accounts.resolve(memberId, name);
  if (account.kind === 'paper') {
    const order = await account.gateway.cancelOrder(id);
    return { order: wireOrder(order, name) };
  }
  const updated = await exchangeCancel(d.db, account.gateway, row);
  return { order: wireOrder(updated, name) };
}

/** The account's open orders; an exchange's carry our order id (empty for orders placed elsewhere). */
export async function listOpenOrders(
  d: TradingContext,
  memberId: string,
  input: ParsedRequestOf<typeof openOrders>,
): Promise<ResponseOf<typeof openOrders>> {
  const account = await d.accounts.resolve(memberId, input.account);
  const symbol = input.symbol ? marketOf(input.symbol).symbol : undefined;
  if (account.kind === 'paper') {
    // From memory while nothing of the member's paper accounts changed (read-caches.ts).
    const gateway = account.gateway;
    return cachedOpenOrders(d.db, memberId, { account: input.account, symbol }, async () => ({
      list: (await gateway.openOrders(symbol)).map((o) => wireOrder(o, input.account)),
    }));
  }
  const open = await account.gateway.openOrders(symbol);
  const ours = await ordersByExchangeId(
    d.db,
    account.id,
    open.map((o) => o.id),
  );
  return {
    list: open.map((o) =>
      wireOrder({ ...o, id: ours.find((r) => r.exchange_order_id === o.id)?.id ?? '' }, input.account),
    ),
  };
}
