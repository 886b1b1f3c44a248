import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SPEC_ROUTES } from '../../../packages/contract/src/routes.ts';
import { BUILT_PAGES, EXTRA_PAGES } from '../src/app/pages.ts';
import { api, launchBrowser, openApp } from './browser.ts';
import { apiLogin, createMember, DEMO, fill, logInOnPage, type NewMember } from './members.ts';
import { openRoute } from './open-route.ts';

/**
 * Nothing wider than a phone (issue 29): every route of the app at 360, 390 and 414 px, as a demo member and (the
 * admin's routes) as the demo admin, has no horizontal overflow; the sheets a member and an admin open stay
 * inside the screen; the placement tree's cards are whole on first load and the cart's count does not cover
 * "Cart"; a refused action's toast wraps between words only.
 */
const WIDTHS = [360, 390, 414] as const;
const HEIGHT = 800;
const DEMO_ADMIN = { userid: 'admin', password: 'admin1234' };

/** Every route the app answers (the spec's and ours), split by who may open it. */
function allRoutes(): { member: string[]; admin: string[] } {
  const member = new Set<string>();
  const admin = new Set<string>();
  for (const { path } of SPEC_ROUTES) (BUILT_PAGES[path]?.admin ? admin : member).add(path);
  for (const [path, page] of Object.entries(EXTRA_PAGES)) (page.admin ? admin : member).add(path);
  return { member: [...member], admin: [...admin] };
}

type Overflow = { route: string; width: number; scrollWidth: number; culprits: string[] };

/** How far the document is wider than the window, and the innermost elements that stick out (to fix them). */
function measure(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return { scrollWidth, culprits: [] };
    const out = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 0.5;
    });
    const innermost = out.filter((el) => !out.some((o) => o !== el && el.contains(o)));
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`;
    return { scrollWidth, culprits: innermost.slice(0, 4).map(name) };
  });
}

/** Two frames after a resize, so layout and ResizeObserver-driven widgets (charts) have caught up. */
function frames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
}

/** Opens each route and measures it at every width (resizing the open page); returns the routes that overflow. */
async function sweep(page: Page, routes: string[]): Promise<Overflow[]> {
  const found: Overflow[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
    await openRoute(page, route);
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await page.setViewportSize({ width, height: HEIGHT });
        await frames(page);
      }
      const m = await measure(page);
      if (m.scrollWidth > width) found.push({ route, width, ...m });
    }
  }
  return found;
}

/** The open sheet (antd-mobile Popup) at every width: its box inside the window, nothing in it wider than it. */
async function sheetProblems(page: Page, name: string): Promise<string[]> {
  await page.locator('.adm-popup-body').last().waitFor();
  await page.waitForTimeout(350); // the slide-up animation
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await frames(page);
    const box = await page.evaluate(() => {
      const sheets = [...document.querySelectorAll('.adm-popup-body')].filter(
        (el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed',
      );
      const el = sheets[sheets.length - 1] as HTMLElement;
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, scroll: el.scrollWidth, client: el.clientWidth };
    });
    if (box.left < 0 || box.right > width + 0.5)
      problems.push(`${name} at ${width}: sheet from ${box.left} to ${box.right}`);
    if (box.scroll > box.client)
      problems.push(`${name} at ${width}: content ${box.scroll} px in ${box.client}`);
    const doc = await measure(page);
    if (doc.scrollWidth > width)
      problems.push(`${name} at ${width}: page ${doc.scrollWidth} px wide: ${doc.culprits.join(', ')}`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  return problems;
}

const viewport = { width: WIDTHS[0], height: HEIGHT };
let browser: Browser;
let buyer: NewMember;
let keptProductId: string;
let shippedOrderNo: string;

/**
 * A member with something to show in each sheet: goods kept in the inventory (to send) and an order paid for
 * delivery (its detail, and the admin's ship dialog).
 */
async function buyerWithOrders(): Promise<void> {
  buyer = await createMember('erin', 'R');
  const admin = inject('admin');
  const adminToken = await apiLogin(admin.userid, admin.password);
  const credit = await api(
    'Admin/adjustbalance',
    {
      userid: buyer.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: '100',
      reason: 'e2e layout',
      idempotency_key: randomUUID(),
    },
    adminToken,
  );
  expect(credit.status, credit.msg).toBe(1);
  const token = await apiLogin(buyer.userid, buyer.password);
  const products = await api<{ list: { id: string }[] }>('Shop/products', { q: 'toothpaste' });
  keptProductId = products.data.list[0]?.id ?? '';
  const address = await api<{ id: string }>(
    'Member/addresssave',
    {
      name: 'Siti Aminah binti Abdullah',
      phone: '+60 12 345 6789',
      line1: 'Unit 12-3A, Menara Persekutuan, Jalan Sultan Ismail',
      city: 'Kuala Lumpur',
      postcode: '50250',
      country: 'Malaysia',
      lat: 3.1502,
      lng: 101.7077,
      is_default: true,
    },
    token,
  );
  expect(address.status, address.msg).toBe(1);
  const buy = async (delivery: 'keep' | 'ship') => {
    expect((await api('Shop/cartsave', { product_id: keptProductId, quantity: 2 }, token)).status).toBe(1);
    const bought = await api<{ order: { order_no: string } }>(
      'Asset/BuyProductSave2',
      {
        wallet: 'funds',
        delivery,
        address_id: delivery === 'ship' ? address.data.id : undefined,
        agree: true,
        tx_password: DEMO.txPassword,
        idempotency_key: randomUUID(),
      },
      token,
    );
    expect(bought.status, bought.msg).toBe(1);
    return bought.data.order.order_no;
  };
  await buy('keep');
  shippedOrderNo = await buy('ship');
  // Something in the cart, for its count on the shop page.
  expect((await api('Shop/cartsave', { product_id: keptProductId, quantity: 1 }, token)).status).toBe(1);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await buyerWithOrders();
});
afterAll(async () => {
  await browser?.close();
});

describe('layout at phone widths', () => {
  const routes = allRoutes();

  it('has no route wider than the screen, for a member and for an admin', { timeout: 150_000 }, async () => {
    const memberPage = await openApp(browser, '#/pages/login/login', viewport);
    await logInOnPage(memberPage, 'alice', DEMO.password);
    const adminPage = await openApp(browser, '#/pages/login/login', viewport);
    await logInOnPage(adminPage, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    // The two sessions are independent: they are swept side by side.
    const [member, admin] = await Promise.all([
      sweep(memberPage, routes.member),
      sweep(adminPage, routes.admin),
    ]);
    const lines = [...member, ...admin].map(
      (o) => `${o.route} at ${o.width}: ${o.scrollWidth} px wide (${o.culprits.join(', ')})`,
    );
    expect(lines, lines.join('\n')).toEqual([]);
    await memberPage.context().close();
    await adminPage.context().close();
  });

  it('keeps every sheet inside the screen', async () => {
    const page = await openApp(browser, '#/pages/login/login', viewport);
    page.setDefaultTimeout(15_000);
    await logInOnPage(page, buyer.userid, buyer.password);
    const problems: string[] = [];

    await openRoute(page, '/pages/shop/shop');
    await page.locator('[data-testid^="shop-product-"]').first().click();
    problems.push(...(await sheetProblems(page, 'product sheet')));

    await openRoute(page, '/pages/personal/AddNewAddress');
    await page.getByTestId('address-pick').click();
    await page.getByTestId('world-map').waitFor();
    problems.push(...(await sheetProblems(page, 'map picker')));

    await openRoute(page, '/pages/shop/orders');
    await page.getByTestId(`shop-order-${shippedOrderNo}`).click();
    problems.push(...(await sheetProblems(page, 'order detail')));

    await openRoute(page, '/pages/Inventory/Inventory');
    await page.getByTestId(`inventory-send-${keptProductId}`).click();
    problems.push(...(await sheetProblems(page, 'inventory send')));
    await page.context().close();

    const desk = await openApp(browser, '#/pages/login/login', viewport);
    desk.setDefaultTimeout(15_000);
    await logInOnPage(desk, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    await openRoute(desk, '/pages/admin/shop');
    await desk.getByTestId(`admin-order-ship-${shippedOrderNo}`).click();
    problems.push(...(await sheetProblems(desk, 'admin ship')));
    await desk.context().close();

    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('shows the whole tree and the cart count beside "Cart" on first load', async () => {
    const problems: string[] = [];
    const page = await openApp(browser, '#/pages/login/login', viewport);
    await logInOnPage(page, 'alice', DEMO.password);
    await openRoute(page, '/pages/personal/tree');
    await page.locator('.tree-card').nth(6).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await frames(page);
      const cut = await page.evaluate(() => {
        const pane = document.querySelector('.tree-pan')?.getBoundingClientRect();
        return [...document.querySelectorAll('.tree-card')]
          .filter((c) => {
            const r = c.getBoundingClientRect();
            return !pane || r.left < pane.left || r.right > pane.right;
          })
          .map((c) => c.getAttribute('data-testid'));
      });
      if (cut.length) problems.push(`tree at ${width}: cut ${cut.join(', ')}`);
    }
    await page.context().close();
    const shop = await openApp(browser, '#/pages/login/login', viewport);
    await logInOnPage(shop, buyer.userid, buyer.password);
    await openRoute(shop, '/pages/shop/shop');
    const badge = shop.getByTestId('shop-cart-link').locator('.adm-badge');
    await badge.waitFor();
    // The word's own box (a range over its text) ends before the count begins.
    const [wordRight, badgeLeft] = await shop.getByTestId('shop-cart-link').evaluate((button) => {
      const word = [...button.querySelectorAll('*')].flatMap((el) =>
        [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim() === 'Cart'),
      )[0];
      const range = document.createRange();
      if (word) range.selectNodeContents(word);
      return [
        range.getBoundingClientRect().right,
        button.querySelector('.adm-badge')?.getBoundingClientRect().left,
      ];
    });
    if (!(wordRight > 0 && badgeLeft !== undefined && badgeLeft >= wordRight))
      problems.push(`cart badge from ${badgeLeft} over "Cart" ending at ${wordRight}`);
    await shop.context().close();
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("wraps a refused action's toast between words", async () => {
    const page = await openApp(browser, '#/pages/login/login', { width: 360, height: HEIGHT });
    await page.getByTestId('login-page').waitFor();
    await fill(page, 'login-username', 'alice');
    await fill(page, 'login-password', 'not-her-password');
    await page.getByTestId('login-submit').click();
    const toast = page.locator('.adm-toast-main');
    await toast.waitFor();
    // Each word of the toast is on one line: a word cut across two lines has two boxes.
    const check = await toast.evaluate((el) => {
      const cut: string[] = [];
      let lines = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
          if (boxes.length > 1) cut.push(m[0]);
          lines = new Set([...lines, ...boxes.map((b) => Math.round(b.top))]);
        }
      }
      const style = getComputedStyle(el);
      return { cut, lines: lines.size, text: el.textContent, wordBreak: style.wordBreak };
    });
    expect(check.text?.length ?? 0).toBeGreaterThan(0);
    expect(check.wordBreak, `toast "${check.text}"`).not.toBe('break-all');
    expect(check.cut, `toast "${check.text}" on ${check.lines} lines`).toEqual([]);
    await page.context().close();
  });
});
