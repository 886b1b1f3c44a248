import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCcxtFactory } from '../src/adapters/exchange/ccxt.ts';
import { createTradingAccounts, type TradingAccounts } from '../src/features/trading/accounts.ts';
import { createMarketFeed, type MarketFeed } from '../src/features/trading/feed.ts';
import { createMarketData } from '../src/features/trading/market-data.ts';
import { createTestApp, type TestApp } from './app.ts';
import { newMember } from './helpers.ts';
import { countRoundTrips, eventually, type TripCounter } from './round-trip-counter.ts';

/**
 * The market screen's reads of a member's trading accounts kept in memory (issue 32, bench/reads): `Online/accounts`,
 * `Trade/demobalance` and `Online/openorders`. Two servers on one database: what one changes, the other shows within
 * milliseconds (`within` allows 1 s, far below the entries' 5 s lifetime, so a missing notice fails); what a server
 * changes itself it shows at once. Each case fails without its invalidation.
 */
let a: TestApp;
let b: TestApp;
let feed: MarketFeed;
let counter: TripCounter;
let keys = 0;
const key = () => `mr-${Date.now()}-${keys++}`;

type Balance = {
  balances: { asset: string; free: string; used: string }[];
  resets: number;
  start_balance: string;
};
type Open = { list: { order_id: string; side: string; price: string }[] };
type Accounts = { list: { id: string; kind: string; label: string; created_at: string }[] };

const usdt = (bal: Balance) => bal.balances.find((x) => x.asset === 'USDT') ?? { free: '0', used: '0' };
const balance = (t: TestApp, token: string) =>
  t.ok<Balance>('Trade/demobalance', { account: 'demo' }, { token });
const open = (t: TestApp, token: string) => t.ok<Open>('Online/openorders', { account: 'demo' }, { token });
const accounts = (t: TestApp, token: string) => t.ok<Accounts>('Online/accounts', {}, { token });

/** Polls `read` until `done` holds, for at most `ms`; answers the last value read. */
async function within<T>(ms: number, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    value = await read();
  }
  return value;
}

/** A resting limit buy below the price (it stays open), placed through server `t`. */
async function restingBuy(t: TestApp, token: string): Promise<string> {
  const last = Number(
    (await t.ok<{ ticker: { last: string } }>('Online/marketinfo', { symbol: 'BNB/USDT' })).ticker.last,
  );
  const placed = await t.ok<{ order_id: string; state: string }>(
    'Online/SaveOrder',
    {
      account: 'demo',
      symbol: 'BNB/USDT',
      side: 'buy',
      type: 'limit',
      amount: '1',
      price: (last * 0.9).toFixed(2),
      idempotency_key: key(),
    },
    { token },
  );
  expect(placed.state).toBe('open');
  return placed.order_id;
}

/** Reads once, then until the call asks no database (the feed may deliver a notice after a first read). */
const warm = async (read: () => Promise<unknown>) => {
  await read();
  return eventually(
    async () => {
      counter.reset();
      await read();
      return counter.since();
    },
    (n) => n === 0,
  );
};

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ database: a.url });
  feed = createMarketFeed({ db: a.db, clock: a.clock, backfillDays: 1 / 24, historyDays: 2 });
  await feed.step();
  const m = await newMember(a);
  counter = await countRoundTrips(a, m.token);
});

afterAll(async () => {
  counter?.restore();
  await feed?.stop();
  await b?.close();
  await a?.close();
});

describe("the market screen's account reads", () => {
  it('ask no database once warm', async () => {
    const m = await newMember(a);
    expect(await warm(() => accounts(a, m.token))).toBe(0);
    expect(await warm(() => balance(a, m.token))).toBe(0);
    expect(await warm(() => open(a, m.token))).toBe(0);
  });

  it('show an order placed and cancelled on this server at once: its held money and the open list', async () => {
    const m = await newMember(a);
    await warm(() => balance(a, m.token));
    await warm(() => open(a, m.token));
    const id = await restingBuy(a, m.token);
    expect(Number(usdt(await balance(a, m.token)).used)).toBeGreaterThan(0);
    expect((await open(a, m.token)).list.map((o) => o.order_id)).toEqual([id]);
    await a.ok('Online/CloseOrder', { order_id: id }, { token: m.token });
    expect(usdt(await balance(a, m.token)).used).toBe('0');
    expect((await open(a, m.token)).list).toEqual([]);
  });

  it('show an order placed and cancelled through another server within milliseconds', async () => {
    const m = await newMember(a);
    await warm(() => balance(a, m.token));
    await warm(() => open(a, m.token));
    const id = await restingBuy(b, m.token);
    const listed = await within(
      1000,
      () => open(a, m.token),
      (v) => v.list.length === 1,
    );
    expect(listed.list.map((o) => o.order_id)).toEqual([id]);
    const held = await within(
      1000,
      () => balance(a, m.token),
      (v) => Number(usdt(v).used) > 0,
    );
    expect(Number(usdt(held).used)).toBeGreaterThan(0);
    await b.ok('Online/CloseOrder', { order_id: id }, { token: m.token });
    expect(
      (
        await within(
          1000,
          () => open(a, m.token),
          (v) => v.list.length === 0,
        )
      ).list,
    ).toEqual([]);
    expect(
      usdt(
        await within(
          1000,
          () => balance(a, m.token),
          (v) => usdt(v).used === '0',
        ),
      ).used,
    ).toBe('0');
  });

  it("show a resting order filled by another server's matching within milliseconds, and by this one's at once", async () => {
    const m = await newMember(a);
    const engines = (t: TestApp): TradingAccounts =>
      createTradingAccounts({
        db: t.db,
        clock: t.clock,
        data: createMarketData(t.db, t.clock),
        secret: Buffer.alloc(32, 7),
        ccxt: createCcxtFactory(),
      });
    for (const [matcher, ms] of [
      [engines(b), 1000],
      [engines(a), 0],
    ] as const) {
      const id = await restingBuy(a, m.token);
      await warm(() => open(a, m.token));
      const { price } = (await open(a, m.token)).list.find((o) => o.order_id === id)!;
      const low = (Number(price) * 0.98).toFixed(2);
      expect(await matcher.matchResting([{ symbol: 'BNB/USDT', low, high: price }])).toBe(1);
      const after = await within(
        ms,
        () => open(a, m.token),
        (v) => v.list.length === 0,
      );
      expect(after.list).toEqual([]);
    }
  });

  it('show a fresh start at once: the starting balance back and the reset counted', async () => {
    const m = await newMember(a);
    await restingBuy(a, m.token);
    const before = await warm(() => balance(a, m.token)).then(() => balance(a, m.token));
    await a.ok('Trade/demoreset', { idempotency_key: key() }, { token: m.token });
    const after = await balance(a, m.token);
    expect(after.resets).toBe(before.resets + 1);
    expect(usdt(after)).toMatchObject({ free: after.start_balance, used: '0' });
    expect((await open(a, m.token)).list).toEqual([]);
  });

  it('answer the same through the production serializer, which writes a shared answer once', async () => {
    const c = await createTestApp({ database: a.url, config: { validateResponses: false } });
    try {
      const m = await newMember(a);
      await restingBuy(a, m.token);
      for (const read of [accounts, balance, open]) {
        const validated = await read(a, m.token);
        // Twice: the second answer reuses the JSON the first one wrote.
        expect(await read(c, m.token)).toEqual(validated);
        expect(await read(c, m.token)).toEqual(validated);
      }
    } finally {
      await c.close();
    }
  });

  it('list an account made or disconnected through another server within milliseconds', async () => {
    const m = await newMember(a);
    const created = (v: Accounts) => v.list.find((x) => x.id === 'demo')?.created_at ?? '';
    expect(created(await accounts(a, m.token))).toBe('');
    await warm(() => accounts(a, m.token));
    // The demo account is made on first use, here through the other server.
    await balance(b, m.token);
    expect(
      created(
        await within(
          1000,
          () => accounts(a, m.token),
          (v) => created(v) !== '',
        ),
      ),
    ).not.toBe('');
    // An exchange account connected and disconnected elsewhere (its row written as its one writer writes it).
    const memberId = (
      await a.db.selectFrom('members').select('id').where('userid', '=', m.userid).executeTakeFirstOrThrow()
    ).id;
    const row = await a.db
      .insertInto('trading_accounts')
      .values({
        member_id: memberId,
        kind: 'exchange',
        venue: 'binance',
        label: 'Main',
        key_hint: 'abcd',
        key_box: Buffer.alloc(8),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shown = await within(
      1000,
      () => accounts(a, m.token),
      (v) => v.list.some((x) => x.id === row.id),
    );
    expect(shown.list.find((x) => x.id === row.id)).toMatchObject({ kind: 'exchange', label: 'Main' });
    await warm(() => accounts(a, m.token));
    // A column the list does not show says nothing: still served from memory.
    await a.db.updateTable('trading_accounts').set({ bot_budget: '100' }).where('id', '=', row.id).execute();
    await new Promise((r) => setTimeout(r, 50));
    counter.reset();
    await accounts(a, m.token);
    expect(counter.since()).toBe(0);
    await a.db
      .updateTable('trading_accounts')
      .set({ deleted_at: new Date(), key_hint: '' })
      .where('id', '=', row.id)
      .execute();
    const gone = await within(
      1000,
      () => accounts(a, m.token),
      (v) => !v.list.some((x) => x.id === row.id),
    );
    expect(gone.list.some((x) => x.id === row.id)).toBe(false);
  });
});
