import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { createCcxtFactory } from '../../adapters/exchange/ccxt.ts';
import { createLedger } from '../../ledger/index.ts';
import { createTradingAccounts } from '../trading/accounts.ts';
import { createMarketFeed, type MarketFeed } from '../trading/feed.ts';
import { createMarketData } from '../trading/market-data.ts';
import { type CopyEngine, createCopyEngine } from './engine.ts';

/**
 * Copy trading end to end on the API (issue 15): a lead trader trades their demo account, the pool mirrors it,
 * followers' values follow, settlement shares profit above the high-water mark once, terms end, stop-copy.
 * No fees, spread or slippage on the paper exchange here, so the worked examples are exact.
 */
let t: TestApp;
let feed: MarketFeed;
let engine: CopyEngine;
let admin: string;
const TX = '654321';

beforeAll(async () => {
  t = await createTestApp();
  feed = createMarketFeed({ db: t.db, clock: t.clock, backfillDays: 1 / 24, historyDays: 2 });
  const data = createMarketData(t.db, t.clock);
  const trading = createTradingAccounts({
    db: t.db,
    clock: t.clock,
    data,
    secret: Buffer.alloc(32, 7),
    ccxt: createCcxtFactory(),
  });
  engine = createCopyEngine({ db: t.db, clock: t.clock, data, trading, ledger: createLedger(t.db) });
  await feed.step();
  admin = await adminToken(t);
  await t.ok(
    'Admin/marketsettings',
    { save: true, fee_bps: 0, spread_bps: 0, slippage_bps: 0, funding_bps: 0 },
    { token: admin },
  );
});
afterAll(async () => {
  await feed.stop();
  await t.close();
});

async function setPrice(symbol: string, last: string) {
  t.clock.advance(1000);
  await t.db
    .updateTable('market_tickers')
    .set({ last, at: t.clock.now() })
    .where('symbol', '=', symbol)
    .execute();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function verified() {
  const m = await newMember(t);
  await t.db.updateTable('members').set({ kyc_state: 'approved' }).where('userid', '=', m.userid).execute();
  return m;
}

type Investment = {
  id: string;
  state: string;
  principal: string;
  value: string;
  pnl: string;
  high_water_mark: string;
  shared: string;
  fees: string;
  returned: string;
  ends_at: string;
  renewals: number;
  close_reason: string;
};

/** An approved lead trader with one package (10% share, the given fee) and a follower with trading USDT. */
async function scenario(o: { feePercent?: string; followerFunds?: string } = {}) {
  const trader = await verified();
  await t.ok(
    'Trade/traderapply',
    { display_name: `Trader ${trader.userid.slice(-4)}`, agree: true },
    { token: trader.token },
  );
  const { list } = await t.ok<{ list: { id: string; userid: string }[] }>(
    'Admin/traders',
    { pagesize: 100, state: 'pending' },
    { token: admin },
  );
  const traderId = list.find((x) => x.userid === trader.userid)!.id;
  await t.ok('Admin/traderdecide', { id: traderId, action: 'approve' }, { token: admin });
  const pkg = await t.ok<{ id: string }>(
    'Admin/copypackagesave',
    {
      trader_id: traderId,
      name: 'Monthly',
      min_amount: '100',
      term_days: 30,
      share_percent: '10',
      fee_percent: o.feePercent ?? '0',
      active: true,
    },
    { token: admin },
  );
  const follower = await verified();
  await fund(t, admin, follower.userid, o.followerFunds ?? '5000', 'trading');
  return { trader, traderId, pkg, follower };
}

const invest = (token: string, packageId: string, amount: string, extra: Record<string, unknown> = {}) =>
  t.call<Investment>(
    'Trade/investsave',
    { package_id: packageId, amount, agree: true, tx_password: TX, idempotency_key: newKey(), ...extra },
    { token },
  );
const order = (token: string, symbol: string, side: 'buy' | 'sell', amount: string) =>
  t.ok(
    'Online/SaveOrder',
    { account: 'demo', symbol, side, type: 'market', amount, idempotency_key: newKey() },
    { token },
  );
const detail = (token: string, id: string) =>
  t.ok<{
    investment: Investment;
    pool_share: string;
    settlements: { kind: string; trader_share: string }[];
    trades: { pool_amount: string; skipped: string }[];
  }>('Trade/getTradeDetails', { id }, { token });

describe('investing', () => {
  it('refuses without identity, agreement, password or enough money and changes nothing', async () => {
    const s = await scenario({ followerFunds: '150' });
    const stranger = await newMember(t);
    expect((await invest(stranger.token, s.pkg.id, '100')).body).toMatchObject({
      code: 403,
      errors: [{ field: 'kyc' }],
    });
    expect((await invest(s.follower.token, s.pkg.id, '100', { agree: false })).body).toMatchObject({
      code: 422,
      errors: [{ field: 'agree' }],
    });
    expect((await invest(s.follower.token, s.pkg.id, '99')).body).toMatchObject({
      code: 422,
      errors: [{ field: 'amount', message: 'The least you can invest in this package is 100 USDT' }],
    });
    expect((await invest(s.follower.token, s.pkg.id, '200')).body).toMatchObject({
      code: 422,
      errors: [{ field: 'amount' }],
    });
    expect((await invest(s.follower.token, s.pkg.id, '100', { tx_password: '000000' })).body).toMatchObject({
      code: 422,
    });
    expect((await invest(s.trader.token, s.pkg.id, '100')).body).toMatchObject({
      code: 422,
      errors: [{ field: 'package_id' }],
    });
    expect((await invest(s.follower.token, '999999', '100')).body).toMatchObject({ code: 404 });
    expect((await balanceOf(t, s.follower.token, 'trading')).balance).toBe('150');
    const mine = await t.ok<{ total: number }>('Trade/getmytrade', {}, { token: s.follower.token });
    expect(mine.total).toBe(0);
  });

  it('is idempotent: the same key twice invests once', async () => {
    const s = await scenario();
    const key = newKey();
    const a = await invest(s.follower.token, s.pkg.id, '300', { idempotency_key: key });
    const b = await invest(s.follower.token, s.pkg.id, '300', { idempotency_key: key });
    expect(a.body.data!.id).toBe(b.body.data!.id);
    expect((await balanceOf(t, s.follower.token, 'trading')).balance).toBe('4700');
    await expectLedgerHealthy(t);
  });

  it('50 parallel invests of 60% of the balance: one is made', async () => {
    const s = await scenario({ followerFunds: '1000' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => invest(s.follower.token, s.pkg.id, '600')),
    );
    expect(results.filter((r) => r.body.code === 200).length).toBe(1);
    expect((await balanceOf(t, s.follower.token, 'trading')).balance).toBe('400');
    const mine = await t.ok<{ total: number; total_value: string }>(
      'Trade/getmytrade',
      {},
      { token: s.follower.token },
    );
    expect(mine).toMatchObject({ total: 1, total_value: '600' });
    await expectLedgerHealthy(t);
  });
});

describe('mirroring and settlement', () => {
  it('a +10% month pays 10% of the profit to the trader once', async () => {
    await setPrice('BTC/USDT', '50000');
    const s = await scenario();
    const inv = (await invest(s.follower.token, s.pkg.id, '1000')).body.data as Investment;
    // The trader puts all of their 10,000 into BTC; the pool (1,000) buys a tenth.
    await order(s.trader.token, 'BTC/USDT', 'buy', '0.2');
    await engine.step();
    let d = await detail(s.follower.token, inv.id);
    expect(d.trades[0]).toMatchObject({ pool_amount: '0.02', skipped: '' });
    expect(d.pool_share).toBe('100.00');
    await setPrice('BTC/USDT', '55000');
    d = await detail(s.follower.token, inv.id);
    expect(d.investment).toMatchObject({ value: '1100', pnl: '100' });
    // (Today was settled by the step above, before the price moved: nothing to share then.)
    const date = '2030-03-01';
    const [first, again] = await Promise.all([
      engine.settle(inv.id, date, 'daily'),
      engine.settle(inv.id, date, 'daily'),
    ]);
    // Both answers are the one settlement's.
    expect(first).toEqual({ share: '10000000', fee: '0' });
    expect(again).toEqual(first);
    await engine.runDaily(date);
    d = await detail(s.follower.token, inv.id);
    expect(d.investment).toMatchObject({ value: '1090', high_water_mark: '1090', shared: '10' });
    expect(d.settlements.filter((x) => x.kind === 'daily').map((x) => x.trader_share)).toEqual(['0', '10']);
    expect((await balanceOf(t, s.trader.token, 'reward')).balance).toBe('10');
    await expectLedgerHealthy(t);
  });

  it('-5% then +8% pays only above the high-water mark', async () => {
    await setPrice('ETH/USDT', '2000');
    const s = await scenario();
    const inv = (await invest(s.follower.token, s.pkg.id, '1000')).body.data as Investment;
    await order(s.trader.token, 'ETH/USDT', 'buy', '5');
    await engine.step();
    await setPrice('ETH/USDT', '1900');
    expect(await engine.settle(inv.id, '2030-01-01', 'daily')).toEqual({ share: '0', fee: '0' });
    expect((await detail(s.follower.token, inv.id)).investment).toMatchObject({
      value: '950',
      high_water_mark: '1000',
    });
    await setPrice('ETH/USDT', '2052');
    await engine.settle(inv.id, '2030-01-02', 'daily');
    expect((await detail(s.follower.token, inv.id)).investment).toMatchObject({
      value: '1023.4',
      high_water_mark: '1023.4',
      shared: '2.6',
    });
    await expectLedgerHealthy(t);
  });

  it('a top-up adds units at the current value and raises the high-water mark; renew keeps it', async () => {
    await setPrice('SOL/USDT', '100');
    const s = await scenario();
    const inv = (await invest(s.follower.token, s.pkg.id, '1000')).body.data as Investment;
    await order(s.trader.token, 'SOL/USDT', 'buy', '100');
    await engine.step();
    await setPrice('SOL/USDT', '110');
    const topped = await t.ok<Investment>(
      'Trade/topupsave',
      { id: inv.id, amount: '1100', tx_password: TX, idempotency_key: newKey() },
      { token: s.follower.token },
    );
    expect(topped).toMatchObject({ principal: '2100', value: '2200', high_water_mark: '2100' });
    const renewed = await t.ok<Investment>(
      'Trade/renewsave',
      { id: inv.id, tx_password: TX, idempotency_key: newKey() },
      { token: s.follower.token },
    );
    expect(renewed.renewals).toBe(1);
    expect(Date.parse(renewed.ends_at) - Date.parse(inv.ends_at)).toBe(30 * 86_400_000);
    expect(renewed.high_water_mark).toBe('2100');
    await engine.settle(inv.id, '2030-02-01', 'daily');
    // 100 above the mark (the top-up's cash is not in SOL): 10 to the trader.
    expect((await detail(s.follower.token, inv.id)).investment).toMatchObject({
      shared: '10',
      value: '2190',
    });
    await expectLedgerHealthy(t);
  });

  it('stop-copy: a loss past the limit closes the investment and returns its value', async () => {
    await setPrice('XRP/USDT', '1.0000');
    const s = await scenario({ followerFunds: '1000' });
    const inv = (await invest(s.follower.token, s.pkg.id, '1000', { stop_loss_percent: 10 })).body
      .data as Investment;
    await order(s.trader.token, 'XRP/USDT', 'buy', '10000');
    await engine.step();
    await setPrice('XRP/USDT', '0.9500');
    await engine.stopLosses();
    expect((await detail(s.follower.token, inv.id)).investment.state).toBe('active');
    await setPrice('XRP/USDT', '0.8800');
    await engine.stopLosses();
    const d = await detail(s.follower.token, inv.id);
    expect(d.investment).toMatchObject({
      state: 'stopped',
      close_reason: 'stop_loss',
      returned: '880',
      value: '0',
    });
    expect((await balanceOf(t, s.follower.token, 'trading')).balance).toBe('880');
    await expectLedgerHealthy(t);
  });

  it('at the end of its term an investment is settled and its value returned; auto-renew continues', async () => {
    await setPrice('DOGE/USDT', '0.10000');
    const s = await scenario();
    const ends = (await invest(s.follower.token, s.pkg.id, '1000')).body.data as Investment;
    const renews = (await invest(s.follower.token, s.pkg.id, '1000', { auto_renew: true })).body
      .data as Investment;
    await order(s.trader.token, 'DOGE/USDT', 'buy', '100000');
    await engine.step();
    await setPrice('DOGE/USDT', '0.12000');
    // The term ended (the clock stays: sessions would expire).
    await t.db
      .updateTable('copy_investments')
      .set({ ends_at: new Date(t.clock.now().getTime() - 1000) })
      .where('id', 'in', [ends.id, renews.id])
      .execute();
    await engine.endTerms();
    const a = await detail(s.follower.token, ends.id);
    // The trader's 10,000 all in DOGE, so the pool's 2,000 too: +20% is 200 for each investment.
    expect(a.investment).toMatchObject({
      state: 'closed',
      close_reason: 'term_end',
      shared: '20',
      returned: '1180',
    });
    const b = await detail(s.follower.token, renews.id);
    expect(b.investment).toMatchObject({ state: 'active', renewals: 1, shared: '20', value: '1180' });
    expect((await balanceOf(t, s.follower.token, 'trading')).balance).toBe('4180');
    await expectLedgerHealthy(t);
  });
});
