import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken } from '../../../test/money.ts';
import { createCcxtFactory } from '../../adapters/exchange/ccxt.ts';
import { createTradingAccounts, type TradingAccounts } from './accounts.ts';
import { createMarketFeed, type MarketFeed } from './feed.ts';
import { createMarketData } from './market-data.ts';

/** Perpetuals on the paper exchange: margin, profit, closing, liquidation, funding, limits, races (issue 11). */
let t: TestApp;
let feed: MarketFeed;
let trading: TradingAccounts;
beforeAll(async () => {
  t = await createTestApp();
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 1 });
  trading = createTradingAccounts({
    db: t.db,
    clock: t.clock,
    data: createMarketData(t.db, t.clock),
    secret: Buffer.alloc(32, 7),
    ccxt: createCcxtFactory(),
  });
  await feed.step();
  // No spread, slippage or funding unless a test sets them: the figures below are exact.
  const admin = await adminToken(t);
  await t.ok(
    'Admin/marketsettings',
    { save: true, fee_bps: 10, spread_bps: 0, slippage_bps: 0, funding_bps: 0 },
    { token: admin },
  );
});
afterAll(async () => {
  await feed.stop();
  await t.close();
});

type Order = {
  order_id: string;
  market: string;
  leverage: number;
  state: string;
  filled: string;
  avg_price: string;
  fee: string;
  reason: string;
};
type Position = {
  symbol: string;
  side: string;
  contracts: string;
  entry_price: string;
  mark_price: string;
  liquidation_price: string;
  margin: string;
  leverage: number;
  unrealized_pnl: string;
  roe_percent: string;
  funding: string;
};
type Balance = { balances: { asset: string; free: string; used: string }[]; equity: string };

let n = 0;
const key = () => `p-${n++}`;
const usdt = (b: Balance) => b.balances.find((x) => x.asset === 'USDT')!;

/** Sets a market's last price (the feed would move it; here the test decides it). */
async function setPrice(symbol: string, last: string) {
  t.clock.advance(1000);
  await t.db
    .updateTable('market_tickers')
    .set({ last, at: t.clock.now() })
    .where('symbol', '=', symbol)
    .execute();
  // The ticker list is read at most every 250 ms (market-data.ts).
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const perpOrder = (token: string, body: Record<string, unknown>) =>
  t.call<{ order: Order }>(
    'Online/SaveOrder',
    { account: 'demo', symbol: 'BTC/USDT', type: 'market', market: 'perp', idempotency_key: key(), ...body },
    { token },
  );
const positionsOf = async (token: string) =>
  (await t.ok<{ list: Position[] }>('Online/positions', { account: 'demo' }, { token })).list;
const balance = (token: string) => t.ok<Balance>('Trade/demobalance', { account: 'demo' }, { token });

describe('paper perpetuals', () => {
  it('opens a 5x long with margin from the quote, values it at the last price and closes it with the profit', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    const opened = await perpOrder(token, { side: 'buy', amount: '0.1', leverage: 5 });
    expect(opened.body.msg).toBe('Order filled');
    expect(opened.body.data!.order).toMatchObject({ market: 'perp', leverage: 5, state: 'filled', fee: '5' });
    let [pos] = await positionsOf(token);
    expect(pos).toMatchObject({
      symbol: 'BTC/USDT',
      side: 'long',
      contracts: '0.1',
      entry_price: '50000.00',
      margin: '1000',
      leverage: 5,
      unrealized_pnl: '0',
    });
    // (50,000 x 0.1 - 1,000) / (0.1 x 0.995) = 40,201.005...: rounded up.
    expect(pos!.liquidation_price).toBe('40201.01');
    let b = await balance(token);
    expect(usdt(b)).toMatchObject({ free: '8995', used: '1000' });
    expect(b.equity).toBe('9995');

    await setPrice('BTC/USDT', '55000.00');
    [pos] = await positionsOf(token);
    expect(pos).toMatchObject({ mark_price: '55000.00', unrealized_pnl: '500', roe_percent: '50.00' });
    expect((await balance(token)).equity).toBe('10495');

    const closeKey = key();
    const closed = await t.call<{ order: Order & { pnl?: string } }>(
      'Online/closeposition',
      { account: 'demo', symbol: 'BTC/USDT', idempotency_key: closeKey },
      { token },
    );
    expect(closed.body.msg).toBe('Position closed');
    expect(closed.body.data!.order).toMatchObject({ state: 'filled', avg_price: '55000.00', fee: '5.5' });
    expect(await positionsOf(token)).toEqual([]);
    b = await balance(token);
    // 10,000 - 5 (open fee) + 500 (profit) - 5.5 (close fee)
    expect(usdt(b)).toMatchObject({ free: '10489.5', used: '0' });

    // The same key answers with the same order; another finds no position.
    const again = await t.call<{ order: Order }>(
      'Online/closeposition',
      { account: 'demo', symbol: 'BTC/USDT', idempotency_key: closeKey },
      { token },
    );
    expect(again.body.data!.order.order_id).toBe(closed.body.data!.order.order_id);
    const none = await t.call(
      'Online/closeposition',
      { account: 'demo', symbol: 'BTC/USDT', idempotency_key: key() },
      { token },
    );
    expect(none.http).toBe(409);
    expect(none.body.msg).toBe('There is no open BTC/USDT position');

    const fills = await t.ok<{ list: { market: string; pnl: string; side: string }[] }>(
      'Tradetx/Recordtx',
      { account: 'demo' },
      { token },
    );
    expect(fills.list.map((f) => [f.market, f.side, f.pnl])).toEqual([
      ['perp', 'sell', '500'],
      ['perp', 'buy', ''],
    ]);
  });

  it('a sell reduces a long, and a larger one reverses it into a short', async () => {
    const { token } = await newMember(t);
    await setPrice('ETH/USDT', '3000.00');
    const eth = { symbol: 'ETH/USDT' };
    await perpOrder(token, { ...eth, side: 'buy', amount: '1', leverage: 10 });
    await perpOrder(token, { ...eth, side: 'sell', amount: '0.4', leverage: 10 });
    let [pos] = await positionsOf(token);
    expect(pos).toMatchObject({ side: 'long', contracts: '0.6', margin: '180' });
    await perpOrder(token, { ...eth, side: 'sell', amount: '1', leverage: 3 });
    [pos] = await positionsOf(token);
    // Reversed: the new short takes the order's leverage for the part that opened it.
    expect(pos).toMatchObject({ side: 'short', contracts: '0.4', margin: '400', leverage: 3 });
  });

  it('refuses an order without the margin and changes nothing', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    const refused = await perpOrder(token, { side: 'buy', amount: '5', leverage: 20 });
    expect(refused.http).toBe(422);
    expect(refused.body.msg).toMatch(/^Not enough USDT: 10000 available, 12750 needed$/);
    expect(await positionsOf(token)).toEqual([]);
    expect(usdt(await balance(token))).toMatchObject({ free: '10000', used: '0' });
    const leverage = await perpOrder(token, { side: 'buy', amount: '0.1', leverage: 50 });
    expect(leverage.http).toBe(422);
  });

  it('liquidates a short when the price reaches its liquidation price: the margin is lost, once', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    await perpOrder(token, { side: 'sell', amount: '0.2', leverage: 10 });
    const [pos] = await positionsOf(token);
    // (50,000 x 0.2 + 1,000) / (0.2 x 1.005) = 54,726.368...: rounded down.
    expect(pos).toMatchObject({ side: 'short', margin: '1000', liquidation_price: '54726.36' });
    await setPrice('BTC/USDT', '54000.00');
    await trading.matchResting([{ symbol: 'BTC/USDT', low: '53900.00', high: '54700.00' }]);
    expect(await positionsOf(token)).toHaveLength(1);
    await setPrice('BTC/USDT', '54800.00');
    const range = { symbol: 'BTC/USDT', low: '54000.00', high: '54800.00' };
    await Promise.all([trading.matchResting([range]), trading.matchResting([range])]);
    expect(await positionsOf(token)).toEqual([]);
    const b = await balance(token);
    // 10,000 - 10 (fee) - 1,000 (margin)
    expect(usdt(b)).toMatchObject({ free: '8990', used: '0' });
    const history = await t.ok<{ list: (Order & { pnl: string })[] }>(
      'Tradetx/Recordtx2',
      { account: 'demo' },
      { token },
    );
    const liq = history.list.filter((o) => o.reason === 'liquidation');
    expect(liq).toHaveLength(1);
    expect(liq[0]).toMatchObject({ avg_price: '54726.36', pnl: '-1000', fee: '0' });
    const fills = await t.ok<{ list: { reason: string }[] }>(
      'Tradetx/Recordtx',
      { account: 'demo' },
      { token },
    );
    expect(fills.list[0]!.reason).toBe('liquidation');
  });

  it('settles funding once per funding time: the long pays from its margin', async () => {
    const admin = await adminToken(t);
    await t.ok('Admin/marketsettings', { save: true, funding_bps: 10 }, { token: admin });
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    await perpOrder(token, { side: 'buy', amount: '0.1', leverage: 5 });
    // To the next funding time (every 8 hours from midnight UTC).
    const every = 8 * 3_600_000;
    const now = t.clock.now().getTime();
    t.clock.advance(every - (now % every) + 1000);
    await setPrice('BTC/USDT', '50000.00');
    const settled = await Promise.all([trading.settleFunding(), trading.settleFunding()]);
    expect(settled.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await trading.settleFunding()).toBe(0);
    const [pos] = await positionsOf(token);
    // 0.1% of 5,000
    expect(pos).toMatchObject({ funding: '-5', margin: '995' });
    expect(usdt(await balance(token))).toMatchObject({ free: '8995', used: '995' });
    const rows = await t.db
      .selectFrom('paper_funding')
      .selectAll()
      .where('amount', '=', '-500000000')
      .execute();
    expect(rows).toHaveLength(1);
    await t.ok('Admin/marketsettings', { save: true, funding_bps: 0 }, { token: admin });
  });

  it('a limit order rests holding margin and fee, then fills when the price reaches it', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    const placed = await perpOrder(token, {
      side: 'buy',
      type: 'limit',
      price: '49000.00',
      amount: '0.1',
      leverage: 10,
    });
    expect(placed.body.data!.order.state).toBe('open');
    // 490 margin + 4.9 fee
    expect(usdt(await balance(token))).toMatchObject({ free: '9505.1', used: '494.9' });
    await setPrice('BTC/USDT', '48990.00');
    await trading.matchResting([{ symbol: 'BTC/USDT', low: '48990.00', high: '50000.00' }]);
    const [pos] = await positionsOf(token);
    expect(pos).toMatchObject({ side: 'long', entry_price: '49000.00', margin: '490', leverage: 10 });
    expect(usdt(await balance(token))).toMatchObject({ free: '9505.1', used: '490' });
  });

  it('parallel orders never take more margin than the free quote', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    // Each needs 3,000 margin + 15 fee at 5x of 0.3 BTC: three fit in 10,000, not four.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => perpOrder(token, { side: 'buy', amount: '0.3', leverage: 5 })),
    );
    expect(results.filter((r) => r.http === 200)).toHaveLength(3);
    expect(results.filter((r) => r.http === 422)).toHaveLength(7);
    const [pos] = await positionsOf(token);
    expect(pos).toMatchObject({ contracts: '0.9', margin: '9000' });
    expect(usdt(await balance(token))).toMatchObject({ free: '955', used: '9000' });
  });

  it('starting afresh closes the positions', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '50000.00');
    await perpOrder(token, { side: 'sell', amount: '0.1', leverage: 2 });
    await t.ok('Trade/demoreset', { account: 'demo', idempotency_key: key() }, { token });
    expect(await positionsOf(token)).toEqual([]);
    expect(usdt(await balance(token))).toMatchObject({ free: '10000', used: '0' });
  });
});
