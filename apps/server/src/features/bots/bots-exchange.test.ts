import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { type MockBinance, startMockBinance } from '../../../test/mock-binance.ts';
import { createCcxtFactory } from '../../adapters/exchange/ccxt.ts';
import { createTradingAccounts } from '../trading/accounts.ts';
import { createMarketFeed, type MarketFeed } from '../trading/feed.ts';
import { createMarketData } from '../trading/market-data.ts';
import { type BotEngine, createBotEngine } from './engine.ts';

/**
 * A bot on a member's own exchange account, through ccxt, against the local mock of Binance: an order whose answer
 * is lost to a timeout is found again and never sent twice; an order the exchange refuses stops the bot with the
 * reason; a market order filled only in part makes the deal as big as what was filled.
 */
const TIMEOUT_MS = 300;
let t: TestApp;
let mock: MockBinance;
let feed: MarketFeed;
let engine: BotEngine;
beforeAll(async () => {
  mock = await startMockBinance();
  t = await createTestApp({ config: { exchangeApiBase: mock.url, exchangeTimeoutMs: TIMEOUT_MS } });
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 1 });
  await feed.step();
  const deps = {
    db: t.db,
    clock: t.clock,
    data: createMarketData(t.db, t.clock),
    secret: Buffer.alloc(32, 7),
    ccxt: createCcxtFactory({ apiBase: mock.url, timeoutMs: TIMEOUT_MS }),
  };
  engine = createBotEngine({ ...deps, trading: createTradingAccounts(deps) });
  // The feed's price where the mock exchange fills.
  t.clock.advance(1000);
  await t.db
    .updateTable('market_tickers')
    .set({ last: '95000.00', at: t.clock.now() })
    .where('symbol', '=', 'BTC/USDT')
    .execute();
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(async () => {
  await feed.stop();
  await t.close();
  await mock.close();
});

type Bot = {
  id: string;
  state: string;
  error: string;
  deal: null | { size: string; cost: string; safety_filled: number };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const orderPosts = () => mock.requests.filter((r) => r === 'POST /api/v3/order').length;

describe('a bot on an exchange account (ccxt)', () => {
  let token: string;
  let account: string;

  async function newBot(on = account): Promise<Bot> {
    const saved = await t.ok<{ bot: Bot }>(
      'Bottrade/botsave',
      {
        account: on,
        symbol: 'BTC/USDT',
        market: 'spot',
        direction: 'long',
        base_order: '100',
        safety_order: '100',
        max_safety: 2,
        deviation_percent: '1',
        step_scale: '1',
        volume_scale: '1',
        take_profit_percent: '1',
      },
      { token },
    );
    return saved.bot;
  }

  it('connects the account', async () => {
    token = (await newMember(t)).token;
    const saved = await t.ok<{ id: string }>(
      'Online/accountsave',
      { exchange: 'binance', api_key: mock.apiKey, api_secret: mock.secret },
      { token },
    );
    account = saved.id;
  });

  it('sends an order once although its answer timed out and the engine tried again', async () => {
    const bot = await newBot();
    const before = orderPosts();
    mock.next.slowMs = TIMEOUT_MS * 3;
    const started = await t.ok<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    // Not answered: the bot keeps running and says why it has no deal yet.
    expect(started.bot).toMatchObject({ state: 'running', deal: null });
    expect(started.bot.error).toBe('The exchange cannot be reached now; please try again later');
    expect(orderPosts()).toBe(before + 1);
    // The next tick, while the first call may still be running, sends nothing.
    await engine.tick();
    expect(orderPosts()).toBe(before + 1);
    // Once it surely ended, the order is looked up by its client id and found: recorded, not sent again.
    await sleep(TIMEOUT_MS * 3);
    await engine.tick();
    expect(orderPosts()).toBe(before + 1);
    expect(mock.requests).toContain('GET /api/v3/order');
    const now = (await t.ok<{ bot: Bot }>('Member/checkbot', { bot_id: bot.id }, { token })).bot;
    expect(now).toMatchObject({ state: 'running', error: '', deal: { size: '0.00105', safety_filled: 0 } });
    const rows = await t.db
      .selectFrom('trade_orders')
      .select(['state', 'filled', 'reason'])
      .where('account_id', '=', account)
      .execute();
    expect(rows).toEqual([{ state: 'filled', filled: '105000', reason: '' }]);
    await t.ok('Bottrade/market_trade_off', { bot_id: bot.id }, { token });
  });

  it('an order the exchange refuses stops the bot with the reason, and nothing is recorded', async () => {
    const bot = await newBot();
    const count = async () =>
      (
        await t.db
          .selectFrom('trade_orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account_id', '=', account)
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    mock.next.refuse = 'Filter failure: LOT_SIZE';
    const started = await t.ok<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(started.bot).toMatchObject({
      state: 'error',
      error: 'The exchange refused the order: Filter failure: LOT_SIZE',
      deal: null,
    });
    expect(await count()).toBe(before);
    // A stopped bot is left alone by the engine.
    const posts = orderPosts();
    await engine.tick();
    expect(orderPosts()).toBe(posts);
  });

  it('a market order filled in part opens a deal of the part filled', async () => {
    const bot = await newBot();
    mock.next.fillFraction = 0.5;
    const started = await t.ok<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(started.bot).toMatchObject({ state: 'running', error: '' });
    expect(started.bot.deal).toMatchObject({ size: '0.000525', safety_filled: 0 });
    expect(Number(started.bot.deal!.cost)).toBeCloseTo(49.875, 6);
    const detail = await t.ok<{ orders: { kind: string; amount: string }[] }>(
      'Member/checkbot',
      { bot_id: bot.id },
      { token },
    );
    expect(detail.orders).toEqual([expect.objectContaining({ kind: 'base', amount: '0.000525' })]);
    // A close filled in part leaves the rest of the deal open; the next close ends it, with every part's profit.
    mock.next.fillFraction = 0.5;
    const half = await t.ok<{ bot: Bot }>('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });
    expect(half.bot).toMatchObject({ state: 'stopped', deal: { size: '0.000265' } });
    mock.prices.BTCUSDT = 96_000;
    const rest = await t.ok<{ bot: Bot & { deals_closed: number; profit: string } }>(
      'Bottrade/closepositionbyid',
      { bot_id: bot.id },
      { token },
    );
    expect(rest.bot).toMatchObject({ deal: null, deals_closed: 1 });
    mock.prices.BTCUSDT = 95_000;
    const history = await t.ok<{ list: { pnl: string; close_reason: string }[] }>(
      'Bottrade/History',
      { bot_id: bot.id },
      { token },
    );
    // Bought 0.000525 for 49.875; sold 0.00026 at 95,000 (24.7, no gain) and 0.00026 at 96,000 (24.96) against the
    // rest's cost of 25.175: the 0.000005 left is dust below the order step, kept on the account and not sold.
    // Less the three orders' fees (0.049875 + 0.0247 + 0.02496).
    expect(history.list).toHaveLength(1);
    expect(history.list[0]!.pnl).toBe('-0.314535');
    expect(rest.bot.profit).toBe(history.list[0]!.pnl);
  });

  it('checks a stored key, and acts on the bots of the second exchange account', async () => {
    const check = await t.ok<{ valid: boolean; venue: string; free: string }>(
      'Member/checkapi',
      { account },
      { token },
    );
    expect(check).toMatchObject({ valid: true, venue: 'binance', message: '' });
    expect(Number(check.free)).toBeGreaterThan(0);
    const second = (
      await t.ok<{ id: string }>(
        'Online/accountsave',
        { exchange: 'binance', label: 'Second', api_key: mock.apiKey, api_secret: mock.secret },
        { token },
      )
    ).id;
    const first = await newBot();
    const bot = await newBot(second);
    await t.ok('Bottrade/Onlinetx', { bot_id: first.id }, { token });
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    await t.ok('Bottrade/market_trade_off', { bot_id: bot.id }, { token });
    const notThere = await t.call('SecondBottrade/addentry', { bot_id: first.id }, { token });
    expect(notThere.http).toBe(404);
    const added = await t.ok<{ bot: Bot; account: string }>(
      'SecondBottrade/addentry',
      { bot_id: bot.id },
      { token },
    );
    expect(added).toMatchObject({ account: second, bot: { deal: { safety_filled: 1 } } });
    const closed = await t.ok<{ closed: number }>('SecondBottrade/closeposition', {}, { token });
    expect(closed.closed).toBe(1);
    // The first account's bot keeps its deal.
    const kept = (await t.ok<{ bot: Bot }>('Member/checkbot', { bot_id: first.id }, { token })).bot;
    expect(kept.deal).not.toBeNull();
    expect((await t.ok<{ bot: Bot }>('Member/checkbot', { bot_id: bot.id }, { token })).bot.deal).toBeNull();
  });
});
