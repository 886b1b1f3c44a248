import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, screenshot } from './browser.ts';
import { feedSource, liveEth, MOCK_ETH, mockPrice } from './market.ts';
import { createMember, expectText, fill, logInThroughPage, type NewMember } from './members.ts';

/**
 * A DCA bot end to end on `npm start`'s own server, feed and engine: the market's price comes from the exchange
 * (here the local stand-in for Binance, whose price the test moves), so the bot meets a falling then rising path:
 * it buys, adds both safety orders as the price falls, and takes profit when it rises, which History shows.
 */
let browser: Browser;
let member: NewMember;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});
afterAll(async () => {
  await feedSource('simulated').catch(() => {});
  await mockPrice(MOCK_ETH).catch(() => {});
  await browser?.close();
});

async function dealSafety(page: Page, filled: string) {
  await expectText(page.getByTestId('deal-safety'), filled, 20_000);
}

describe('a DCA bot', () => {
  it('buys, adds safety orders on a falling price and takes profit when it rises', async () => {
    // The price starts where the demo feed is, so nobody else's demo positions jump
    // (the feed writes its first prices once the server is up).
    const start = await liveEth();

    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.getByTestId('home-area-trade').click();
    await page.getByTestId('bots-home-page').waitFor();
    // The demo account needs no identity check and holds demo USDT.
    await expectText(page.getByTestId('bot-step-funds'), '✓ Hold USDT on that account');
    await expectText(page.getByTestId('bot-balance-available'), /\d+/);
    await page.getByTestId('bots-link-list').click();
    await page.getByTestId('bot-list-page').waitFor();
    await page.getByTestId('bot-list-empty').waitFor();
    await page.getByTestId('bot-new').click();
    await page.getByTestId('bot-create-page').waitFor();
    await fill(page, 'bot-name', 'ETH dip buyer');
    await page.locator('#bot-symbol').selectOption('ETH/USDT');
    await fill(page, 'bot-base', '20');
    await fill(page, 'bot-safety', '20');
    await fill(page, 'bot-max-safety', '2');
    await fill(page, 'bot-deviation', '1');
    await fill(page, 'bot-step-scale', '1');
    await fill(page, 'bot-volume-scale', '1');
    await fill(page, 'bot-take-profit', '1');
    await expectText(page.getByTestId('bot-budget'), 'One deal can spend up to 60.00 USDT');
    await page.getByTestId('bot-save').click();
    await page.getByTestId('bot-page').waitFor();
    await expectText(page.locator('.adm-toast-main'), 'Bot saved');

    await page.getByTestId('bot-start').click();
    await expectText(page.locator('.adm-toast-main'), 'Bot started');
    await dealSafety(page, '0/2');
    await expectText(page.getByTestId('bot-orders'), 'Base order · Buy');
    await page.getByTestId('bot-chart').locator('canvas').first().waitFor();

    // Falling: each step of 1% below the first buy adds a safety order.
    await mockPrice(start * 0.985);
    await dealSafety(page, '1/2');
    await mockPrice(start * 0.975);
    await dealSafety(page, '2/2');
    await expectText(page.getByTestId('deal-next-safety'), '-');
    await expectText(page.getByTestId('deal-unrealized'), /^-/);
    await screenshot(page, 'bots-deal');

    // Rising: above the average entry plus 1%, the deal closes with profit (and the running bot opens the next one).
    await mockPrice(start * 1.005);
    await expectText(page.getByTestId('bot-head'), 'Closed deals: 1', 20_000);
    await page.getByTestId('bot-stop').click();
    await expectText(page.locator('.adm-toast-main'), 'Bot stopped');
    await page.getByTestId('bot-history-link').click();
    await page.getByTestId('bot-history-page').waitFor();
    const deal = page.getByTestId('bot-history-list').locator('[data-testid^="deal-"]').first();
    await expectText(deal, 'ETH dip buyer · ETH/USDT');
    await expectText(deal, 'Take profit');
    await expectText(deal, 'Safety orders: 2');
    const pnl = await deal.locator('[data-testid^="deal-pnl-"]').textContent();
    expect(Number(pnl?.replace(' USDT', '').replaceAll(',', ''))).toBeGreaterThan(0);
    await screenshot(page, 'bots-history');

    await page.goto(page.url().replace(/#.*$/, '#/pages/trade/trademain'));
    await expectText(page.getByTestId('bot-summary'), /Closed deals\s*1/);
  });
});
