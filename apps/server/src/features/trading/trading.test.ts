import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken } from '../../../test/money.ts';
import { createCcxtFactory } from '../../adapters/exchange/ccxt.ts';
import { createTradingAccounts, type TradingAccounts } from './accounts.ts';
import { createMarketFeed, type MarketFeed } from './feed.ts';
import { createMarketData } from './market-data.ts';

let t: TestApp;
let feed: MarketFeed;
let trading: TradingAccounts;
beforeAll(async () => {
  t = await createTestApp();
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 2 });
  trading = createTradingAccounts({
    db: t.db,
    clock: t.clock,
    data: createMarketData(t.db, t.clock),
    secret: Buffer.alloc(32, 7),
    ccxt: createCcxtFactory(),
  });
  await feed.step();
});
afterAll(async () => {
  await feed.stop();
  await t.close();
});

type Ticker = { symbol: string; last: string; change_24h: string; simulated: boolean };
type Order = {
  order_id: string;
  state: string;
  filled: string;
  avg_price: string;
  fee: string;
  price: string;
};
type Balance = { balances: { asset: string; free: string; used: string }[]; equity: string };

const tick = async (seconds = 1) => {
  t.clock.advance(seconds * 1000);
  return feed.step();
};
const balanceOf = (b: Balance, asset: string) =>
  b.balances.find((x) => x.asset === asset) ?? { free: '0', used: '0' };
let keys = 0;
const key = () => `k-${Date.now()}-${keys++}`;

describe('market data', () => {
  it('lists every market with a price, the 24-hour change and the simulated label', async () => {
    const data = await t.ok<{ list: Ticker[]; source: string }>('Online/GetcMarket');
    expect(data.source).toBe('simulated');
    expect(data.list.map((r) => r.symbol)).toContain('BTC/USDT');
    expect(data.list.length).toBe(10);
    for (const r of data.list) {
      expect(Number(r.last)).toBeGreaterThan(0);
      expect(r.simulated).toBe(true);
      expect(r.change_24h).toMatch(/^-?\d+\.\d{2}$/);
    }
    const found = await t.ok<{ list: (Ticker & { name: string })[] }>('Online/SearchCoin', {
      keyword: 'doge',
    });
    expect(found.list.map((r) => r.symbol)).toEqual(['DOGE/USDT']);
  });

  it('moves prices each second and keeps candles of every timeframe', async () => {
    const before = (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'ETH/USDT' })).ticker.last;
    const ranges = await tick(5);
    expect(ranges.length).toBe(10);
    const after = (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'ETH/USDT' })).ticker.last;
    expect(after).not.toBe(before);
    for (const tf of ['1m', '5m', '1h', '1d']) {
      const c = await t.ok<{ list: [number, string, string, string, string, string][]; simulated: boolean }>(
        'Online/candles',
        { symbol: 'ETH/USDT', timeframe: tf, limit: 50 },
      );
      expect(c.list.length).toBeGreaterThan(0);
      expect(c.simulated).toBe(true);
      for (const [time, o, h, l, cl] of c.list) {
        expect(Number(h)).toBeGreaterThanOrEqual(Math.max(Number(o), Number(cl)) - 1e-9);
        expect(Number(l)).toBeLessThanOrEqual(Math.min(Number(o), Number(cl)) + 1e-9);
        expect(time).toBeGreaterThan(0);
      }
      const times = c.list.map((r) => r[0]);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    const refused = await t.call('Online/candles', { symbol: 'NOPE/USDT', timeframe: '1m' });
    expect(refused.http).toBe(404);
    expect(refused.body.msg).toBe('There is no market NOPE/USDT');
  });

  it('continues from the stored price after a restart, and fills a long pause with candles', async () => {
    const last = (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'BTC/USDT' })).ticker.last;
    const restarted = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 2 });
    t.clock.advance(1000);
    await restarted.step();
    const next = Number(
      (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'BTC/USDT' })).ticker.last,
    );
    // One second of a 55% yearly volatility moves the price by far less than 1%.
    expect(Math.abs(next / Number(last) - 1)).toBeLessThan(0.01);
    t.clock.advance(30 * 60_000);
    await restarted.step();
    const c = await t.ok<{ list: unknown[] }>('Online/candles', {
      symbol: 'BTC/USDT',
      timeframe: '1m',
      limit: 40,
    });
    expect(c.list.length).toBe(40);
    await restarted.stop();
    await feed.step(); // the first feed catches up from the database's state on its own
  });
});

describe('demo trading', () => {
  it('buys at market on the demo account: the fee and spread are paid, the fill is in the records', async () => {
    const m = await newMember(t);
    const start = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(start, 'USDT').free).toBe('10000');
    const info = await t.ok<{ ticker: Ticker; fee_bps: number }>('Online/marketinfo', { symbol: 'BTC/USDT' });
    const res = await t.call<{ order_id: string; state: string; avg_price: string; order: Order }>(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'market',
        amount: '0.01',
        idempotency_key: key(),
      },
      { token: m.token },
    );
    expect(res.body.msg).toBe('Order filled');
    const order = res.body.data!;
    expect(order.state).toBe('filled');
    expect(Number(order.avg_price)).toBeGreaterThan(Number(info.ticker.last));
    const after = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(after, 'BTC').free).toBe('0.01');
    const spent = 10_000 - Number(balanceOf(after, 'USDT').free);
    const cost = 0.01 * Number(order.avg_price);
    expect(spent).toBeCloseTo(cost * (1 + info.fee_bps / 10_000), 4);
    const records = await t.ok<{ list: { order_id: string; side: string; fee: string }[]; total: number }>(
      'Tradetx/Recordtx',
      {},
      { token: m.token },
    );
    expect(records.total).toBe(1);
    expect(records.list[0]!.order_id).toBe(order.order_id);
    expect(Number(records.list[0]!.fee)).toBeGreaterThan(0);

    // Selling it back at once loses the fees and the spread, nothing more.
    await t.ok(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'BTC/USDT',
        side: 'sell',
        type: 'market',
        amount: '0.01',
        idempotency_key: key(),
      },
      { token: m.token },
    );
    const done = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(done, 'BTC').free).toBe('0');
    const lost = 10_000 - Number(balanceOf(done, 'USDT').free);
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(cost * 0.01);
    const history = await t.ok<{ list: (Order & { pnl: string })[] }>(
      'Tradetx/Recordtx2',
      {},
      { token: m.token },
    );
    expect(history.list[0]!.pnl).toMatch(/^-/);
    const board = await t.ok<{ trades: number; sells: number; curve: unknown[]; pnl: string }>(
      'Tradetx/summary',
      {},
      { token: m.token },
    );
    expect(board.trades).toBe(2);
    expect(board.sells).toBe(1);
    expect(board.curve.length).toBe(4);
    expect(Number(board.pnl)).toBeCloseTo(-lost, 6);
  });

  it('refuses bad orders clearly and changes nothing', async () => {
    const m = await newMember(t);
    const order = (o: Record<string, unknown>) =>
      t.call(
        'Online/SaveOrder',
        {
          account: 'demo',
          symbol: 'ETH/USDT',
          side: 'buy',
          type: 'market',
          amount: '0.1',
          idempotency_key: key(),
          ...o,
        },
        { token: m.token },
      );
    const last = Number(
      (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'ETH/USDT' })).ticker.last,
    );
    const cases: [Record<string, unknown>, number, string][] = [
      [{ symbol: 'XYZ/USDT' }, 404, 'There is no market XYZ/USDT'],
      [{ amount: '0.00001' }, 422, 'Amount can have at most 4 decimals'],
      [{ amount: '0.0001' }, 422, "The order is worth less than this market's minimum of 5 USDT"],
      [{ amount: 'abc' }, 422, 'Amount must be a positive number, e.g. 0.5'],
      [{ amount: '50' }, 422, 'Not enough USDT'],
      [{ type: 'limit' }, 422, 'A limit order needs a price'],
      [
        { type: 'limit', price: String(Math.round(last * 2)) },
        422,
        'The price must be within 20% of the last price',
      ],
      [{ type: 'limit', price: '1.001' }, 422, 'Price can have at most 2 decimals'],
      [{ side: 'sell' }, 422, 'Not enough ETH'],
      [{ account: 'nope' }, 404, 'This trading account was not found'],
      [{ side: 'hold' }, 422, ''],
    ];
    for (const [fields, http, msg] of cases) {
      const res = await order(fields);
      expect(res.http, JSON.stringify(fields)).toBe(http);
      expect(res.body.msg).toContain(msg);
    }
    const b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(b.balances).toEqual([{ asset: 'USDT', free: '10000', used: '0', value: '10000.00' }]);
    const open = await t.ok<{ list: unknown[] }>(
      'Online/openorders',
      { account: 'demo' },
      { token: m.token },
    );
    expect(open.list).toEqual([]);
    const none = await t.ok<{ total: number }>('Tradetx/Recordtx2', {}, { token: m.token });
    expect(none.total).toBe(0);
    const badDate = await t.call('Tradetx/Recordtx', { from: '2026-13-40' }, { token: m.token });
    expect(badDate.http).toBe(422);
    expect((await t.call('Tradetx/summary', { account: 'nope' }, { token: m.token })).http).toBe(404);
    expect((await t.call('Online/marketinfo', { symbol: 'ETH/BTC' })).body.msg).toBe(
      'There is no market ETH/BTC',
    );
  });

  it('refuses to fill at a price that is not current', async () => {
    const m = await newMember(t);
    t.clock.advance(60_000);
    const res = await t.call(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'SOL/USDT',
        side: 'buy',
        type: 'market',
        amount: '1',
        idempotency_key: key(),
      },
      { token: m.token },
    );
    expect(res.http).toBe(409);
    expect(res.body.msg).toContain('not current');
    await feed.step();
  });

  it('a retry with the same key places one order; the key with another order is a conflict', async () => {
    const m = await newMember(t);
    const k = key();
    const body = {
      account: 'demo',
      symbol: 'SOL/USDT',
      side: 'buy',
      type: 'market',
      amount: '1',
      idempotency_key: k,
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.ok<{ order_id: string }>('Online/SaveOrder', body, { token: m.token }),
      ),
    );
    expect(new Set(results.map((r) => r.order_id)).size).toBe(1);
    const fills = await t.ok<{ total: number }>('Tradetx/Recordtx', {}, { token: m.token });
    expect(fills.total).toBe(1);
    const other = await t.call('Online/SaveOrder', { ...body, amount: '2' }, { token: m.token });
    expect(other.http).toBe(409);
    // Spend the rest: a retry of the first order still answers with it, not with "insufficient".
    const b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    const price = Number(
      (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'SOL/USDT' })).ticker.last,
    );
    const all = (Math.floor((Number(balanceOf(b, 'USDT').free) / price) * 0.995 * 1000) / 1000).toFixed(3);
    await t.ok('Online/SaveOrder', { ...body, amount: all, idempotency_key: key() }, { token: m.token });
    const again = await t.ok<{ order_id: string }>('Online/SaveOrder', body, { token: m.token });
    expect(again.order_id).toBe(results[0]!.order_id);
    expect(
      (await t.call('Online/SaveOrder', { ...body, idempotency_key: key() }, { token: m.token })).http,
    ).toBe(422);
  });

  it('parallel orders never spend more than the balance', async () => {
    const m = await newMember(t);
    // Each costs ~1,800 USDT: 5 fit into 10,000, 20 are tried at once.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(
          'Online/SaveOrder',
          {
            account: 'demo',
            symbol: 'SOL/USDT',
            side: 'buy',
            type: 'market',
            amount: '10',
            idempotency_key: key(),
          },
          { token: m.token },
        ),
      ),
    );
    const filled = results.filter((r) => r.body.status === 1).length;
    const refused = results.filter((r) => r.http === 422).length;
    expect(filled + refused).toBe(20);
    const b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(Number(balanceOf(b, 'USDT').free)).toBeGreaterThanOrEqual(0);
    expect(balanceOf(b, 'SOL').free).toBe(String(filled * 10));
    const maxFits = Math.floor(
      10_000 /
        (10 *
          Number((await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'SOL/USDT' })).ticker.last)),
    );
    expect(Math.abs(filled - maxFits)).toBeLessThanOrEqual(1);
  });

  it('a limit order rests holding its funds, fills at its limit when the price reaches it, or is cancelled', async () => {
    const m = await newMember(t);
    const last = Number(
      (await t.ok<{ ticker: Ticker }>('Online/marketinfo', { symbol: 'BNB/USDT' })).ticker.last,
    );
    const limit = (last * 0.95).toFixed(2);
    const placed = await t.ok<Order & { order: Order }>(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'BNB/USDT',
        side: 'buy',
        type: 'limit',
        amount: '1',
        price: limit,
        idempotency_key: key(),
      },
      { token: m.token },
    );
    expect(placed.state).toBe('open');
    let b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    const held = Number(balanceOf(b, 'USDT').used);
    expect(held).toBeCloseTo(Number(limit) * 1.001, 4);
    expect(Number(balanceOf(b, 'USDT').free) + held).toBeCloseTo(10_000, 6);

    // Not reached: nothing happens.
    expect(
      await trading.matchResting([
        { symbol: 'BNB/USDT', low: (last * 0.99).toFixed(2), high: last.toFixed(2) },
      ]),
    ).toBe(0);
    // The price dips through the limit: it fills at the limit, not at the lower price.
    expect(
      await trading.matchResting([
        { symbol: 'BNB/USDT', low: (last * 0.9).toFixed(2), high: last.toFixed(2) },
      ]),
    ).toBe(1);
    const open = await t.ok<{ list: unknown[] }>(
      'Online/openorders',
      { account: 'demo' },
      { token: m.token },
    );
    expect(open.list).toEqual([]);
    const hist = await t.ok<{ list: Order[] }>('Tradetx/Recordtx2', {}, { token: m.token });
    expect(hist.list[0]!.avg_price).toBe(limit);
    b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(b, 'USDT').used).toBe('0');
    expect(balanceOf(b, 'BNB').free).toBe('1');

    // A resting sell, cancelled: the BNB is free again.
    const sell = await t.ok<Order>(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'BNB/USDT',
        side: 'sell',
        type: 'limit',
        amount: '1',
        price: (last * 1.1).toFixed(2),
        idempotency_key: key(),
      },
      { token: m.token },
    );
    b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(b, 'BNB').used).toBe('1');
    const closed = await t.call<{ order: Order }>(
      'Online/CloseOrder',
      { order_id: sell.order_id },
      { token: m.token },
    );
    expect(closed.body.msg).toBe('Order cancelled');
    expect(closed.body.data!.order.state).toBe('cancelled');
    b = await t.ok<Balance>('Trade/demobalance', {}, { token: m.token });
    expect(balanceOf(b, 'BNB')).toMatchObject({ free: '1', used: '0' });
    const again = await t.call('Online/CloseOrder', { order_id: sell.order_id }, { token: m.token });
    expect(again.http).toBe(409);
    const stranger = await newMember(t);
    expect(
      (await t.call('Online/CloseOrder', { order_id: sell.order_id }, { token: stranger.token })).http,
    ).toBe(404);
    expect((await t.call('Online/CloseOrder', { order_id: 'x1' }, { token: stranger.token })).http).toBe(404);
  });

  it('resets the demo account once per key; the third-party demo has that exchange’s fees and symbols', async () => {
    const m = await newMember(t);
    await t.ok(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'XRP/USDT',
        side: 'buy',
        type: 'market',
        amount: '100',
        idempotency_key: key(),
      },
      { token: m.token },
    );
    const k = key();
    const r1 = await t.ok<{ resets: number }>('Trade/demoreset', { idempotency_key: k }, { token: m.token });
    const r2 = await t.ok<{ resets: number }>('Trade/demoreset', { idempotency_key: k }, { token: m.token });
    expect([r1.resets, r2.resets]).toEqual([1, 1]);
    const b = await t.ok<Balance & { resets: number }>('Trade/demobalance', {}, { token: m.token });
    expect(b.balances.map((x) => [x.asset, x.free])).toEqual([['USDT', '10000']]);
    const info = await t.ok<{ venue_symbol: string; fee_bps: number }>('Online/marketinfo', {
      symbol: 'XRP/USDT',
      account: 'demo-okx',
    });
    expect(info.venue_symbol).toBe('XRP-USDT');
    const venue = await t.ok<Order>(
      'Online/SaveOrder',
      {
        account: 'demo-binance',
        symbol: 'XRP/USDT',
        side: 'buy',
        type: 'market',
        amount: '100',
        idempotency_key: key(),
      },
      { token: m.token },
    );
    expect(venue.state).toBe('filled');
    const accounts = await t.ok<{ list: { id: string; created_at: string }[] }>(
      'Online/accounts',
      {},
      { token: m.token },
    );
    expect(accounts.list.map((a) => a.id)).toEqual(['demo', 'demo-binance', 'demo-okx', 'demo-bybit']);
    const challenge = await t.ok<{
      progress_percent: number;
      steps: { key: string; done: boolean }[];
      target: string;
    }>('Trade/challenge', {}, { token: m.token });
    expect(challenge.target).toBe('11000');
    expect(challenge.steps.find((s) => s.key === 'first_trade')?.done).toBe(false);
  });
});

describe('demo resets pressed at once', () => {
  it('answers every one of several identical resets, on a new account and on a used one; the balance is the start', async () => {
    for (const used of [false, true]) {
      const m = await newMember(t);
      if (used) {
        await t.ok(
          'Online/SaveOrder',
          {
            account: 'demo',
            symbol: 'XRP/USDT',
            side: 'buy',
            type: 'market',
            amount: '100',
            idempotency_key: key(),
          },
          { token: m.token },
        );
      }
      const same = key();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.call<{ resets: number }>(
            'Trade/demoreset',
            { idempotency_key: i < 3 ? same : key() },
            { token: m.token },
          ),
        ),
      );
      expect(answers.map((a) => a.http)).toEqual([200, 200, 200, 200, 200, 200]);
      // The three with one key are one reset; the three others one each.
      const b = await t.ok<Balance & { resets: number }>('Trade/demobalance', {}, { token: m.token });
      expect(b.resets).toBe(4);
      expect(b.balances.map((x) => [x.asset, x.free])).toEqual([['USDT', '10000']]);
    }
  });
});

describe('admin market settings and the ticker stream', () => {
  it('an admin narrows the markets; a member may not', async () => {
    const admin = await adminToken(t);
    const m = await newMember(t);
    expect((await t.call('Admin/marketsettings', {}, { token: m.token })).http).toBe(403);
    const bad = await t.call(
      'Admin/marketsettings',
      { save: 1, symbols: 'BTC/USDT,FOO/USDT' },
      { token: admin },
    );
    expect(bad.http).toBe(422);
    expect(bad.body.msg).toContain('FOO/USDT');
    const saved = await t.ok<{ symbols: string[]; fee_bps: number }>(
      'Admin/marketsettings',
      { save: 1, symbols: 'BTC/USDT, eth/usdt', fee_bps: 20 },
      { token: admin },
    );
    expect(saved.symbols).toEqual(['BTC/USDT', 'ETH/USDT']);
    // The markets list reads the settings from memory, which the change feed brings up to date (at once, or a
    // moment later on a busy machine).
    await expect
      .poll(async () => (await t.ok<{ list: Ticker[] }>('Online/GetcMarket')).list.map((r) => r.symbol), {
        timeout: 5000,
      })
      .toEqual(['BTC/USDT', 'ETH/USDT']);
    await t.ok(
      'Admin/marketsettings',
      {
        save: 1,
        symbols: 'BTC/USDT,ETH/USDT,BNB/USDT,SOL/USDT,XRP/USDT,DOGE/USDT,ADA/USDT,TRX/USDT,LTC/USDT,TON/USDT',
        fee_bps: 10,
      },
      { token: admin },
    );
  });

  it('streams each tick to connected clients', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const got: string[] = [];
    const req = http.get(`http://127.0.0.1:${port}/api/stream/tickers?symbols=BTC/USDT`);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.headers['content-type']).toContain('text/event-stream');
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => got.push(chunk));
    // The hub starts listening with the first client; give it a moment, then tick.
    for (let i = 0; i < 50 && !got.join('').includes('event: tickers'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      await tick(1);
    }
    req.destroy();
    const event = got
      .join('')
      .split('\n\n')
      .find((e) => e.startsWith('event: tickers'));
    expect(event).toBeDefined();
    const data = JSON.parse(event!.split('data: ')[1]!) as { at: number; tickers: { symbol: string }[] };
    expect(data.tickers.map((x) => x.symbol)).toEqual(['BTC/USDT']);
  });

  it('refuses more streams from one address than the limit, and takes one again when one closes', async () => {
    const limited = await createTestApp({ limits: { streamPerIp: 2 } });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = limited.app.server.address() as AddressInfo;
      const open = () =>
        new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve) => {
          const req = http.get(`http://127.0.0.1:${port}/api/stream/tickers`);
          req.on('response', (res) => resolve({ req, res }));
        });
      const first = await open();
      const second = await open();
      expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
      const third = await open();
      expect(third.res.statusCode).toBe(429);
      expect(third.res.headers['retry-after']).toBe('30');
      const body = await new Promise<string>((resolve) => {
        let text = '';
        third.res.setEncoding('utf8');
        third.res.on('data', (c: string) => {
          text += c;
        });
        third.res.on('end', () => resolve(text));
      });
      expect(JSON.parse(body)).toMatchObject({ status: 0, code: 429 });
      first.req.destroy();
      let again = await open();
      for (let i = 0; i < 20 && again.res.statusCode !== 200; i++) {
        again.req.destroy();
        await new Promise((r) => setTimeout(r, 50));
        again = await open();
      }
      expect(again.res.statusCode).toBe(200);
      second.req.destroy();
      again.req.destroy();
    } finally {
      await limited.close();
    }
  });
});
