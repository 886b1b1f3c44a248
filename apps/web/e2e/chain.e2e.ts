import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, openApp, screenshot } from './browser.ts';
import { createMember, expectText, logInThroughPage, type NewMember } from './members.ts';

/**
 * A deposit from the chain on `npm start`'s own local test chain (anvil, a block every 2 s): the member opens the
 * top-up page, asks for 100 test USDT, watches the confirmations count up, and finds it in the deposit wallet.
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

describe('a deposit from the chain', () => {
  it('is sent, confirms 6 times and is credited to the deposit wallet', async () => {
    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.getByTestId('home-area-deposit').click();
    await page.getByTestId('topup-page').waitFor();
    await expectText(page.getByTestId('topup-networks'), 'Local test chain (ERC20)');
    await expectText(page.getByTestId('deposit-address'), /^0x[0-9a-fA-F]{40}$/);
    await expectText(page.getByTestId('deposit-confirmations'), 'after 6 confirmations');
    await page.getByTestId('deposit-test-send').click();
    await expectText(page.locator('.adm-toast-main'), '100 test USDT sent');
    const state = page.getByTestId('deposit-records').locator('[data-testid^="deposit-state-"]').first();
    await expectText(state, /Confirming [1-5]\/6/, 20_000);
    await screenshot(page, 'chain-deposit-confirming');
    await expectText(state, 'Credited', 40_000);
    await expectText(page.getByTestId('deposit-records'), '+100 USDT');

    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await expectText(page.getByTestId('wallet-deposit-USDT-balance'), '100');
  });
});
