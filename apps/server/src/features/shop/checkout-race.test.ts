import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { buyCart, newProduct } from '../../../test/shop.ts';
import { buyInOneTrip } from './queries.ts';

// The order written in one round trip (shop_buy, migration 0043) under races: the stock, the money and the key.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

const product = (stock: number) => newProduct(t, admin, { price: '7', prices: [], stock });

const buy = (token: string, key: string, wallet = 'deposit') =>
  buyCart<{ order_id: string; total: string }>(t, token, { wallet, delivery: 'keep', idempotency_key: key });

describe('an order in one round trip, raced', () => {
  it('sells exactly the last 3 units to 12 buyers who each send their order twice with one key', async () => {
    const p = await product(3);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const m = await newMember(t);
        await fund(t, admin, m.userid, '20', 'deposit', 'USDT');
        await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
        return { ...m, key: newKey('race') };
      }),
    );
    const answers = await Promise.all(
      buyers.map(async (m) => await Promise.all([buy(m.token, m.key), buy(m.token, m.key)])),
    );
    const sold = answers.filter(([a]) => a.body.status === 1);
    expect(sold).toHaveLength(3);
    // A replay answers as its first request did: the same order, or the same refusal.
    for (const [a, b] of answers) {
      expect(b.body.status).toBe(a.body.status);
      if (a.body.status === 1) expect(b.body.data!.order_id).toBe(a.body.data!.order_id);
      else expect(a.http).toBe(409);
    }
    const row = await t.db
      .selectFrom('shop_products')
      .select(['stock', 'sold'])
      .where('id', '=', p)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: 0, sold: 3 });
    const orders = await t.db
      .selectFrom('shop_order_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('product_id', '=', p)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(3);
    const balances = await Promise.all(
      buyers.map(async (m) => (await balanceOf(t, m.token, 'deposit', 'USDT')).balance),
    );
    expect(balances.filter((b) => b === '13')).toHaveLength(3);
    expect(balances.filter((b) => b === '20')).toHaveLength(9);
  });

  it('answers a later replay with the first order, and the same key with another request with 409', async () => {
    const p = await product(5);
    const m = await newMember(t);
    await fund(t, admin, m.userid, '20', 'deposit', 'USDT');
    await t.ok('Shop/cartsave', { product_id: p, quantity: 2 }, { token: m.token });
    const key = newKey('replay');
    const first = await buy(m.token, key);
    expect(first.body.status).toBe(1);
    // The cart is empty now: the replay still gets its order rather than "cart empty".
    const again = await buy(m.token, key);
    expect(again.body.data!.order_id).toBe(first.body.data!.order_id);
    expect(again.body.data!.total).toBe('14');
    const other = await buy(m.token, key, 'funds');
    expect(other.http).toBe(409);
    expect((await balanceOf(t, m.token, 'deposit', 'USDT')).balance).toBe('6');
  });

  it('writes nothing and answers moved when the cart or a price is not what the app read', async () => {
    const p = await product(5);
    const m = await newMember(t);
    await t.ok('Shop/cartsave', { product_id: p, quantity: 2 }, { token: m.token });
    const { id } = await t.db
      .selectFrom('members')
      .select('id')
      .where('userid', '=', m.userid)
      .executeTakeFirstOrThrow();
    const seen = (quantity: number, unit_price: string) => ({
      memberId: id,
      wallet: 'deposit',
      asset: 'USDT',
      delivery: 'keep',
      address: null,
      voucherId: null,
      bps: 0,
      total: 14_000_000n,
      discount: 0n,
      volume: 14_000_000n,
      items: [{ product_id: p, quantity, unit_price, name: 'Race', translations: '{}' }],
    });
    // Refused before the ledger is reached, so the posting's legs can be empty.
    const posting = {
      hash: Buffer.alloc(0),
      args: [newKey('moved'), 'shop_purchase', id, Buffer.alloc(0), [], [], [], [], [], [], [], [], [], []],
      committed: () => {},
    };
    for (const [quantity, price] of [
      [1, '7000000'],
      [2, '6000000'],
    ] as const) {
      const row = await buyInOneTrip(t.db, seen(quantity, price), new Date(), posting);
      expect(row.outcome).toBe('moved');
    }
    const cart = await t.db.selectFrom('shop_cart').select('quantity').where('member_id', '=', id).execute();
    expect(cart).toEqual([{ quantity: 2 }]);
    const stock = await t.db
      .selectFrom('shop_products')
      .select('stock')
      .where('id', '=', p)
      .executeTakeFirst();
    expect(stock?.stock).toBe(5);
  });

  it("counts every order of a burst in the buyers' volume by the time each is answered", async () => {
    const p = await product(100);
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const m = await newMember(t);
        await fund(t, admin, m.userid, '20', 'deposit', 'USDT');
        await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
        return m;
      }),
    );
    // Each answer waits for a propagation pass that started after its commit (one pass shared by those that wait).
    const answers = await Promise.all(buyers.map((m) => buy(m.token, newKey('burst'))));
    expect(answers.every((a) => a.body.status === 1)).toBe(true);
    const stats = await t.db
      .selectFrom('member_stats as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select('s.personal_volume')
      .where(
        'm.userid',
        'in',
        buyers.map((b) => b.userid),
      )
      .execute();
    expect(stats.map((s) => s.personal_volume)).toEqual(buyers.map(() => '7000000'));
  });
});
