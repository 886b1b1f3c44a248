import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { type MockBinance, startMockBinance } from '../../../test/mock-binance.ts';
import { createMarketFeed, type MarketFeed } from './feed.ts';

/** A member's own exchange account through ccxt, against a local mock of Binance's spot API. */
let t: TestApp;
let mock: MockBinance;
let feed: MarketFeed;
beforeAll(async () => {
  mock = await startMockBinance();
  t = await createTestApp({ config: { exchangeApiBase: mock.url } });
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 1 });
  await feed.step();
});
afterAll(async () => {
  await feed.stop();
  await t.close();
  await mock.close();
});

type Order = { order_id: string; state: string; filled: string; avg_price: string; fee: string };
let n = 0;
const key = () => `x-${Date.now()}-${n++}`;

describe('exchange accounts (ccxt)', () => {
  let token: string;
  let account: string;

  it('refuses a key the exchange does not accept, and keeps nothing', async () => {
    token = (await newMember(t)).token;
    const res = await t.call(
      'Online/accountsave',
      { exchange: 'binance', api_key: 'wrong-key-123456', api_secret: 'x' },
      { token },
    );
    expect(res.http).toBe(422);
    expect(res.body.msg).toContain('refused this API key');
    const list = await t.ok<{ list: { kind: string }[] }>('Online/accounts', {}, { token });
    expect(list.list.filter((a) => a.kind === 'exchange')).toEqual([]);
  });

  it('connects a working key, keeps it encrypted and never shows it again', async () => {
    const saved = await t.call<{ id: string }>(
      'Online/accountsave',
      { exchange: 'binance', label: 'Main', api_key: mock.apiKey, api_secret: mock.secret },
      { token },
    );
    expect(saved.body.msg).toBe('Exchange account connected');
    account = saved.body.data!.id;
    const list = await t.ok<{ list: Record<string, unknown>[] }>('Online/accounts', {}, { token });
    const row = list.list.find((a) => a.id === account)!;
    expect(row).toMatchObject({ kind: 'exchange', venue: 'binance', label: 'Main', key_hint: 'mock...6789' });
    expect(JSON.stringify(list)).not.toContain(mock.secret);
    const stored = await t.db
      .selectFrom('trading_accounts')
      .select('key_box')
      .where('id', '=', account)
      .executeTakeFirstOrThrow();
    expect(stored.key_box!.toString('latin1')).not.toContain(mock.apiKey);
    expect(stored.key_box!.toString('latin1')).not.toContain(mock.secret);
  });

  it('reads the balance, buys at market, places and cancels a limit order', async () => {
    const b = await t.ok<{ balances: { asset: string; free: string }[] }>(
      'Trade/demobalance',
      { account },
      { token },
    );
    expect(b.balances).toContainEqual(expect.objectContaining({ asset: 'USDT', free: '10000' }));
    const bought = await t.ok<Order>(
      'Online/SaveOrder',
      { account, symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '0.01', idempotency_key: key() },
      { token },
    );
    expect(bought.state).toBe('filled');
    expect(bought.filled).toBe('0.01');
    expect(mock.balances.BTC!.free).toBeCloseTo(0.51, 8);
    const fills = await t.ok<{ list: { side: string; price: string }[] }>(
      'Tradetx/Recordtx',
      { account, symbol: 'BTC/USDT' },
      { token },
    );
    expect(fills.list[0]).toMatchObject({ side: 'buy', price: '95000' });

    const k = key();
    const placed = await t.ok<Order>(
      'Online/SaveOrder',
      {
        account,
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        amount: '0.01',
        price: '90000',
        idempotency_key: k,
      },
      { token },
    );
    expect(placed.state).toBe('open');
    const retry = await t.ok<Order>(
      'Online/SaveOrder',
      {
        account,
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        amount: '0.01',
        price: '90000',
        idempotency_key: k,
      },
      { token },
    );
    expect(retry.order_id).toBe(placed.order_id);
    expect(mock.requests.filter((r) => r === 'POST /api/v3/order').length).toBe(2);
    const open = await t.ok<{ list: Order[] }>(
      'Online/openorders',
      { account, symbol: 'BTC/USDT' },
      { token },
    );
    expect(open.list.map((o) => o.order_id)).toEqual([placed.order_id]);
    const cancelled = await t.ok<{ order: Order }>(
      'Online/CloseOrder',
      { order_id: placed.order_id },
      { token },
    );
    expect(cancelled.order.state).toBe('cancelled');
    expect(mock.balances.USDT!.locked).toBeCloseTo(0, 6);
  });

  it('opens a perpetual position on the exchange at a leverage, shows it, and closes it once', async () => {
    const opened = await t.ok<{ order: { market: string; leverage: number; state: string } }>(
      'Online/SaveOrder',
      {
        account,
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'market',
        amount: '0.02',
        market: 'perp',
        leverage: 4,
        idempotency_key: key(),
      },
      { token },
    );
    expect(opened.order).toMatchObject({ market: 'perp', leverage: 4, state: 'filled' });
    expect(mock.futures.positions.BTCUSDT).toMatchObject({ amt: -0.02, leverage: 4 });
    mock.prices.BTCUSDT = 90_000;
    const { list } = await t.ok<{ list: Record<string, unknown>[] }>(
      'Online/positions',
      { account },
      { token },
    );
    expect(list).toEqual([
      expect.objectContaining({
        symbol: 'BTC/USDT',
        side: 'short',
        contracts: '0.02',
        entry_price: '95000',
        mark_price: '90000',
        margin: '475',
        leverage: 4,
        unrealized_pnl: '100',
      }),
    ]);
    const closeKey = key();
    const closed = await t.call<{ order: { order_id: string; side: string } }>(
      'Online/closeposition',
      { account, symbol: 'BTC/USDT', idempotency_key: closeKey },
      { token },
    );
    expect(closed.body.msg).toBe('Position closed');
    expect(closed.body.data!.order.side).toBe('buy');
    expect(mock.futures.positions.BTCUSDT).toBeUndefined();
    const again = await t.ok<{ order: { order_id: string } }>(
      'Online/closeposition',
      { account, symbol: 'BTC/USDT', idempotency_key: closeKey },
      { token },
    );
    expect(again.order.order_id).toBe(closed.body.data!.order.order_id);
    expect(mock.requests.filter((r) => r === 'POST /fapi/v1/order')).toHaveLength(2);
    expect((await t.ok<{ list: unknown[] }>('Online/positions', { account }, { token })).list).toEqual([]);
    mock.prices.BTCUSDT = 95_000;
  });

  it("maps the exchange's insufficient-funds error to our message, and keeps no order", async () => {
    const res = await t.call(
      'Online/SaveOrder',
      { account, symbol: 'BTC/USDT', side: 'buy', type: 'market', amount: '5', idempotency_key: key() },
      { token },
    );
    expect(res.http).toBe(422);
    expect(res.body.msg).toBe('The exchange says the balance is not enough for this order');
    const history = await t.ok<{ list: Order[] }>('Tradetx/Recordtx2', { account }, { token });
    // The perpetual's close and open, the limit order cancelled, the spot buy: no order of the refused one.
    expect(history.list.map((o) => o.state)).toEqual(['filled', 'filled', 'cancelled', 'filled']);
  });

  it('an unreachable exchange is a clear refusal', async () => {
    const other = await createTestApp({ config: { exchangeApiBase: 'http://127.0.0.1:9' } });
    try {
      const m = await newMember(other);
      const res = await other.call(
        'Online/accountsave',
        { exchange: 'binance', api_key: mock.apiKey, api_secret: mock.secret },
        { token: m.token },
      );
      expect(res.http).toBe(409);
      expect(res.body.msg).toContain('cannot be reached');
    } finally {
      await other.close();
    }
  });

  it('disconnecting forgets the key', async () => {
    await t.ok('Online/accountdelete', { id: account }, { token });
    const res = await t.call('Trade/demobalance', { account }, { token });
    expect(res.http).toBe(404);
    const stored = await t.db
      .selectFrom('trading_accounts')
      .select('key_box')
      .where('id', '=', account)
      .executeTakeFirstOrThrow();
    expect(stored.key_box!.length).toBe(0);
  });

  it('the market feed reads live public data from the exchange when asked, labelled not simulated', async () => {
    const { createCcxtFactory } = await import('../../adapters/exchange/ccxt.ts');
    const ccxt = createCcxtFactory({ apiBase: mock.url });
    const live = createMarketFeed({ db: t.db, clock: t.clock, live: () => ccxt.publicData('binance') });
    await t.db
      .insertInto('settings')
      .values({ key: 'market', value: JSON.stringify({ source: 'live', symbols: ['BTC/USDT', 'ETH/USDT'] }) })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: JSON.stringify({ source: 'live', symbols: ['BTC/USDT', 'ETH/USDT'] }) }),
      )
      .execute();
    t.clock.advance(1000);
    await live.step();
    await live.stop();
    const list = await t.ok<{ list: { symbol: string; last: string; simulated: boolean }[]; source: string }>(
      'Online/GetcMarket',
    );
    expect(list.source).toBe('live');
    expect(list.list.find((r) => r.symbol === 'BTC/USDT')).toMatchObject({
      last: '95000.00',
      simulated: false,
    });
  });
});
