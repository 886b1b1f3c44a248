import type { PaperExchange } from '../../adapters/exchange/paper.ts';
import type { Db } from '../../db/database.ts';
import type { TradingAccounts } from './accounts.ts';

/**
 * Demo data for trading: alice and bob have traded on their demo accounts, so the records, order history, results
 * and open orders show something on a first `npm start`. A member who has traded already gets nothing more, so a restart places nothing twice.
 * They also hold perpetual positions (a long and a short, one partly closed); those orders are placed by their
 * idempotency keys, so a restart (or a database from before perpetuals) gets each once.
 */
const ORDERS = [
  { symbol: 'BTC/USDT', side: 'buy', amount: '0.03' },
  { symbol: 'ETH/USDT', side: 'buy', amount: '0.5' },
  { symbol: 'BTC/USDT', side: 'sell', amount: '0.01' },
  { symbol: 'SOL/USDT', side: 'buy', amount: '5' },
] as const;

const PERP_ORDERS = [
  { symbol: 'BTC/USDT', side: 'buy', amount: '0.05', leverage: 5 },
  { symbol: 'ETH/USDT', side: 'sell', amount: '1', leverage: 3 },
  { symbol: 'SOL/USDT', side: 'buy', amount: '10', leverage: 10 },
  { symbol: 'SOL/USDT', side: 'sell', amount: '4', leverage: 10 },
] as const;

export async function loadDemoTrades(db: Db, trading: TradingAccounts): Promise<void> {
  const members = await db
    .selectFrom('members')
    .select(['id', 'userid'])
    .where('userid', 'in', ['alice', 'bob'])
    .execute();
  for (const m of members) {
    const account = await trading.resolve(m.id, 'demo');
    if (account.kind !== 'paper') continue;
    const traded = await db
      .selectFrom('trade_orders')
      .select('id')
      .where('account_id', '=', account.id)
      .limit(1)
      .executeTakeFirst();
    if (!traded) await spotTrades(account.gateway);
    for (const [i, o] of PERP_ORDERS.entries())
      await account.gateway.createOrder({
        ...o,
        type: 'market',
        market: 'perp',
        idempotencyKey: `demo-perp-${i}`,
      });
  }
}

async function spotTrades(gateway: PaperExchange) {
  for (const [i, o] of ORDERS.entries())
    await gateway.createOrder({ ...o, type: 'market', idempotencyKey: `demo-trade-${i}` });
  // One order waiting below the market, for the open-orders list.
  const last = Number((await gateway.ticker('ETH/USDT')).last);
  await gateway.createOrder({
    symbol: 'ETH/USDT',
    side: 'buy',
    type: 'limit',
    amount: '0.2',
    price: (last * 0.95).toFixed(2),
    idempotencyKey: 'demo-trade-limit',
  });
}
