import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newMember } from '../../../test/helpers.ts';
import { adminToken, expectLedgerHealthy, fund, newKey } from '../../../test/money.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterEach(() => expectLedgerHealthy(t));
afterAll(() => t.close());

type Item = { name: string; default_name: string };
type Order = { order_id: string; order_no: string; items: Item[] };

function saveProduct(body: Record<string, unknown>) {
  return t.ok<{ id: string }>(
    'Admin/productsave',
    { description: '', category: 'food', price: '10', asset: 'USDT', stock: 10, active: true, ...body },
    { token: admin },
  );
}

/** A member who bought one of the product (kept in the inventory), and the order's id. */
async function bought(productId: string) {
  const m = await newMember(t);
  await fund(t, admin, m.userid, '100', 'deposit', 'USDT');
  await t.ok('Shop/cartsave', { product_id: productId, quantity: 1 }, { token: m.token });
  const res = await t.ok<{ order_id: string }>(
    'Asset/BuyProductSave2',
    {
      wallet: 'deposit',
      delivery: 'keep',
      agree: true,
      tx_password: '654321',
      idempotency_key: newKey('buy'),
    },
    { token: m.token },
  );
  return { m, orderId: res.order_id };
}

const memberOrder = async (token: string, lang: string) =>
  (await t.ok<{ list: Order[] }>('Shop/orders', {}, { token, lang })).list[0]!;

describe('order item names in the reader’s language', () => {
  it('names an item as the product was named when sold, in the buyer’s and the admin’s language', async () => {
    const name = `Green tea ${newKey('p').slice(-6)}`;
    const { id } = await saveProduct({ name, translations: [{ lang: 'zh-CN', name: '绿茶' }] });
    const { m, orderId } = await bought(id);
    expect((await memberOrder(m.token, 'zh-CN')).items[0]).toMatchObject({
      name: '绿茶',
      default_name: name,
    });
    // No Malay name at purchase: the default one.
    expect((await memberOrder(m.token, 'bm-MY')).items[0]).toMatchObject({ name, default_name: name });
    const detail = await t.ok<{ order: Order }>(
      'Member/getdeliver',
      { order_id: orderId },
      { token: m.token, lang: 'zh-CN' },
    );
    expect(detail.order.items[0]?.name).toBe('绿茶');

    // Renamed later, in both languages: the order keeps what was sold.
    await saveProduct({
      id,
      name: 'Jasmine tea',
      translations: [
        { lang: 'zh-CN', name: '茉莉花茶' },
        { lang: 'bm-MY', name: 'Teh melati' },
      ],
    });
    expect((await memberOrder(m.token, 'zh-CN')).items[0]).toMatchObject({
      name: '绿茶',
      default_name: name,
    });
    expect((await memberOrder(m.token, 'bm-MY')).items[0]?.name).toBe(name);

    // The admin reads it in the admin's language, with the default name beside it.
    const adminList = await t.ok<{ list: Order[] }>(
      'Admin/shoporders',
      { q: m.userid },
      { token: admin, lang: 'zh-CN' },
    );
    expect(adminList.list[0]?.items[0]).toMatchObject({ name: '绿茶', default_name: name });
  });

  it('an item sold before names were kept per language reads its stored name', async () => {
    const name = `Coffee ${newKey('p').slice(-6)}`;
    const { id } = await saveProduct({ name, translations: [{ lang: 'zh-CN', name: '咖啡' }] });
    const { m, orderId } = await bought(id);
    // As migration 0035 leaves the items sold before it.
    await t.db
      .updateTable('shop_order_items')
      .set({ translations: '{}' })
      .where('order_id', '=', orderId)
      .execute();
    expect((await memberOrder(m.token, 'zh-CN')).items[0]).toMatchObject({ name, default_name: name });
  });

  it('names the goods in the inventory as the product is named now, in the reader’s language', async () => {
    const name = `Honey ${newKey('p').slice(-6)}`;
    const { id } = await saveProduct({ name, translations: [{ lang: 'zh-CN', name: '蜂蜜' }] });
    const { m } = await bought(id);
    const inZh = { token: m.token, lang: 'zh-CN' };
    type Named = { name: string };
    const index = await t.ok<{ latest: Named[] }>('Inventory/Inventoryindex', {}, inZh);
    expect(index.latest[0]?.name).toBe('蜂蜜');
    expect((await t.ok<{ list: Named[] }>('Inventory/getstock', {}, inZh)).list[0]?.name).toBe('蜂蜜');
    expect((await t.ok<{ products: Named[] }>('Inventory/stockmenu', {}, inZh)).products[0]?.name).toBe(
      '蜂蜜',
    );
    expect((await t.ok<{ list: Named[] }>('Inventory/stockrecord', {}, inZh)).list[0]?.name).toBe('蜂蜜');
    const stock = await t.ok<Named & { records: Named[] }>('Inventory/stock', { product_id: id }, inZh);
    expect([stock.name, stock.records[0]?.name]).toEqual(['蜂蜜', '蜂蜜']);
    const inBm = await t.ok<{ list: Named[] }>('Inventory/getstock', {}, { token: m.token, lang: 'bm-MY' });
    expect(inBm.list[0]?.name).toBe(name);
  });
});
