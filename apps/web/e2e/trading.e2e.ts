import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openApp, screenshot } from './browser.ts';
import { createMember, expectText, fill, logInThroughPage, type NewMember } from './members.ts';

/**
 * Trading end to end on `npm start`'s own server and market feed: a member opens a market, watches the price move
 * with the ticker stream, buys on the demo account, finds the fill in the records, and sells it again.
 */
let browser: Browser;
let member: NewMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});
afterAll(async () => {
  await browser?.close();
});

describe('demo trading', () => {
  it('opens a market, sees the price move, buys, finds the fill, sells', async () => {
    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/online'));
    await page.getByTestId('markets-page').waitFor();
    await page.getByTestId('simulated-note').waitFor();
    const listed = await page.getByTestId('market-BTC-last').textContent();
    // Prices carry the language's thousands separators.
    expect(Number(listed?.replaceAll(',', ''))).toBeGreaterThan(0);
    await page.getByTestId('market-BTC').click();
    await page.getByTestId('market-page').waitFor();
    await page.getByTestId('candle-chart').locator('canvas').first().waitFor();

    // The ticker stream moves the price on screen (the feed steps each second).
    const first = await page.getByTestId('market-last').textContent();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="market-last"]')?.textContent !== before,
      first,
      { timeout: 15_000 },
    );

    await fill(page, 'order-amount', '0.01');
    await expectText(page.getByTestId('order-estimate'), /Estimated Buy: \d+/);
    await page.getByTestId('order-submit').click();
    await expectText(page.locator('.adm-toast-main'), 'Order filled');
    await expectText(page.getByTestId('order-available'), /Available: \d/);
    await screenshot(page, 'trading-market');

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/Recordtx?account=demo'));
    await page.getByTestId('trade-records-page').waitFor();
    await expectText(page.getByTestId('trade-records-list'), /Buy BTC\/USDT/);
    await expectText(page.getByTestId('trade-records-list'), /0\.01 @ \d+/);

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/onlinec?symbol=BTC%2FUSDT&account=demo'));
    await page.getByTestId('market-page').waitFor();
    await page.getByTestId('side-sell').click();
    await expectText(page.getByTestId('order-available'), 'Available: 0.01 BTC');
    await fill(page, 'order-amount', '0.01');
    await page.getByTestId('order-submit').click();
    await expectText(page.locator('.adm-toast-main'), 'Order filled');
    await expectText(page.getByTestId('order-available'), 'Available: 0 BTC');

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/History?account=demo'));
    await expectText(page.getByTestId('trade-history-list'), /Sell BTC\/USDT/);
    await expectText(page.getByTestId('trade-history-list'), /Profit -\d/);

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/tradeboard?account=demo'));
    await expectText(page.getByTestId('board-trades'), '2');
    await page.close();
  });
});

describe('the market page', () => {
  it('logs no error while its chart is drawn, changes timeframe, and is left and opened again', async () => {
    const page = await openApp(browser);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await logInThroughPage(page, member.userid, member.password);
    const routes = [
      '/pages/trade/onlinec?symbol=BTC%2FUSDT&account=demo',
      '/pages/home/Trade',
      '/pages/home/Tradesell',
      '/pages/trade/onlinec?symbol=ETH%2FUSDT&account=demo&market=perp',
    ];
    for (const route of routes) {
      await page.goto(page.url().replace(/#.*$/, `#${route}`));
      await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
      for (const tf of ['5m', '1h', '1m']) {
        await page.locator('.tf-picker').getByRole('button', { name: tf, exact: true }).click();
        await page.waitForTimeout(500);
      }
      // The price moves the forming candle for a while (the feed steps each second).
      await page.waitForTimeout(2500);
      // Quick buy to Quick sell keeps the page (one page at two routes); the others open it anew.
      if (route !== '/pages/home/Trade') {
        await page.goto(page.url().replace(/#.*$/, '#/pages/trade/online'));
        await page.getByTestId('markets-page').waitFor();
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('demo perpetuals', () => {
  it('opens a 10x long on the perpetual, watches it on the moving price, and closes it', async () => {
    const other = await createMember();
    const page = await openApp(browser);
    await logInThroughPage(page, other.userid, other.password);
    await page.goto(
      page.url().replace(/#.*$/, '#/pages/trade/onlinec?symbol=ETH%2FUSDT&account=demo&market=perp'),
    );
    await page.getByTestId('market-page').waitFor();
    await expectText(page.getByTestId('positions'), 'No open positions');
    await page.getByTestId('leverage-10').click();
    await fill(page, 'order-amount', '0.5');
    await expectText(page.getByTestId('order-estimate'), /margin \d+\.\d{2} USDT/);
    await expectText(page.getByTestId('order-submit'), 'Buy / Long ETH 10x');
    await page.getByTestId('order-submit').click();
    await expectText(page.locator('.adm-toast-main'), 'Order filled');
    const position = page.getByTestId('position-ETH/USDT');
    await expectText(position, /Long ETH\/USDT · 10x/);
    await expectText(page.getByTestId('liq-ETH/USDT'), /^[\d,]+\.\d+$/);
    // The profit follows the feed's price (it moves each second).
    const first = await page.getByTestId('upnl-ETH/USDT').textContent();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="upnl-ETH/USDT"]')?.textContent !== before,
      first,
      { timeout: 20_000 },
    );
    await screenshot(page, 'trading-perp');

    await page.getByTestId('close-ETH/USDT').click();
    await page.locator('.adm-dialog').getByText('Confirm').click();
    await expectText(page.locator('.adm-toast-main'), 'Position closed');
    await expectText(page.getByTestId('positions'), 'No open positions');

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/History?account=demo'));
    await expectText(page.getByTestId('trade-history-list'), /Sell ETH\/USDT · Market · Perp 10x/);
    await page.close();
  });
});

describe('an exchange account', () => {
  it('is connected with an API key checked on the exchange, traded on, and disconnected', async () => {
    const trader = await createMember();
    const page = await openApp(browser);
    await logInThroughPage(page, trader.userid, trader.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/personal/AccountSetting'));
    await page.getByTestId('settings-exchanges').click();
    await page.getByTestId('exchange-accounts-page').waitFor();
    await expectText(page.getByTestId('exchange-accounts'), 'No exchange connected yet.');

    // A key the exchange refuses is not kept.
    await fill(page, 'exchange-label', 'My Binance');
    await fill(page, 'exchange-key', 'not-a-real-key');
    await fill(page, 'exchange-secret', 'not-a-real-secret');
    await page.getByTestId('exchange-connect').click();
    await expectText(page.locator('.adm-toast-main'), /key/i);
    await expectText(page.getByTestId('exchange-accounts'), 'No exchange connected yet.');

    const { apiKey, secret } = inject('exchange');
    await fill(page, 'exchange-key', apiKey);
    await fill(page, 'exchange-secret', secret);
    await page.getByTestId('exchange-connect').click();
    const row = page.locator('[data-testid^="exchange-account-"]');
    await expectText(row, /My Binance \(binance\)/);
    await expectText(row, `${apiKey.slice(0, 4)}`);
    expect(await row.textContent()).not.toContain(apiKey);
    await screenshot(page, 'trading-exchange-accounts');

    // Trade on it: the order goes to the exchange.
    await row.getByRole('link').click();
    await page.getByTestId('market-page').waitFor();
    await expectText(page.getByTestId('order-available'), /Available: 10,?000/);
    await fill(page, 'order-amount', '0.001');
    await page.getByTestId('order-submit').click();
    await expectText(page.locator('.adm-toast-main'), 'Order filled');

    await page.goBack();
    await page.getByTestId('exchange-accounts-page').waitFor();
    await page.locator('[data-testid^="disconnect-"]').click();
    await page.locator('.adm-dialog button', { hasText: 'Confirm' }).click();
    await expectText(page.getByTestId('exchange-accounts'), 'No exchange connected yet.');
    await page.close();
  });
});
