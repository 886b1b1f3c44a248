import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, balanceOf, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';
import { newProduct as addProduct, buyCart, TX } from '../../../test/shop.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

type Product = { id: string; name: string; price: string; asset: string; stock: number; prices: unknown[] };
type Cart = {
  list: { product_id: string; quantity: number; available: boolean }[];
  count: number;
  totals: unknown[];
};
type Order = {
  order_id: string;
  order_no: string;
  state: string;
  total: string;
  asset: string;
  items: { name: string; quantity: number; unit_price: string }[];
  address: { city: string } | null;
};

const newProduct = (overrides: Record<string, unknown> = {}) => addProduct(t, admin, overrides);

async function shopper(funds: { usdt?: string; dp?: string } = {}, sponsor?: string) {
  const m = await newMember(t, sponsor ? { sponsor } : {});
  if (funds.usdt) await fund(t, admin, m.userid, funds.usdt, 'deposit', 'USDT');
  if (funds.dp) await fund(t, admin, m.userid, funds.dp, 'deposit_points', 'DP');
  return m;
}

async function addressOf(token: string, city = 'Kuala Lumpur') {
  return (
    await t.ok<{ id: string }>(
      'Member/addresssave',
      {
        name: 'Ali',
        phone: '+60 12 345 6789',
        line1: '1 Jalan Ampang',
        city,
        postcode: '50450',
        country: 'Malaysia',
        lat: 3.16,
        lng: 101.71,
      },
      { token },
    )
  ).id;
}

const buy = (token: string, body: Record<string, unknown>) =>
  buyCart<{ order_id: string; total: string; order: Order }>(t, token, body);

const stockOf = async (id: string) => (await t.ok<Product>('Shop/product', { id })).stock;

describe('products', () => {
  it('an admin adds products with prices in several assets; members list, filter and search them', async () => {
    const id = await newProduct({ name: 'Collagen drink', category: 'beauty', sort_order: -5 });
    const off = await newProduct({ name: 'Old stock', active: false });
    const list = await t.ok<{ list: Product[]; total: number }>('Shop/products', { category: 'beauty' });
    expect(list.list[0]).toMatchObject({ id, name: 'Collagen drink', price: '30', asset: 'USDT', stock: 10 });
    expect(list.list[0]?.prices).toEqual([
      { asset: 'USDT', price: '30' },
      { asset: 'DP', price: '60' },
    ]);
    expect(
      (await t.ok<{ list: Product[] }>('Shop/products', { q: 'collagen' })).list.map((p) => p.id),
    ).toEqual([id]);
    expect((await t.ok<{ list: Product[] }>('Shop/products', { q: 'Old stock' })).list).toEqual([]);
    const cats = await t.ok<{ list: { category: string; count: number }[] }>('Member/getFilterType');
    expect(cats.list.find((c) => c.category === 'beauty')?.count).toBeGreaterThanOrEqual(1);
    const all = await t.ok<{ list: { id: string; active: boolean }[] }>(
      'Admin/productlist',
      { pagesize: 100 },
      {
        token: admin,
      },
    );
    expect(all.list.find((p) => p.id === off)?.active).toBe(false);
  });

  it("shows a product's name and description in the member's language where given, else the default ones", async () => {
    const id = await newProduct({
      name: 'Green tea',
      description: 'Loose leaves, 100 g.',
      translations: [{ lang: 'zh-CN', name: '绿茶', description: '散装茶叶，100 克。' }],
    });
    const inZh = { lang: 'zh-CN' };
    expect(await t.ok('Shop/product', { id }, inZh)).toMatchObject({
      name: '绿茶',
      description: '散装茶叶，100 克。',
    });
    const zhList = await t.ok<{ list: Product[] }>('Shop/products', { pagesize: 100 }, inZh);
    expect(zhList.list.find((p) => p.id === id)?.name).toBe('绿茶');
    // Found by its name in any language.
    for (const q of ['绿茶', 'green tea'])
      expect((await t.ok<{ list: Product[] }>('Shop/products', { q }, inZh)).list.map((p) => p.id)).toEqual([
        id,
      ]);
    // No Malay text: the default one.
    expect(await t.ok('Shop/product', { id }, { lang: 'bm-MY' })).toMatchObject({
      name: 'Green tea',
      description: 'Loose leaves, 100 g.',
    });
    expect(await t.ok('Shop/product', { id }, { lang: 'en-US' })).toMatchObject({ name: 'Green tea' });
    // The cart names it in the member's language too.
    const m = await shopper();
    const cart = await t.ok<{ list: { name: string }[] }>(
      'Shop/cartsave',
      { product_id: id, quantity: 1 },
      { token: m.token, lang: 'zh-CN' },
    );
    expect(cart.list[0]?.name).toBe('绿茶');
    // An edit that does not send translations keeps them; the admin's list shows them to edit.
    await newProduct({ id, name: 'Green tea', description: 'Loose leaves, 100 g.' });
    expect(await t.ok('Shop/product', { id }, inZh)).toMatchObject({ name: '绿茶' });
    const admins = await t.ok<{ list: { id: string; name: string; translations: unknown[] }[] }>(
      'Admin/productlist',
      { pagesize: 100 },
      { token: admin, lang: 'zh-CN' },
    );
    expect(admins.list.find((p) => p.id === id)).toMatchObject({
      name: 'Green tea',
      translations: [{ lang: 'zh-CN', name: '绿茶', description: '散装茶叶，100 克。' }],
    });
  });

  it('shows a product’s picture, which must be an image upload', async () => {
    const [picture, pdf] = await Promise.all(
      (['image', 'pdf'] as const).map((kind) =>
        t.db
          .insertInto('uploads')
          .values({
            file_name: `p-${newKey(kind)}.${kind === 'image' ? 'png' : 'pdf'}`,
            kind,
            content_type: kind === 'image' ? 'image/png' : 'application/pdf',
            bytes: 100,
          })
          .returning(['id', 'file_name'])
          .executeTakeFirstOrThrow(),
      ),
    );
    const id = await newProduct({ image_id: picture!.id });
    expect((await t.ok<Product & { image_url: string }>('Shop/product', { id })).image_url).toBe(
      `/media/${picture!.file_name}`,
    );
    const listed = await t.ok<{ list: { id: string; image_id: string }[] }>(
      'Admin/productlist',
      { pagesize: 100 },
      {
        token: admin,
      },
    );
    expect(listed.list.find((p) => p.id === id)?.image_id).toBe(picture!.id);
    const wrong = await t.call(
      'Admin/productsave',
      { name: 'x', price: '1', asset: 'USDT', stock: 1, active: true, image_id: pdf!.id },
      { token: admin },
    );
    expect(wrong.http).toBe(422);
  });

  it('refuses a member, a bad price, and an unknown product', async () => {
    const m = await newMember(t);
    expect(
      (
        await t.call(
          'Admin/productsave',
          { name: 'x', price: '1', asset: 'USDT', stock: 1 },
          { token: m.token },
        )
      ).http,
    ).toBe(403);
    const bad = await t.call(
      'Admin/productsave',
      { name: 'x', price: '1.1234567', asset: 'USDT', stock: 1, active: true },
      { token: admin },
    );
    expect(bad.body.msg).toBe('The price must be a positive amount with at most 6 decimals');
    expect((await t.call('Shop/product', { id: '999999999' })).http).toBe(404);
  });
});

describe('cart and addresses', () => {
  it('sets quantities, removes with 0, and refuses more than the stock or a product not on sale', async () => {
    const m = await newMember(t);
    const a = await newProduct({ stock: 3 });
    const b = await newProduct({ prices: [] });
    await t.ok('Shop/cartsave', { product_id: a, quantity: 2 }, { token: m.token });
    const cart = await t.ok<Cart>('Shop/cartsave', { product_id: b, quantity: 1 }, { token: m.token });
    expect(cart.count).toBe(3);
    // b has no DP price: the cart's only common asset is USDT.
    expect(cart.totals).toEqual([{ asset: 'USDT', price: '90' }]);
    const over = await t.call('Shop/cartsave', { product_id: a, quantity: 4 }, { token: m.token });
    expect(over.http).toBe(409);
    expect(over.body.msg).toContain('Only 3');
    await t.ok('Shop/cartsave', { product_id: b, quantity: 0 }, { token: m.token });
    expect(
      (await t.ok<Cart>('Member/membercartlist', {}, { token: m.token })).list.map((l) => l.product_id),
    ).toEqual([a]);
    const off = await newProduct({ active: false });
    expect((await t.call('Shop/cartsave', { product_id: off, quantity: 1 }, { token: m.token })).http).toBe(
      409,
    );
  });

  it('keeps one default address, edits, deletes, and never shows another member’s', async () => {
    const m = await newMember(t);
    const first = await addressOf(m.token, 'Penang');
    const second = await addressOf(m.token, 'Ipoh');
    type A = { id: string; city: string; is_default: boolean };
    let list = (await t.ok<{ list: A[] }>('Member/addresslist', {}, { token: m.token })).list;
    expect(list.map((x) => [x.city, x.is_default])).toEqual([
      ['Penang', true],
      ['Ipoh', false],
    ]);
    await t.ok(
      'Member/addresssave',
      {
        id: second,
        name: 'Ali',
        phone: '1',
        line1: '2 Jalan',
        city: 'Ipoh',
        postcode: '30000',
        country: 'Malaysia',
        is_default: true,
      },
      { token: m.token },
    );
    list = (await t.ok<{ list: A[] }>('Member/addresslist', {}, { token: m.token })).list;
    expect(list.filter((x) => x.is_default).map((x) => x.id)).toEqual([second]);
    const other = await newMember(t);
    expect((await t.call('Member/addressdelete', { id: first }, { token: other.token })).http).toBe(404);
    await t.ok('Member/addressdelete', { id: first }, { token: m.token });
    list = (await t.ok<{ list: A[] }>('Member/addresslist', {}, { token: m.token })).list;
    expect(list.map((x) => x.id)).toEqual([second]);
    const bad = await t.call(
      'Member/addresssave',
      { name: 'A', phone: '1', line1: 'x', city: 'y', postcode: '1', country: 'z', lat: 95 },
      { token: m.token },
    );
    expect(bad.http).toBe(422);
    // A blank coordinate is not the point 0: it was read as Number(' ') once.
    const blank = await t.call(
      'Member/addresssave',
      { name: 'A', phone: '1', line1: 'x', city: 'y', postcode: '1', country: 'z', lat: ' ', lng: 1 },
      { token: m.token },
    );
    expect(blank.http).toBe(422);
    expect(blank.body.errors?.map((e) => e.field)).toEqual(['lat']);
  });
});

describe('addresses saved at once', () => {
  const saveDefault = (token: string, city: string) =>
    t.call<{ id: string }>(
      'Member/addresssave',
      {
        name: 'Ali',
        phone: '1',
        line1: '1 Jalan',
        city,
        postcode: '50450',
        country: 'Malaysia',
        is_default: true,
      },
      { token },
    );
  type A = { id: string; city: string; is_default: boolean };

  it('saves every one of several default addresses sent together and keeps exactly one default', async () => {
    for (const existing of [0, 1]) {
      const m = await newMember(t);
      if (existing) await addressOf(m.token, 'Penang');
      const answers = await Promise.all(['A', 'B', 'C', 'D'].map((c) => saveDefault(m.token, c)));
      expect(answers.map((a) => a.http)).toEqual([200, 200, 200, 200]);
      const list = (await t.ok<{ list: A[] }>('Member/addresslist', {}, { token: m.token })).list;
      expect(list).toHaveLength(4 + existing);
      expect(list.filter((x) => x.is_default)).toHaveLength(1);
    }
  });
});

describe('checkout', () => {
  it('previews each wallet and pays with deposit points to an address: stock, cart, order and timeline', async () => {
    const m = await shopper({ dp: '500' });
    const p = await newProduct({ stock: 5 });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 2 }, { token: m.token });
    const address = await addressOf(m.token);
    const preview = await t.ok<{
      wallet: string;
      total: string;
      enough: boolean;
      wallets: { wallet: string; total: string; minimum: string; usable: boolean }[];
      lines: { unit_price: string; amount: string }[];
    }>('Asset/BuyProductPreview2', {}, { token: m.token });
    expect(preview).toMatchObject({ wallet: 'deposit_points', total: '120', enough: true });
    expect(preview.lines[0]).toMatchObject({ unit_price: '60', amount: '120' });
    expect(preview.wallets.find((w) => w.wallet === 'deposit')).toMatchObject({ total: '60', usable: false });
    expect(preview.wallets.find((w) => w.wallet === 'registration_points')).toMatchObject({
      total: '',
      usable: false,
    });
    expect(preview.wallets.find((w) => w.wallet === 'deposit_points')?.minimum).toBe('50');

    const res = await buy(m.token, { wallet: 'deposit_points', delivery: 'ship', address_id: address });
    expect(res.body.msg).toMatch(/^Paid. Your order S\d{8}\d{8} is placed$/);
    const order = res.body.data!.order;
    expect(order).toMatchObject({
      state: 'paid',
      total: '120',
      asset: 'DP',
      address: { city: 'Kuala Lumpur' },
    });
    expect(order.items).toEqual([expect.objectContaining({ quantity: 2, unit_price: '60' })]);
    expect(await balanceOf(t, m.token, 'deposit_points', 'DP')).toMatchObject({ balance: '380' });
    expect(await stockOf(p)).toBe(3);
    expect((await t.ok<Cart>('Member/membercartlist', {}, { token: m.token })).list).toEqual([]);
    const deliver = await t.ok<{ events: { state: string }[] }>(
      'Member/getdeliver',
      { order_id: order.order_id },
      { token: m.token },
    );
    expect(deliver.events.map((e) => e.state)).toEqual(['paid']);
    const orders = await t.ok<{ list: Order[] }>('Shop/orders', {}, { token: m.token });
    expect(orders.list.map((o) => o.order_id)).toEqual([order.order_id]);
    // Another member cannot read it.
    const other = await newMember(t);
    expect(
      (await t.call('Member/getdeliver', { order_id: order.order_id }, { token: other.token })).http,
    ).toBe(404);
  });

  it('refuses clearly and changes nothing', async () => {
    const m = await shopper({ dp: '40', usdt: '10' });
    const p = await newProduct({ prices: [{ asset: 'DP', price: '20' }] });
    const noDp = await newProduct({ prices: [] });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    const address = await addressOf(m.token);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { wallet: 'deposit_points', delivery: 'keep', agree: false },
        422,
        'Please read and accept the user service agreement',
      ],
      [{ wallet: 'deposit_points', delivery: 'ship' }, 422, 'Choose the address to ship to'],
      [
        { wallet: 'deposit_points', delivery: 'ship', address_id: '99999999' },
        404,
        'This address does not exist',
      ],
      [{ wallet: 'deposit_points', delivery: 'keep' }, 422, 'A payment with DP must be at least 50 DP'],
      [{ wallet: 'deposit', delivery: 'keep' }, 422, 'Insufficient'],
      [{ wallet: 'deposit_points', delivery: 'keep', tx_password: '000000' }, 422, ''],
    ];
    for (const [body, http, msg] of cases) {
      const r = await buy(m.token, body);
      expect(r.body.status, JSON.stringify(body)).toBe(0);
      expect(r.http, JSON.stringify(body)).toBe(http);
      if (msg) expect(r.body.msg).toContain(msg);
    }
    await t.ok('Shop/cartsave', { product_id: noDp, quantity: 1 }, { token: m.token });
    await fund(t, admin, m.userid, '100', 'deposit_points', 'DP');
    const noPrice = await buy(m.token, { wallet: 'deposit_points', delivery: 'ship', address_id: address });
    expect(noPrice.body.msg).toContain('cannot be paid with DP');
    expect(await balanceOf(t, m.token, 'deposit_points', 'DP')).toMatchObject({ balance: '140' });
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '10' });
    expect(await stockOf(p)).toBe(10);
    expect((await t.ok<Cart>('Member/membercartlist', {}, { token: m.token })).count).toBe(2);
    expect((await t.ok<{ total: number }>('Shop/orders', {}, { token: m.token })).total).toBe(0);
  });

  it('keeps the goods in the inventory when asked, and a retry with the same key buys once', async () => {
    const m = await shopper({ usdt: '100' });
    const p = await newProduct();
    await t.ok('Shop/cartsave', { product_id: p, quantity: 3 }, { token: m.token });
    const key = newKey('keep');
    const body = { wallet: 'deposit', delivery: 'keep', idempotency_key: key };
    const [a, b] = await Promise.all([buy(m.token, body), buy(m.token, body)]);
    expect(a.body.status).toBe(1);
    expect(b.body.data!.order_id).toBe(a.body.data!.order_id);
    expect(a.body.data!.order).toMatchObject({ state: 'kept', total: '90', address: null });
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '10' });
    const stock = await t.db
      .selectFrom('inventory')
      .select('quantity')
      .where('product_id', '=', p)
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(3);
    const records = await t.db
      .selectFrom('inventory_records')
      .selectAll()
      .where('product_id', '=', p)
      .execute();
    expect(records.map((r) => [r.kind, r.quantity, r.balance_after])).toEqual([['bought', 3, 3]]);
    const deliver = await t.ok<{ events: { state: string }[] }>(
      'Member/getdeliver',
      { order_id: a.body.data!.order_id },
      { token: m.token },
    );
    expect(deliver.events.map((e) => e.state)).toEqual(['paid', 'kept']);
  });

  it('two checkouts of one cart at once (two keys, two tabs) buy it once', async () => {
    const m = await shopper({ usdt: '500' });
    const p = await newProduct({ price: '40' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 2 }, { token: m.token });
    const [a, b] = await Promise.all([
      buy(m.token, { wallet: 'deposit', delivery: 'keep' }),
      buy(m.token, { wallet: 'deposit', delivery: 'keep' }),
    ]);
    expect([a.body.status, b.body.status].sort()).toEqual([0, 1]);
    expect([a.body.msg, b.body.msg]).toContain('Your cart is empty');
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '420' });
    expect(await stockOf(p)).toBe(8);
  });

  it('sells the last item to exactly one of 20 buyers at once; stock never goes below zero', async () => {
    const p = await newProduct({ stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper({ usdt: '50' })));
    for (const m of buyers) await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    const results = await Promise.all(
      buyers.map((m) => buy(m.token, { wallet: 'deposit', delivery: 'keep' })),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(1);
    const refused = results.filter((r) => r.body.status !== 1);
    expect(refused.every((r) => r.http === 409 && r.body.msg.includes('Only 0'))).toBe(true);
    expect(await stockOf(p)).toBe(0);
    const paid = await Promise.all(
      buyers.map(async (m) => (await balanceOf(t, m.token, 'deposit', 'USDT')).balance),
    );
    expect(paid.filter((b) => b === '20')).toHaveLength(1);
    expect(paid.filter((b) => b === '50')).toHaveLength(19);
  });

  it('a USDT sale pays the sponsor and level bonuses and counts as the buyer’s purchase', async () => {
    const sponsor = await newMember(t);
    const m = await shopper({ usdt: '200' }, sponsor.userid);
    const p = await newProduct({ price: '100' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    const res = await buy(m.token, { wallet: 'deposit', delivery: 'keep' });
    expect(res.body.status).toBe(1);
    // Default plan: sponsor 5% and level 1 2% of 100 USDT.
    expect(await balanceOf(t, sponsor.token, 'reward')).toMatchObject({ balance: '7' });
    const purchase = await t.db
      .selectFrom('purchases')
      .select(['source', 'volume', 'asset'])
      .where('order_id', '=', res.body.data!.order_id)
      .where('source', '=', 'shop')
      .executeTakeFirstOrThrow();
    expect(purchase).toEqual({ source: 'shop', volume: '100000000', asset: 'USDT' });
  });
});

describe('orders on the admin side', () => {
  async function paidOrder(opts: { sponsor?: string; quantity?: number; price?: string } = {}) {
    const m = await shopper({ usdt: '500' }, opts.sponsor);
    const p = await newProduct({ stock: 10, price: opts.price ?? '30' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: opts.quantity ?? 2 }, { token: m.token });
    const address = await addressOf(m.token);
    const res = await buy(m.token, { wallet: 'deposit', delivery: 'ship', address_id: address });
    expect(res.body.status).toBe(1);
    return { m, p, order: res.body.data!.order };
  }
  const update = (body: Record<string, unknown>, token = admin) =>
    t.call<{ order: Order & { tracking_no: string } }>('Admin/shoporderupdate', body, { token });

  it('packs, ships with a tracking number and delivers; the member follows each step', async () => {
    const { m, order } = await paidOrder();
    const list = await t.ok<{ list: { order_no: string; userid: string }[] }>(
      'Admin/shoporders',
      { state: 'paid', q: order.order_no },
      { token: admin },
    );
    expect(list.list).toEqual([expect.objectContaining({ order_no: order.order_no, userid: m.userid })]);
    expect((await update({ order_id: order.order_id, action: 'deliver' })).http).toBe(409);
    expect((await update({ order_id: order.order_id, action: 'pack' }, m.token)).http).toBe(403);
    expect((await update({ order_id: order.order_id, action: 'pack' })).body.status).toBe(1);
    const noTracking = await update({ order_id: order.order_id, action: 'ship', carrier: 'J&T' });
    expect(noTracking.body.msg).toBe('Enter the carrier and the tracking number');
    const shipped = await update({
      order_id: order.order_id,
      action: 'ship',
      carrier: 'J&T',
      tracking_no: 'JT123',
    });
    expect(shipped.body.data?.order).toMatchObject({ state: 'shipped', tracking_no: 'JT123' });
    await update({ order_id: order.order_id, action: 'deliver' });
    const deliver = await t.ok<{
      order: { state: string; carrier: string };
      events: { state: string; note: string }[];
    }>('Member/getdeliver', { order_id: order.order_id }, { token: m.token });
    expect(deliver.order).toMatchObject({ state: 'delivered', carrier: 'J&T' });
    expect(deliver.events.map((e) => e.state)).toEqual(['paid', 'packed', 'shipped', 'delivered']);
    expect(deliver.events[2]?.note).toBe('J&T JT123');
    expect((await update({ order_id: order.order_id, action: 'cancel' })).http).toBe(409);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `shop_order:${order.order_id}`)
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual([
      'shop_order_pack',
      'shop_order_ship',
      'shop_order_deliver',
    ]);
  });

  it('cancels once: the payment back, the bonuses taken back, the stock returned', async () => {
    const sponsor = await newMember(t);
    const { m, p, order } = await paidOrder({ sponsor: sponsor.userid, quantity: 2, price: '50' });
    expect(await balanceOf(t, sponsor.token, 'reward')).toMatchObject({ balance: '7' });
    expect(await stockOf(p)).toBe(8);
    const [a, b] = await Promise.all([
      update({ order_id: order.order_id, action: 'cancel', note: 'out of stock in the warehouse' }),
      update({ order_id: order.order_id, action: 'cancel', note: 'out of stock in the warehouse' }),
    ]);
    expect([a.body.status, b.body.status]).toEqual([1, 1]);
    expect(a.body.msg).toBe('Order cancelled; 100 USDT refunded');
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '500' });
    expect(await balanceOf(t, sponsor.token, 'reward')).toMatchObject({ balance: '0' });
    expect(await stockOf(p)).toBe(10);
    const again = await update({ order_id: order.order_id, action: 'cancel' });
    expect(again.body.status).toBe(1);
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '500' });
  });

  it('will not cancel when a bonus paid on the order was spent, and says whose', async () => {
    const sponsor = await newMember(t);
    const { order } = await paidOrder({ sponsor: sponsor.userid, quantity: 2, price: '50' });
    // The bonus leaves the sponsor's reward wallet (an admin debit stands for a withdrawal or a transfer).
    await t.ok(
      'Admin/adjustbalance',
      {
        userid: sponsor.userid,
        wallet: 'reward',
        asset: 'USDT',
        amount: '-7',
        reason: 'spent',
        idempotency_key: newKey(),
      },
      { token: admin },
    );
    const r = await update({ order_id: order.order_id, action: 'cancel' });
    expect(r.http).toBe(409);
    expect(r.body.msg).toBe(
      `A bonus paid on this order has been spent by ${sponsor.userid}; the order cannot be cancelled`,
    );
    expect(
      await t
        .ok<{ order: Order }>('Member/getdeliver', { order_id: order.order_id }, { token: admin })
        .catch(() => undefined),
    ).toBeUndefined();
  });
});

describe('inventory', () => {
  async function holder(quantity: number) {
    const m = await shopper({ usdt: '1000' });
    const p = await newProduct({ stock: 100, price: '10' });
    await t.ok('Shop/cartsave', { product_id: p, quantity }, { token: m.token });
    expect((await buy(m.token, { wallet: 'deposit', delivery: 'keep' })).body.status).toBe(1);
    return { m, p };
  }
  const send = (token: string, body: Record<string, unknown>) =>
    t.call<{ left: number }>(
      'Inventory/transfersave',
      { tx_password: TX, idempotency_key: newKey('inv'), ...body },
      { token },
    );
  const held = async (token: string, p: string) =>
    (
      await t.ok<{ list: { product_id: string; quantity: number }[] }>('Inventory/getstock', {}, { token })
    ).list.find((s) => s.product_id === p)?.quantity ?? 0;

  it('sends stock to another member once per key, with records on both sides', async () => {
    const { m, p } = await holder(3);
    const friend = await newMember(t);
    const check = await t.ok<{ userid: string }>(
      'Inventory/transfer',
      { to_userid: friend.userid },
      { token: m.token },
    );
    expect(check.userid).toBe(friend.userid);
    expect((await t.call('Inventory/transfer', { to_userid: m.userid }, { token: m.token })).http).toBe(422);
    expect((await t.call('Inventory/transfer', { to_userid: 'nobody-here' }, { token: m.token })).http).toBe(
      404,
    );
    const key = newKey('send');
    const body = { to_userid: friend.userid, product_id: p, quantity: 2, idempotency_key: key };
    const [a, b] = await Promise.all([send(m.token, body), send(m.token, body)]);
    expect([a.body.data?.left, b.body.data?.left], JSON.stringify([a.body, b.body])).toEqual([1, 1]);
    expect(a.body.msg).toBe(`Sent 2 to ${friend.userid}`);
    expect((await send(m.token, { ...body, quantity: 1 })).http).toBe(409);
    const over = await send(m.token, { to_userid: friend.userid, product_id: p, quantity: 2 });
    expect(over.body.msg).toMatch(/^You hold only 1 of /);
    expect(await held(m.token, p)).toBe(1);
    expect(await held(friend.token, p)).toBe(2);
    const mine = await t.ok<{ list: { kind: string; counterparty: string; balance_after: number }[] }>(
      'Inventory/stockrecord',
      { product_id: p },
      { token: m.token },
    );
    expect(mine.list.map((r) => [r.kind, r.counterparty, r.balance_after])).toEqual([
      ['sent', friend.userid, 1],
      ['bought', '', 3],
    ]);
    const theirs = await t.ok<{ list: { kind: string; counterparty: string }[] }>(
      'Inventory/stockrecord',
      {},
      {
        token: friend.token,
      },
    );
    expect(theirs.list.map((r) => [r.kind, r.counterparty])).toEqual([['received', m.userid]]);
    const index = await t.ok<{ products: number; items: number }>(
      'Inventory/Inventoryindex',
      {},
      { token: m.token },
    );
    expect(index).toMatchObject({ products: 1, items: 1 });
    const menu = await t.ok<{ products: { product_id: string }[] }>(
      'Inventory/stockmenu',
      {},
      { token: m.token },
    );
    expect(menu.products.map((x) => x.product_id)).toEqual([p]);
    const one = await t.ok<{ product_id: string; quantity: number; records: { kind: string }[] }>(
      'Inventory/stock',
      { product_id: p },
      { token: m.token },
    );
    expect(one).toMatchObject({ product_id: p, quantity: 1 });
    expect(one.records.map((r) => r.kind)).toEqual(['sent', 'bought']);
  });

  it('ten parallel sends of a stock of three: three go through, the total is kept', async () => {
    const { m, p } = await holder(3);
    const friends = await Promise.all(Array.from({ length: 10 }, () => newMember(t)));
    const results = await Promise.all(
      friends.map((f) => send(m.token, { to_userid: f.userid, product_id: p, quantity: 1 })),
    );
    expect(results.filter((r) => r.body.status === 1)).toHaveLength(3);
    expect(await held(m.token, p)).toBe(0);
    const received = await Promise.all(friends.map((f) => held(f.token, p)));
    expect(received.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('redeems stock for delivery; a cancelled redemption gives the goods back once', async () => {
    const { m, p } = await holder(2);
    const address = await addressOf(m.token, 'Johor Bahru');
    const r = await t.call<{ order: Order; left: number }>(
      'Inventory/redeem',
      { product_id: p, quantity: 2, address_id: address, tx_password: TX, idempotency_key: newKey('redeem') },
      { token: m.token },
    );
    expect(r.body.status).toBe(1);
    expect(r.body.data?.order).toMatchObject({ state: 'paid', total: '0', address: { city: 'Johor Bahru' } });
    expect(r.body.data?.order.order_no).toMatch(/^R\d{16}$/);
    expect(await held(m.token, p)).toBe(0);
    const orderId = r.body.data!.order.order_id;
    await Promise.all([
      t.ok('Admin/shoporderupdate', { order_id: orderId, action: 'cancel' }, { token: admin }),
      t.ok('Admin/shoporderupdate', { order_id: orderId, action: 'cancel' }, { token: admin }),
    ]);
    expect(await held(m.token, p)).toBe(2);
    const records = await t.ok<{ list: { kind: string }[] }>(
      'Inventory/stockrecord',
      { product_id: p },
      { token: m.token },
    );
    expect(records.list.map((x) => x.kind)).toEqual(['returned', 'redeemed', 'bought']);
    const more = await t.call(
      'Inventory/redeem',
      { product_id: p, quantity: 3, address_id: address, tx_password: TX, idempotency_key: newKey('redeem') },
      { token: m.token },
    );
    expect(more.http).toBe(422);
  });
});

describe('sales', () => {
  it('shows my sales and my team’s by day, the latest team sales, the summary and the pairing pool', async () => {
    const leader = await newMember(t);
    const m = await shopper({ usdt: '500' }, leader.userid);
    const p = await newProduct({ price: '100' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    expect((await buy(m.token, { wallet: 'deposit', delivery: 'keep' })).body.status).toBe(1);

    type Day = { date: string; personal: string; team: string };
    const mine = await t.ok<{ days: Day[]; totals: { personal: string } }>(
      'Member/memberSales',
      { days: 7 },
      {
        token: m.token,
      },
    );
    expect(mine.days).toHaveLength(7);
    expect(mine.days.at(-1)).toMatchObject({ personal: '100', team: '0' });
    expect(mine.totals.personal).toBe('100');
    const team = await t.ok<{ days: Day[]; totals: { team: string; personal: string } }>(
      'Member/memberSales',
      { days: 30 },
      { token: leader.token },
    );
    expect(team.days.at(-1)).toMatchObject({ personal: '0', team: '100' });
    expect(team.totals).toEqual({ personal: '0', team: '100' });

    const latest = await t.ok<{ list: { userid: string; level: number; source: string; amount: string }[] }>(
      'Member/Lastestsales',
      {},
      { token: leader.token },
    );
    expect(latest.list).toEqual([
      expect.objectContaining({ userid: m.userid, level: 1, source: 'shop', amount: '100' }),
    ]);

    const summary = await t.ok<Record<string, unknown>>('Member/csummary', {}, { token: leader.token });
    expect(summary).toMatchObject({
      personal_month: '0',
      team_month: '100',
      team_total: '100',
      direct_count: 1,
      team_count: 1,
    });
    expect(await t.ok('Member/csummary', {}, { token: m.token })).toMatchObject({
      personal_month: '100',
      personal_total: '100',
      shop_orders_month: 1,
    });

    const pool = await t.ok<Record<string, unknown>>('member/getinfopool', {}, { token: leader.token });
    // The volume is today's (no pairing ran since); the sponsor and level bonuses are 7% of 100.
    expect(pool).toMatchObject({ bonus_month: '7', bonus_total: '7', last_pairs: 0, last_pair_date: '' });
    expect(Number(pool.left_today) + Number(pool.right_today)).toBe(100);
  });
});

describe('vouchers at checkout', () => {
  const issue = async (userid: string, percent: string, scope: 'shop' | 'mining', days = 30) =>
    (
      await t.ok<{ id: string; scope: string }>(
        'Admin/voucherissue',
        {
          userid,
          discount_percent: percent,
          expires_on: new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10),
          scope,
        },
        { token: admin },
      )
    ).id;

  it('takes a shop voucher off the total once, rounding down; a mining voucher does not apply', async () => {
    const m = await shopper({ usdt: '500' });
    const v = await issue(m.userid, '12.5', 'shop');
    const miningOnly = await issue(m.userid, '50', 'mining');
    const p = await newProduct({ price: '33.333333' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    const preview = await t.ok<{ vouchers: { id: string }[]; total: string; discount: string; pay: string }>(
      'Asset/BuyProductPreview2',
      { wallet: 'deposit', voucher_id: v },
      { token: m.token },
    );
    expect(preview.vouchers.map((x) => x.id)).toEqual([v]);
    // 12.5% of 33.333333 is 4.166666625: the discount rounds down to 4.166666, 29.166667 is paid.
    expect(preview).toMatchObject({ total: '33.333333', discount: '4.166666', pay: '29.166667' });
    expect((await buy(m.token, { wallet: 'deposit', delivery: 'keep', voucher_id: miningOnly })).http).toBe(
      409,
    );
    const res = await buy(m.token, { wallet: 'deposit', delivery: 'keep', voucher_id: v });
    expect(res.body.data?.order, JSON.stringify(res.body)).toMatchObject({
      total: '29.166667',
      discount: '4.166666',
    });
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '470.833333' });
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    expect((await buy(m.token, { wallet: 'deposit', delivery: 'keep', voucher_id: v })).http).toBe(409);
    const vouchers = await t.ok<{ list: { id: string; state: string; order_no: string; scope: string }[] }>(
      'Member/getVouchers',
      {},
      { token: m.token },
    );
    expect(vouchers.list.find((x) => x.id === v)).toMatchObject({
      state: 'used',
      scope: 'shop',
      order_no: res.body.data!.order.order_no,
    });
    expect(vouchers.list.find((x) => x.id === miningOnly)?.state).toBe('available');
  });

  it('refuses an expired voucher; a cancelled order makes its voucher usable again', async () => {
    const m = await shopper({ usdt: '500' });
    const old = await issue(m.userid, '10', 'shop', 1);
    const v = await issue(m.userid, '10', 'shop', 30);
    const p = await newProduct({ price: '100' });
    t.clock.advance(3 * 86_400_000);
    await t.ok('Shop/cartsave', { product_id: p, quantity: 1 }, { token: m.token });
    const address = await addressOf(m.token);
    const expired = await buy(m.token, {
      wallet: 'deposit',
      delivery: 'ship',
      address_id: address,
      voucher_id: old,
    });
    expect(expired.http).toBe(409);
    const res = await buy(m.token, {
      wallet: 'deposit',
      delivery: 'ship',
      address_id: address,
      voucher_id: v,
    });
    expect(res.body.data?.order.total).toBe('90');
    await t.ok(
      'Admin/shoporderupdate',
      { order_id: res.body.data!.order.order_id, action: 'cancel' },
      { token: admin },
    );
    expect(await balanceOf(t, m.token, 'deposit', 'USDT')).toMatchObject({ balance: '500' });
    const list = await t.ok<{ list: { id: string; state: string }[] }>(
      'Member/getVouchers',
      {},
      { token: m.token },
    );
    expect(list.list.find((x) => x.id === v)?.state).toBe('available');
  });
});
