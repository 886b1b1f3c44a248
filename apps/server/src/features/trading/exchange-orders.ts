import type { Selectable } from 'kysely';
import type { CcxtGateway } from '../../adapters/exchange/ccxt.ts';
import type { GatewayOrder, OrderRequest } from '../../adapters/exchange/gateway.ts';
import { orderOf, requestHash } from '../../adapters/exchange/paper.ts';
import { parseDecimal, UNIT_DECIMALS } from '../../adapters/exchange/paper-math.ts';
import type { Db } from '../../db/database.ts';
import type { TradeOrdersTable } from '../../db/schema-trading.ts';
import { fieldRefusal, Refusal } from '../../lib/errors.ts';
import { MARKET_BY_SYMBOL } from './markets.ts';
// The orders' rows have one writer, in the exchange adapter.
import {
  claimUnanswered,
  deleteOrder,
  insertSendingOrder,
  updateOrder,
} from '../../adapters/exchange/order-store.ts';
import { orderByKey, orderToCancel } from './queries.ts';

type OrderRow = Selectable<TradeOrdersTable>;

/** Errors after which an order may or may not stand on the exchange (the call was not answered). */
const UNANSWERED = new Set(['exchange_unavailable']);

/**
 * An order on a member's exchange account: kept first as our row (so a retry with the same key finds it), then
 * sent with our id as the client order id; a refusal from the exchange removes the row again (nothing happened).
 */
export async function exchangeOrder(
  db: Db,
  accountId: string,
  memberId: string,
  gateway: CcxtGateway,
  r: OrderRequest,
): Promise<GatewayOrder> {
  const def = MARKET_BY_SYMBOL.get(r.symbol)!;
  const amount = checkedAmount(r);
  const hash = requestHash(r, accountId);
  const row = await insertSendingOrder(db, {
    account_id: accountId,
    member_id: memberId,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    amount: amount.toString(),
    limit_price: r.type === 'limit' ? r.price! : null,
    fee_asset: def.quote,
    market: r.market ?? 'spot',
    leverage: r.market === 'perp' ? (r.leverage ?? 1) : 1,
    state: 'open',
    reason: 'sending',
    idempotency_key: r.idempotencyKey,
    request_hash: hash,
  });
  const retry = row ? undefined : await retryOf(db, gateway, memberId, r.idempotencyKey, hash);
  if (retry && 'answer' in retry) return retry.answer;
  const sending = row ?? retry!.sending;
  const sent = await send(db, gateway, r, sending, row !== undefined);
  const filled = parseDecimal(sent.filled || '0', UNIT_DECIMALS);
  const fee = parseDecimal(sent.fee || '0', UNIT_DECIMALS);
  const updated = await updateOrder(db, sending.id, {
    exchange_order_id: sent.id,
    state: sent.state,
    reason: '',
    filled: (typeof filled === 'bigint' ? (filled > amount ? amount : filled) : 0n).toString(),
    avg_price: sent.avgPrice || null,
    fee: (typeof fee === 'bigint' ? fee : 0n).toString(),
    fee_asset: sent.feeAsset || def.quote,
    updated_at: new Date(),
  });
  return orderOf(updated);
}

/** The order's amount in units; a limit order needs a price that is a number. */
function checkedAmount(r: OrderRequest): bigint {
  const amount = parseDecimal(r.amount, UNIT_DECIMALS);
  if (typeof amount !== 'bigint' || amount <= 0n) throw fieldRefusal(422, 'amount', 'order_number_invalid');
  if (r.type === 'limit') {
    if (!r.price) throw fieldRefusal(422, 'price', 'order_price_required');
    if (typeof parseDecimal(r.price, 12) !== 'bigint')
      throw fieldRefusal(422, 'price', 'order_number_invalid');
  }
  return amount;
}

/** A key used before: the first order's answer, or its row when this retry is the one to send it again. */
async function retryOf(
  db: Db,
  gateway: CcxtGateway,
  memberId: string,
  key: string,
  hash: string,
): Promise<{ answer: GatewayOrder } | { sending: OrderRow }> {
  const first = await orderByKey(db, memberId, key);
  // The insert met this key's row, so it is there: its absence is a fault (an unexpected error, as always).
  if (!first) throw new Error(`no trade order under the key ${key}`);
  if (first.request_hash !== hash) throw fieldRefusal(409, 'idempotency_key', 'idempotency_conflict');
  if (first.reason !== 'sending' || first.exchange_order_id) return { answer: orderOf(first) };
  // Sent before without an answer (a timeout): once that call is surely over, one retry claims the row and looks
  // the order up on the exchange before it sends it again; a retry while the first call may still run waits.
  const claimed = await claimUnanswered(db, first.id, new Date(Date.now() - gateway.timeoutMs));
  return claimed ? { sending: claimed } : { answer: orderOf(first) };
}

/** Sends the order (a resent one is looked up first, by our client order id). */
async function send(
  db: Db,
  gateway: CcxtGateway,
  r: OrderRequest,
  sending: OrderRow,
  fresh: boolean,
): Promise<GatewayOrder> {
  const clientOrderId = `mp${sending.id}`;
  try {
    return (
      (fresh ? undefined : await gateway.findOrder(clientOrderId, r.symbol, r.market ?? 'spot')) ??
      (await gateway.createOrder({ ...r, clientOrderId }))
    );
  } catch (err) {
    // Refused: the exchange has no such order, and the key may be used again. Not answered: the order may stand on
    // the exchange, so the row stays 'sending' and a retry with the same key looks it up first.
    if (!(err instanceof Refusal && UNANSWERED.has(err.key))) await deleteOrder(db, sending.id);
    throw err;
  }
}

/** Cancels an open order on the member's exchange and records what it became (with what filled before). */
export async function exchangeCancel(
  db: Db,
  gateway: CcxtGateway,
  row: { id: string; state: string; exchange_order_id: string | null; symbol: string; amount: string },
): Promise<GatewayOrder> {
  if (row.state !== 'open' || !row.exchange_order_id) throw fieldRefusal(409, 'order_id', 'order_not_open');
  const done = await gateway.cancelOrder(row.exchange_order_id, row.symbol);
  const filled = parseDecimal(done.filled || '0', UNIT_DECIMALS);
  const fee = parseDecimal(done.fee || '0', UNIT_DECIMALS);
  const amount = BigInt(row.amount);
  const updated = await updateOrder(db, row.id, {
    state: done.state === 'open' ? 'cancelled' : done.state,
    // What the exchange's answer to a cancel leaves out stays as it was.
    filled: typeof filled === 'bigint' ? (filled > amount ? amount : filled).toString() : undefined,
    avg_price: done.avgPrice || undefined,
    fee: typeof fee === 'bigint' && fee > 0n ? fee.toString() : undefined,
    updated_at: new Date(),
  });
  return orderOf(updated);
}

/** The same by our order id (a bot's limit order left open). */
export async function exchangeCancelById(
  db: Db,
  gateway: CcxtGateway,
  orderId: string,
): Promise<GatewayOrder> {
  return exchangeCancel(db, gateway, await orderToCancel(db, orderId));
}
