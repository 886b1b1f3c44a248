import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAdminPage } from './admin.ts';
import { api, launchBrowser, openApp, screenshot } from './browser.ts';
import {
  apiLogin,
  createMember,
  DEMO,
  expectText,
  fill,
  logInThroughPage,
  type NewMember,
} from './members.ts';

/**
 * The shop end to end on `npm start`'s own server with the demo products: a member browses, adds two products to
 * the cart, adds an address at checkout, pays with deposit points and finds the order with its timeline.
 */
let browser: Browser;
let member: NewMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember('erin', 'R');
  const admin = inject('admin');
  const adminToken = await apiLogin(admin.userid, admin.password);
  const credit = await api(
    'Admin/adjustbalance',
    {
      userid: member.userid,
      wallet: 'deposit_points',
      asset: 'DP',
      amount: '300',
      reason: 'e2e shop test',
      idempotency_key: randomUUID(),
    },
    adminToken,
  );
  expect(credit.status, credit.msg).toBe(1);
});
afterAll(async () => {
  await browser?.close();
});

/** Where (lat, lng) falls in the map's box at WorldMap's first view (15° N 105° E, zoom 3), in Web Mercator. */
function pixelOf(lat: number, lng: number, box: { width: number; height: number }) {
  const size = 256 * 2 ** 3;
  const x = (deg: number) => (size * (deg + 180)) / 360;
  const y = (deg: number) => {
    const s = Math.sin((deg * Math.PI) / 180);
    return size * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI));
  };
  return { x: box.width / 2 + x(lng) - x(105), y: box.height / 2 + y(lat) - y(15) };
}

describe('shop', () => {
  it('browses, fills the cart, pays with deposit points to a new address, and sees the order', async () => {
    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/shop/shop'));
    await page.getByTestId('shop-page').waitFor();
    const vitamin = page.locator('[data-testid^="shop-product-"]', { hasText: 'Vitamin C 1000 mg' });
    await expectText(vitamin, /25\.00 USDT/);
    await vitamin.click();
    await page.getByTestId('shop-add').click();
    await expectText(page.locator('.adm-toast-main'), 'Cart updated');

    await page.getByRole('button', { name: 'Food' }).click();
    const honey = page.locator('[data-testid^="shop-product-"]', { hasText: 'Black garlic honey' });
    await honey.click();
    await page.getByTestId('shop-add').click();
    await expectText(page.getByTestId('shop-cart-link'), '2');
    await screenshot(page, 'shop');

    await page.getByTestId('shop-cart-link').click();
    await page.getByTestId('cart-page').waitFor();
    await expectText(page.getByTestId('cart-totals'), /43\.00 USDT/);
    await page.getByTestId('cart-checkout').click();
    await page.getByTestId('checkout-page').waitFor();
    await expectText(page.getByTestId('checkout-total'), /86\.00 DP/);
    await expectText(page.getByTestId('checkout-pay'), 'Choose an address');

    await page.getByTestId('checkout-add-address').click();
    await page.getByTestId('add-address-page').waitFor();
    await fill(page, 'address-name', 'Nur Aisyah');
    await fill(page, 'address-phone', '+60 11 2233 4455');
    await fill(page, 'address-line1', '8 Jalan Tun Razak');
    await fill(page, 'address-postcode', '50400');
    // The map works offline: the world's countries are drawn from the app's own layer, and a tap is named from
    // the server's own gazetteer. The city is left empty: the pick fills it, and the country.
    await page.getByTestId('address-pick').click();
    const map = page.getByTestId('world-map');
    await map.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-overlay-pane path').length > 100);
    const box = (await map.boundingBox()) ?? { width: 0, height: 0 };
    await map.click({ position: pixelOf(3.139, 101.687, box) });
    await expectText(page.getByTestId('location-coords'), /^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    await expectText(page.getByTestId('place-name'), /^[^,]+, .*Malaysia$/);
    await expectText(page.getByTestId('map-credits'), 'Places: GeoNames, CC BY 4.0');
    const town = ((await page.getByTestId('place-name').textContent()) ?? '').split(',')[0] ?? '';
    await page.getByTestId('location-use').click();
    await expectText(page.getByTestId('address-point'), /Malaysia/);
    await page.waitForFunction(
      (name) => (document.querySelector('#address-city') as HTMLInputElement | null)?.value === name,
      town,
    );
    expect(await page.locator('#address-country').inputValue()).toBe('Malaysia');
    expect(await page.locator('#address-line1').inputValue()).toBe('8 Jalan Tun Razak');
    await page.getByTestId('address-save').click();
    await page.getByTestId('checkout-page').waitFor();
    await page.getByTestId('checkout-agree').click();
    await page.getByTestId('checkout-pay').click();
    await fill(page, 'checkout-sheet-password', DEMO.txPassword);
    await page.getByTestId('checkout-sheet-confirm').click();
    await expectText(page.getByTestId('checkout-result-order'), /S\d{16}/);
    const orderNo =
      /S\d{16}/.exec((await page.getByTestId('checkout-result-order').textContent()) ?? '')?.[0] ?? '';
    await expectText(page.getByTestId('checkout-result-total'), /86\.00 DP/);
    await screenshot(page, 'shop-paid');

    await page.getByTestId('checkout-orders').click();
    await page.getByTestId('shop-orders-page').waitFor();
    const order = page.locator('[data-testid^="shop-order-S"]').first();
    await expectText(order, 'Paid');
    await order.click();
    await expectText(page.getByTestId('shop-timeline'), /8 Jalan Tun Razak/);

    // The operator ships it; the member sees the carrier and tracking number.
    const desk = await openAdminPage(browser, '#/pages/admin/shop');
    await desk.getByTestId('admin-shop-page').waitFor();
    await expectText(desk.getByTestId(`admin-order-${orderNo}`), /8 Jalan Tun Razak/);
    // Where it goes: the address's pin on a read-only map, with its place name.
    await desk.getByTestId(`admin-order-pin-${orderNo}`).click();
    await desk.getByTestId('order-pin-map').waitFor();
    await desk.waitForFunction(() => document.querySelectorAll('.leaflet-overlay-pane path').length > 100);
    await expectText(desk.getByTestId('place-name'), `${town}, `);
    await screenshot(desk, 'admin-order-pin');
    await desk.mouse.click(5, 5);
    await desk.getByTestId('order-pin-map').waitFor({ state: 'detached' });
    await desk.getByTestId(`admin-order-ship-${orderNo}`).click();
    await fill(desk, 'ship-carrier', 'J&T Express');
    await fill(desk, 'ship-tracking', 'JT630012345MY');
    await desk.getByTestId('admin-ship-save').click();
    await expectText(desk.locator('.adm-toast-main'), 'Order updated');
    await screenshot(desk, 'admin-shop');
    await desk.close();

    await page.reload();
    await page.getByTestId('shop-orders-page').waitFor();
    await expectText(page.locator(`[data-testid="shop-order-${orderNo}"]`), 'Shipped');
    await page.locator(`[data-testid="shop-order-${orderNo}"]`).click();
    await expectText(page.getByTestId('shop-tracking'), 'J&T Express tracking number JT630012345MY');
    // The address's place, shown on its own page.
    await page.goto(page.url().replace(/#.*$/, '#/pages/personal/MyAddress'));
    await page.getByTestId('my-address-page').waitFor();
    await page.locator('[data-testid^="address-map-"]').first().click();
    await page.getByTestId('open-location-page').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-overlay-pane path').length > 100);
    await expectText(page.getByTestId('location-coords'), /^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
    await expectText(page.getByTestId('place-name'), `${town}, `);
    await screenshot(page, 'open-location');
    await page.close();
  });
});

describe('inventory', () => {
  it('keeps goods from an order, sends some to another member, and finds the record', async () => {
    const keeper = await createMember('erin', 'L');
    const friend = await createMember('erin', 'R');
    const admin = inject('admin');
    const adminToken = await apiLogin(admin.userid, admin.password);
    await api(
      'Admin/adjustbalance',
      {
        userid: keeper.userid,
        wallet: 'funds',
        asset: 'USDT',
        amount: '100',
        reason: 'e2e',
        idempotency_key: randomUUID(),
      },
      adminToken,
    );
    const token = await apiLogin(keeper.userid, keeper.password);
    const products = await api<{ list: { id: string; name: string }[] }>('Shop/products', {
      q: 'toothpaste',
    });
    const paste = products.data.list[0]!;
    expect((await api('Shop/cartsave', { product_id: paste.id, quantity: 3 }, token)).status).toBe(1);
    const bought = await api(
      'Asset/BuyProductSave2',
      {
        wallet: 'funds',
        delivery: 'keep',
        agree: true,
        tx_password: DEMO.txPassword,
        idempotency_key: randomUUID(),
      },
      token,
    );
    expect(bought.status, bought.msg).toBe(1);

    const page = await openApp(browser);
    await logInThroughPage(page, keeper.userid, keeper.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/Inventory/Inventory'));
    await expectText(page.getByTestId(`inventory-quantity-${paste.id}`), '3 held');
    await page.getByTestId(`inventory-send-${paste.id}`).click();
    await fill(page, 'inventory-to', friend.userid);
    await page.locator('#inventory-to').blur();
    await expectText(page.getByTestId('inventory-recipient'), friend.userid);
    await page.getByTestId('inventory-confirm').click();
    await fill(page, 'inventory-sheet-password', DEMO.txPassword);
    await page.getByTestId('inventory-sheet-confirm').click();
    await expectText(page.locator('.adm-toast-main'), `Sent 1 to ${friend.userid}`);
    await expectText(page.getByTestId(`inventory-quantity-${paste.id}`), '2 held');
    await screenshot(page, 'inventory');
    await page.getByTestId('inventory-records-link').click();
    await page.getByTestId('stock-records-page').waitFor();
    await expectText(page.getByTestId('stock-records'), `to ${friend.userid}`);
    await page.close();
  });
});
