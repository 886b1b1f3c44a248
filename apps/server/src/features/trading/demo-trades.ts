import type { Db } from '../../db/database.ts';
import type { TradingAccounts } from './accounts.ts';

/**
 * Demo data for trading: alice and bob have traded on their demo accounts, so the records, order history, results
 * and open orders show something on a first `npm start`. A member who has traded already gets nothing more, so a restart places nothing twice.
 */
const ORDERS = [
  { symbol: 'BTC/USDT', side: 'buy', amount: '0.03' },
  { symbol: 'ETH/USDT', side: 'buy', amount: '0.5' },
  { symbol: 'BTC/USDT', side: 'sell', amount: '0.01' },
  { symbol: 'SOL/USDT', side: 'buy', amount: '5' },
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
    if (traded) continue;
    for (const [i, o] of ORDERS.entries())
      await account.gateway.createOrder({ ...o, type: 'market', idempotencyKey: `demo-trade-${i}` });
    // One order waiting below the market, for the open-orders list.
    const last = Number((await account.gateway.ticker('ETH/USDT')).last);
    await account.gateway.createOrder({
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      amount: '0.2',
      price: (last * 0.95).toFixed(2),
      idempotencyKey: 'demo-trade-limit',
    });
  }
}
