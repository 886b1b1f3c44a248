import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { logInAs, newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { createCcxtFactory } from '../../adapters/exchange/ccxt.ts';
import { createTradingAccounts } from '../trading/accounts.ts';
import { createMarketFeed, type MarketFeed } from '../trading/feed.ts';
import { createMarketData } from '../trading/market-data.ts';
import { type BotEngine, createBotEngine } from './engine.ts';

/** DCA bots on the paper exchange, over price paths the test sets (issue 14). */
let t: TestApp;
let feed: MarketFeed;
let engine: BotEngine;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 1 });
  const deps = {
    db: t.db,
    clock: t.clock,
    data: createMarketData(t.db, t.clock),
    secret: Buffer.alloc(32, 7),
    ccxt: createCcxtFactory(),
  };
  engine = createBotEngine({ ...deps, trading: createTradingAccounts(deps) });
  await feed.step();
  admin = await adminToken(t);
  // Exact figures: no spread or slippage; a 0.1% fee.
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

type Bot = {
  id: string;
  state: string;
  error: string;
  deals_closed: number;
  profit: string;
  budget: string;
  deal: null | {
    size: string;
    cost: string;
    average_price: string;
    safety_filled: number;
    take_profit_price: string;
    next_safety_price: string;
    stop_loss_price: string;
  };
};

async function setPrice(symbol: string, last: string) {
  t.clock.advance(1000);
  await t.db
    .updateTable('market_tickers')
    .set({ last, at: t.clock.now() })
    .where('symbol', '=', symbol)
    .execute();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const DCA = {
  account: 'demo',
  symbol: 'BTC/USDT',
  market: 'spot',
  direction: 'long',
  base_order: '100',
  safety_order: '100',
  max_safety: 2,
  deviation_percent: '1',
  step_scale: '2',
  volume_scale: '2',
  take_profit_percent: '1.5',
};

async function newBot(token: string, body: Record<string, unknown> = {}) {
  return (await t.ok<{ bot: Bot }>('Bottrade/botsave', { ...DCA, ...body }, { token })).bot;
}
const botOf = async (token: string, id: string) =>
  (await t.ok<{ bot: Bot }>('Member/checkbot', { bot_id: id }, { token })).bot;
const usdtFree = async (token: string) =>
  (
    await t.ok<{ balances: { asset: string; free: string }[] }>(
      'Trade/demobalance',
      { account: 'demo' },
      { token },
    )
  ).balances.find((b) => b.asset === 'USDT')!.free;

describe('DCA bots on the demo account', () => {
  it('refuses settings that make no sense, with the field named', async () => {
    const { token } = await newMember(t);
    const short = await t.call('Bottrade/botsave', { ...DCA, direction: 'short' }, { token });
    expect(short.http).toBe(422);
    expect(short.body.msg).toBe('A spot bot can only buy first (long); use a perpetual to go short');
    const tp = await t.call('Bottrade/botsave', { ...DCA, take_profit_percent: '0.001' }, { token });
    expect(tp.http).toBe(422);
    expect(tp.body.errors?.[0]?.field).toBe('take_profit_percent');
    const small = await t.call('Bottrade/botsave', { ...DCA, base_order: '1' }, { token });
    expect(small.body.msg).toBe('An order of 1 USDT is below the market minimum of 5 USDT');
    expect(await t.ok<{ list: unknown[] }>('Member/listbots', {}, { token })).toEqual({ list: [] });
  });

  it('runs a deal over a falling then rising path: two safety orders, then the take profit with profit', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    const bot = await newBot(token);
    expect(bot).toMatchObject({ state: 'stopped', budget: '400', deal: null });
    const started = await t.call<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(started.body.msg).toBe('Bot started');
    expect(started.body.data!.bot.deal).toMatchObject({
      size: '0.001',
      average_price: '100000.00',
      safety_filled: 0,
      next_safety_price: '99000.00',
      take_profit_price: '101500.00',
    });
    // Nothing happens while the price stays between the levels.
    await setPrice('BTC/USDT', '99500.00');
    expect((await engine.tick()).acted).toBe(0);
    // Safety 1 at -1%, safety 2 at -3% (step scale 2).
    await setPrice('BTC/USDT', '99000.00');
    await engine.tick();
    await setPrice('BTC/USDT', '97000.00');
    await Promise.all([engine.tick(), engine.tick()]);
    let now = await botOf(token, bot.id);
    expect(now.deal).toMatchObject({ safety_filled: 2, next_safety_price: '' });
    const avg = Number(now.deal!.average_price);
    expect(avg).toBeLessThan(99000);
    await setPrice('BTC/USDT', '95000.00');
    expect((await engine.tick()).acted).toBe(0);
    // The take profit is 1.5% above the average entry.
    const tp = now.deal!.take_profit_price;
    expect(Number(tp)).toBeCloseTo(avg * 1.015, -1);
    await setPrice('BTC/USDT', tp);
    await engine.tick();
    now = await botOf(token, bot.id);
    expect(now).toMatchObject({ state: 'running', deals_closed: 1, deal: null });
    expect(Number(now.profit)).toBeGreaterThan(0);
    const history = await t.ok<{ list: { close_reason: string; pnl: string; safety_filled: number }[] }>(
      'Bottrade/History',
      { bot_id: bot.id },
      { token },
    );
    expect(history.list).toEqual([
      expect.objectContaining({ close_reason: 'take_profit', safety_filled: 2, pnl: now.profit }),
    ]);
    // The bot's orders are the account's fills: base, two safeties and the sale.
    const fills = await t.ok<{ list: { side: string }[] }>(
      'Tradetx/Recordtx',
      { account: 'demo' },
      { token },
    );
    expect(fills.list.map((f) => f.side)).toEqual(['sell', 'buy', 'buy', 'buy']);
    const detail = await t.ok<{ orders: { kind: string }[] }>(
      'Member/checkbot',
      { bot_id: bot.id },
      { token },
    );
    expect(detail.orders.map((o) => o.kind)).toEqual(['take_profit', 'safety', 'safety', 'base']);
    // The next tick opens the next deal.
    await engine.tick();
    expect((await botOf(token, bot.id)).deal).not.toBeNull();
  });

  it('sends a decision once: an order sent but not recorded is found again by its key', async () => {
    const { token, userid } = await newMember(t);
    const memberId = (
      await t.db.selectFrom('members').select('id').where('userid', '=', userid).executeTakeFirstOrThrow()
    ).id;
    await setPrice('BTC/USDT', '100000.00');
    const bot = await newBot(token);
    await t.db.updateTable('bots').set({ state: 'running' }).where('id', '=', bot.id).execute();
    // The engine sent the base order and stopped before recording it (a crash between the two).
    const { resolve } = createTradingAccounts({
      db: t.db,
      clock: t.clock,
      data: createMarketData(t.db, t.clock),
      secret: Buffer.alloc(32, 7),
      ccxt: createCcxtFactory(),
    });
    const account = await resolve(memberId, 'demo');
    await account.gateway.createOrder({
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'market',
      amount: '0.001',
      market: 'spot',
      leverage: 1,
      reduceOnly: false,
      idempotencyKey: `bot:${bot.id}:0`,
    });
    await engine.tick();
    const orders = await t.db
      .selectFrom('trade_orders')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    expect(orders).toHaveLength(1);
    expect((await botOf(token, bot.id)).deal).toMatchObject({ size: '0.001' });
    expect(await usdtFree(token)).toBe('9899.9');
  });

  it('stops with a clear message when the account cannot pay, and stays stopped', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    const bot = await newBot(token, { base_order: '20000' });
    const started = await t.call<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(started.body.data!.bot).toMatchObject({
      state: 'error',
      error: 'Not enough USDT: 10000 available, 20020 needed',
      deal: null,
    });
    expect((await engine.tick()).acted).toBe(0);
    const list = await t.ok<{ list: Bot[] }>('Member/listbots', {}, { token });
    expect(list.list[0]!.state).toBe('error');
  });

  it('stops, closes a deal at market, adds an entry by hand, and refuses what does not apply', async () => {
    const { token } = await newMember(t);
    await setPrice('ETH/USDT', '3000.00');
    const bot = await newBot(token, { symbol: 'ETH/USDT', max_safety: 1 });
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    const perpOff = await t.call('Bottrade/market_Perp_trade_off', { bot_id: bot.id }, { token });
    expect(perpOff.body.msg).toBe('This is a spot bot');
    const off = await t.call<{ bot: Bot }>('Bottrade/market_trade_off', { bot_id: bot.id }, { token });
    expect(off.body.data!.bot.state).toBe('stopped');
    await setPrice('ETH/USDT', '2900.00');
    expect((await engine.tick()).acted).toBe(0);
    const added = await t.call<{ bot: Bot }>('Bottrade/addentry', { bot_id: bot.id }, { token });
    expect(added.body.msg).toBe('Safety order placed');
    expect(added.body.data!.bot.deal!.safety_filled).toBe(1);
    const more = await t.call('Bottrade/addentry', { bot_id: bot.id }, { token });
    expect(more.body.msg).toBe('Every safety order of this deal is already placed (1)');
    const edit = await t.call('Bottrade/botsave', { ...DCA, id: bot.id, symbol: 'BTC/USDT' }, { token });
    expect(edit.body.msg).toBe('This bot has an open deal: close it before changing its market or direction');
    const closed = await t.call<{ bot: Bot }>('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });
    expect(closed.body.msg).toBe('Deal closed');
    expect(closed.body.data!.bot).toMatchObject({ state: 'stopped', deal: null, deals_closed: 1 });
    const history = await t.ok<{ list: { close_reason: string }[] }>('Bottrade/History', {}, { token });
    expect(history.list[0]!.close_reason).toBe('manual');
    const detail = await t.ok<{ orders: { kind: string }[] }>(
      'Member/checkbot',
      { bot_id: bot.id },
      { token },
    );
    expect(detail.orders.map((o) => o.kind)).toEqual(['manual_close', 'manual_entry', 'base']);
    const none = await t.call('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });
    expect(none.body.msg).toBe('This bot has no open deal');
    const other = await newMember(t);
    const foreign = await t.call('Member/checkbot', { bot_id: bot.id }, { token: other.token });
    expect(foreign.http).toBe(404);
  });

  it('a perpetual short bot opens a short at its leverage and takes profit as the price falls', async () => {
    const { token } = await newMember(t);
    await setPrice('SOL/USDT', '200.00');
    const bot = await newBot(token, {
      symbol: 'SOL/USDT',
      market: 'perp',
      direction: 'short',
      leverage: 5,
      max_safety: 0,
      take_profit_percent: '2',
      stop_loss_percent: '5',
    });
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    const positions = await t.ok<{ list: { side: string; leverage: number; contracts: string }[] }>(
      'Online/positions',
      { account: 'demo' },
      { token },
    );
    expect(positions.list).toEqual([
      expect.objectContaining({ side: 'short', leverage: 5, contracts: '0.5' }),
    ]);
    expect((await botOf(token, bot.id)).deal).toMatchObject({
      take_profit_price: '196.00',
      stop_loss_price: '210.00',
    });
    await setPrice('SOL/USDT', '196.00');
    await engine.tick();
    const done = await botOf(token, bot.id);
    expect(done.deals_closed).toBe(1);
    expect(Number(done.profit)).toBeGreaterThan(0);
    expect(
      (await t.ok<{ list: unknown[] }>('Online/positions', { account: 'demo' }, { token })).list,
    ).toEqual([]);
  });

  it('previews a manual action, reverses a perpetual bot, and marks its orders on the chart', async () => {
    const { token } = await newMember(t);
    await setPrice('XRP/USDT', '2.0000');
    const bot = await newBot(token, {
      symbol: 'XRP/USDT',
      market: 'perp',
      direction: 'long',
      leverage: 2,
      base_order: '100',
      safety_order: '100',
      max_safety: 1,
    });
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    await setPrice('XRP/USDT', '1.9900');
    // Adding the safety order at 1.99: 50.2 XRP (100 USDT in whole tenths) for 99.898, the average then about 1.995.
    const entry = await t.ok<Record<string, string>>(
      'Bottrade/confirmpost',
      { bot_id: bot.id, action: 'entry' },
      { token },
    );
    expect(entry).toMatchObject({ action: 'entry', side: 'buy', amount: '50.2', price: '1.9900', pnl: '' });
    expect(Number(entry.average_after)).toBeCloseTo(1.995, 3);
    const close = await t.ok<Record<string, string>>(
      'Bottrade/confirmpost',
      { bot_id: bot.id, action: 'close' },
      { token },
    );
    // 50 XRP bought at 2.00 (100) worth 99.5 at 1.99, less the 0.1% fee paid: -0.6.
    expect(close).toMatchObject({ side: 'sell', amount: '50', value: '99.5', pnl: '-0.6' });
    // Nothing was sent by the previews.
    expect((await botOf(token, bot.id)).deal).toMatchObject({ safety_filled: 0, size: '50' });

    const reversed = await t.call<{ bot: Bot & { direction: string } }>(
      'Bottrade/reventry',
      { bot_id: bot.id },
      { token },
    );
    expect(reversed.body.msg).toBe('Deal closed and the bot turned around');
    expect(reversed.body.data!.bot).toMatchObject({ direction: 'short', state: 'running', deals_closed: 1 });
    expect(reversed.body.data!.bot.deal).toMatchObject({ size: '50.2', average_price: '1.9900' });
    const positions = await t.ok<{ list: { symbol: string; side: string }[] }>(
      'Online/positions',
      { account: 'demo' },
      { token },
    );
    expect(positions.list.filter((p) => p.symbol === 'XRP/USDT')).toEqual([
      expect.objectContaining({ side: 'short' }),
    ]);
    const chart = await t.ok<{
      candles: unknown[];
      marks: { kind: string; side: string }[];
      levels: Record<string, string>;
    }>('Bottrade/chartInfo', { bot_id: bot.id, timeframe: '1m' }, { token });
    expect(chart.candles.length).toBeGreaterThan(0);
    expect(chart.marks.map((m) => `${m.kind}:${m.side}`)).toEqual([
      'base:buy',
      'manual_close:sell',
      'base:sell',
    ]);
    expect(chart.levels).toMatchObject({ average: '1.9900', stop_loss: '' });
    await t.ok('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });

    const spot = await newBot(token, { symbol: 'ETH/USDT' });
    await t.ok('Bottrade/Onlinetx', { bot_id: spot.id }, { token });
    const refused = await t.call('Bottrade/reventry', { bot_id: spot.id }, { token });
    expect(refused.body.msg).toBe('Only a perpetual bot can be reversed');
    const second = await t.call('SecondBottrade/closeposition', {}, { token });
    expect(second.body.msg).toBe('Connect a second exchange account first');
    const api = await t.ok<{ valid: boolean; free: string }>(
      'Member/checkapi',
      { account: 'demo' },
      { token },
    );
    expect(api.valid).toBe(true);
    await t.ok('Bottrade/closepositionbyid', { bot_id: spot.id }, { token });
  });

  it('the all-in-one budget bounds what the running bots of an account take together; turning it off stops them', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    await setPrice('ETH/USDT', '3000.00');
    const saved = await t.call<{ enabled: boolean; budget: string }>(
      'Bottrade/checkaio',
      { account: 'demo', save: true, budget: '500' },
      { token },
    );
    expect(saved.body.msg).toBe('All-in-one budget saved');
    expect(saved.body.data).toMatchObject({ enabled: true, budget: '500', committed: '0', left: '500' });
    const a = await newBot(token);
    const b = await newBot(token, { symbol: 'ETH/USDT' });
    await t.ok('Bottrade/Onlinetx', { bot_id: a.id }, { token });
    const refused = await t.call('Bottrade/Onlinetx', { bot_id: b.id }, { token });
    expect(refused.http).toBe(409);
    expect(refused.body.msg).toBe(
      'The all-in-one budget of this account is 500 USDT and its running bots take 400: this bot needs 400 more',
    );
    expect((await botOf(token, b.id)).state).toBe('stopped');
    const read = await t.ok<{ committed: string; left: string; bots: { id: string; state: string }[] }>(
      'Bottrade/checkaio',
      { account: 'demo' },
      { token },
    );
    expect(read).toMatchObject({ committed: '400', left: '100' });
    expect(read.bots.map((x) => [x.id, x.state])).toEqual([
      [a.id, 'running'],
      [b.id, 'stopped'],
    ]);
    const off = await t.call<{ stopped: number }>('Bottrade/market_aio_off', { account: 'demo' }, { token });
    expect(off.body).toMatchObject({
      msg: 'All-in-one mode off: the bots on this account stopped',
      data: { stopped: 1 },
    });
    expect(await botOf(token, a.id)).toMatchObject({ state: 'stopped' });
    expect((await botOf(token, a.id)).deal).not.toBeNull();
    // Without the budget, each bot is bounded only by its own settings.
    await t.ok('Bottrade/Onlinetx', { bot_id: b.id }, { token });
    expect(
      (await t.ok<{ enabled: boolean }>('Bottrade/checkaio', { account: 'demo' }, { token })).enabled,
    ).toBe(false);
    await t.ok('Bottrade/market_trade_off', { bot_id: b.id }, { token });
    // Eight starts at once under a budget that fits two of them: two run.
    await t.ok('Bottrade/checkaio', { account: 'demo', save: true, budget: '800' }, { token });
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        newBot(token, { symbol: i % 2 ? 'SOL/USDT' : 'XRP/USDT', max_safety: 2 }),
      ),
    );
    const starts = await Promise.all(
      many.map((m) => t.call('Bottrade/Onlinetx', { bot_id: m.id }, { token })),
    );
    expect(starts.filter((r) => r.http === 200).length).toBe(2);
    expect(
      (await t.ok<{ committed: string }>('Bottrade/checkaio', { account: 'demo' }, { token })).committed,
    ).toBe('800');
    await t.ok('Bottrade/market_aio_off', { account: 'demo' }, { token });
    const bad = await t.call('Bottrade/checkaio', { account: 'demo', save: true, budget: '-5' }, { token });
    expect(bad.http).toBe(422);
    expect(bad.body.errors?.[0]?.field).toBe('budget');
  });

  it('limit entries: one that does not fill at once is cancelled and tried again with the next key', async () => {
    const { token } = await newMember(t);
    await setPrice('ETH/USDT', '3000.00');
    const bot = await newBot(token, { symbol: 'ETH/USDT' });
    const typed = await t.call<{ bot: Bot & { order_type: string } }>(
      'Bottrade/market_ordertype',
      { bot_id: bot.id, order_type: 'limit' },
      { token },
    );
    expect(typed.body).toMatchObject({ msg: 'Order type saved', data: { bot: { order_type: 'limit' } } });
    // A 2% spread puts the ask above the limit's cap (0.5% over the last price): nothing fills.
    await t.ok('Admin/marketsettings', { save: true, spread_bps: 400 }, { token: admin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = await t.ok<{ bot: Bot }>('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(started.bot).toMatchObject({ state: 'running', error: '', deal: null });
    const tried = await t.db
      .selectFrom('trade_orders as o')
      .innerJoin('bots as b', 'b.account_id', 'o.account_id')
      .select(['o.type', 'o.state', 'o.limit_price', 'o.idempotency_key', 'b.attempts'])
      .where('b.id', '=', bot.id)
      .where('o.symbol', '=', 'ETH/USDT')
      .execute();
    expect(tried).toEqual([
      {
        type: 'limit',
        state: 'cancelled',
        limit_price: '3015.00',
        idempotency_key: `bot:${bot.id}:0`,
        attempts: 1,
      },
    ]);
    // With the spread back, the next tick's order (its own key) fills at no more than the cap.
    await t.ok('Admin/marketsettings', { save: true, spread_bps: 0 }, { token: admin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await engine.tick();
    const now = await botOf(token, bot.id);
    expect(now.deal).toMatchObject({ average_price: '3000.00', safety_filled: 0 });
    const keys = await t.db
      .selectFrom('trade_orders')
      .select(['idempotency_key', 'state'])
      .where('idempotency_key', 'like', `bot:${bot.id}:%`)
      .orderBy('id')
      .execute();
    expect(keys).toEqual([
      { idempotency_key: `bot:${bot.id}:0`, state: 'cancelled' },
      { idempotency_key: `bot:${bot.id}:0:1`, state: 'filled' },
    ]);
    // Closes are always at market.
    await t.ok('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });
    const close = await t.db
      .selectFrom('trade_orders')
      .select('type')
      .where('idempotency_key', '=', `bot:${bot.id}:1`)
      .executeTakeFirstOrThrow();
    expect(close.type).toBe('market');
  });

  it('closes every open deal of the member at once, and leaves other members alone', async () => {
    const { token } = await newMember(t);
    const other = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    await setPrice('ETH/USDT', '3000.00');
    const a = await newBot(token);
    const b = await newBot(token, { symbol: 'ETH/USDT' });
    const c = await newBot(other.token);
    for (const [bot, tok] of [
      [a, token],
      [b, token],
      [c, other.token],
    ] as const)
      await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token: tok });
    const res = await t.call<{ closed: number }>('Bottrade/closeposition', {}, { token });
    expect(res.body).toMatchObject({ msg: 'Deal closed', data: { closed: 2 } });
    for (const bot of [a, b])
      expect(await botOf(token, bot.id)).toMatchObject({ state: 'stopped', deal: null });
    expect((await botOf(other.token, c.id)).deal).not.toBeNull();
    await t.ok('Bottrade/closeposition', {}, { token: other.token });
  });

  it('the balance call shows what running bots may still spend; CheckStep says what is missing', async () => {
    const { token } = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    const bot = await newBot(token);
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    const b = await t.ok<{ committed: string; available: string; free: string }>(
      'Member/Botbalance',
      { account: 'demo' },
      { token },
    );
    // 400 of budget, 100 of it spent by the open deal.
    expect(b).toMatchObject({ free: '9899.9', committed: '300', available: '9599.9' });
    const steps = await t.ok<{ steps: { key: string; done: boolean }[]; ready: boolean }>(
      'Member/CheckStep',
      { account: 'demo' },
      { token },
    );
    expect(steps).toEqual({
      steps: [
        { key: 'kyc', done: true },
        { key: 'account', done: true },
        { key: 'funds', done: true },
      ],
      ready: true,
      // Bots are free unless the operator sets a fee: no subscription step.
      subscription: { fee: '0', days: 30, paid_until: '', active: true },
    });
    const live = await t.ok<{ steps: { key: string; done: boolean }[] }>(
      'Member/CheckStep',
      { account: '12345' },
      { token },
    );
    expect(live.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(['kyc', 'account', 'funds']);
  });

  it("the operator's switch pauses every bot; stopping one member's bots", async () => {
    const { token, userid } = await newMember(t);
    await setPrice('BTC/USDT', '100000.00');
    const bot = await newBot(token);
    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    const listed = await t.ok<{ running: number; list: { userid: string }[] }>(
      'Admin/bots',
      {},
      { token: admin },
    );
    expect(listed.list.map((b) => b.userid)).toContain(userid);
    await t.ok('Admin/bots', { save: true, enabled: false }, { token: admin });
    await setPrice('BTC/USDT', '98000.00');
    expect(await engine.tick()).toEqual({ bots: 0, acted: 0 });
    const refused = await t.call('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(refused.body.msg).toBe('Bots are paused by the operator; please try again later');
    await t.ok('Admin/bots', { save: true, enabled: true, stop_member: userid }, { token: admin });
    expect((await botOf(token, bot.id)).state).toBe('stopped');
  });
});

describe('the bot subscription', () => {
  it('is free until the operator sets a fee; then bots run only while it is paid, once per key', async () => {
    const m = await newMember(t);
    const { userid } = m;
    let token = m.token;
    await setPrice('BTC/USDT', '100000.00');
    const free = await t.call(
      'Bottrade/subscribe',
      { tx_password: '654321', idempotency_key: newKey() },
      { token },
    );
    expect(free.body.msg).toBe('Bots are free: there is nothing to pay');
    const bot = await newBot(token);

    const set = await t.ok<{ fee: string; days: number }>(
      'Admin/bots',
      { save: true, fee: '10', days: 30 },
      { token: admin },
    );
    expect(set).toMatchObject({ fee: '10', days: 30, enabled: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const steps = await t.ok<{
      steps: { key: string; done: boolean }[];
      ready: boolean;
      subscription: unknown;
    }>('Member/CheckStep', {}, { token });
    expect(steps.steps).toContainEqual({ key: 'subscription', done: false });
    expect(steps).toMatchObject({
      ready: false,
      subscription: { fee: '10', days: 30, paid_until: '', active: false },
    });
    const refused = await t.call('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect(refused.body.msg).toBe('Running bots needs the bot subscription (10 USDT for 30 days)');

    // Not enough in the trading wallet: refused, nothing paid.
    await fund(t, admin, userid, '15', 'trading');
    const wrong = await t.call(
      'Bottrade/subscribe',
      { tx_password: '000000', idempotency_key: newKey() },
      { token },
    );
    expect(wrong.http).toBe(422);
    // Eight presses of one payment pay once.
    const key = newKey();
    const paid = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call<{ paid_until: string; balance_after: string }>(
          'Bottrade/subscribe',
          { tx_password: '654321', idempotency_key: key },
          { token },
        ),
      ),
    );
    expect(new Set(paid.map((r) => r.body.data?.paid_until)).size).toBe(1);
    expect(paid[0]!.body.msg).toBe('Bot subscription paid');
    expect((await balanceOf(t, token, 'trading')).balance).toBe('5');
    const until = new Date(paid[0]!.body.data!.paid_until).getTime();
    expect(until - t.clock.now().getTime()).toBe(30 * 86_400_000);
    const poor = await t.call(
      'Bottrade/subscribe',
      { tx_password: '654321', idempotency_key: newKey() },
      { token },
    );
    expect(poor.http).toBe(422);
    expect((await balanceOf(t, token, 'trading')).balance).toBe('5');

    await t.ok('Bottrade/Onlinetx', { bot_id: bot.id }, { token });
    expect((await botOf(token, bot.id)).state).toBe('running');
    // When the period ends, the engine stops the bot with the reason.
    t.clock.advance(31 * 86_400_000);
    await setPrice('BTC/USDT', '100000.00');
    await engine.tick();
    // (A month on, the sessions ended too.)
    token = await logInAs(t, userid, m.password);
    admin = await adminToken(t);
    expect(await botOf(token, bot.id)).toMatchObject({
      state: 'error',
      error: 'The bot subscription ended; renew it to run bots again',
    });
    await expectLedgerHealthy(t);
    await t.ok('Admin/bots', { save: true, fee: '0' }, { token: admin });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.ok('Bottrade/closepositionbyid', { bot_id: bot.id }, { token });
  });
});
