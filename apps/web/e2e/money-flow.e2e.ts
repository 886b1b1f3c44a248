import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, api, launchBrowser, openApp, screenshot } from './browser.ts';
import { apiLogin, createMember, DEMO, expectText, fill, logInThroughPage } from './members.ts';

/**
 * Issue 29's money flow on `npm start`'s own server: a voucher payment shows only its success (no refusal of the
 * spent voucher under it), and money in the deposit wallet is moved to the funds wallet from the Wallet tab.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function credit(userid: string, wallet: string, amount: string) {
  const res = await adminApi('Admin/adjustbalance', {
    userid,
    wallet,
    asset: 'USDT',
    amount,
    reason: 'e2e money flow',
    idempotency_key: randomUUID(),
  });
  expect(res.status, res.msg).toBe(1);
}

describe('money flow', () => {
  it('pays the shop with a voucher and shows only the success', async () => {
    const member = await createMember('erin', 'L');
    await credit(member.userid, 'funds', '100');
    const voucher = await adminApi<{ id: string }>('Admin/voucherissue', {
      userid: member.userid,
      scope: 'shop',
      discount_percent: '10',
      expires_on: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      note: 'e2e voucher payment',
    });
    expect(voucher.status, voucher.msg).toBe(1);
    const token = await apiLogin(member.userid, member.password);
    const products = await api<{ list: { id: string; name: string }[] }>('Shop/products', { q: 'Vitamin C' });
    const vitamin = products.data.list[0];
    expect(vitamin, 'the demo vitamin').toBeDefined();
    const added = await api('Shop/cartsave', { product_id: vitamin!.id, quantity: 1 }, token);
    expect(added.status, added.msg).toBe(1);

    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/shop/checkout'));
    await page.getByTestId('checkout-page').waitFor();
    await page.getByTestId('checkout-wallet-funds').click();
    await page.getByTestId('checkout-keep').click();
    await page.getByTestId(`checkout-voucher-${voucher.data.id}`).click();
    await expectText(page.getByTestId('checkout-discount'), /2\.50 USDT/);
    await page.getByTestId('checkout-agree').click();
    await page.getByTestId('checkout-pay').click();
    await fill(page, 'checkout-sheet-password', DEMO.txPassword);
    await page.getByTestId('checkout-sheet-confirm').click();
    await expectText(page.getByTestId('checkout-result-order'), /S\d{16}/);
    // What refreshes after paying answers within this time: no toast (the spent voucher's refusal was one) shows.
    const toasted = await page
      .locator('.adm-toast-main')
      .waitFor({ timeout: 2500 })
      .then(
        () => true,
        () => false,
      );
    expect(toasted).toBe(false);
    expect(await page.getByText('This voucher cannot be used').count()).toBe(0);
    await screenshot(page, 'shop-paid-with-voucher');
    await page.close();
  });

  it('moves deposit-wallet money to the funds wallet from the Wallet tab', async () => {
    const member = await createMember('erin', 'R');
    await credit(member.userid, 'deposit', '50');
    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await expectText(page.getByTestId('wallet-action-deposit'), 'Deposit');
    await page.getByTestId('wallet-action-transfer').click();
    await expectText(page.getByTestId('transfer-source-note'), 'Transfers are sent from your Funds wallet.');
    await expectText(page.getByTestId('transfer-source-deposit'), '50.00 USDT');
    await page.getByTestId('transfer-source-move').click();
    await expectText(page.getByTestId('move-from-balance'), '50.00 USDT');
    await fill(page, 'move-amount', '30');
    await page.getByTestId('move-submit').click();
    await fill(page, 'move-sheet-password', DEMO.txPassword);
    await page.getByTestId('move-sheet-confirm').click();
    await expectText(page.getByTestId('move-result-amount'), '30.00 USDT');
    await expectText(page.getByTestId('move-result-balance'), '30.00 USDT');
    await screenshot(page, 'wallet-move-to-funds');
    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await expectText(page.getByTestId('wallet-deposit-USDT-balance'), '20.00 USDT');
    await expectText(page.getByTestId('wallet-funds-USDT-balance'), '30.00 USDT');
    await screenshot(page, 'wallet-tab-actions');
    await page.close();
  });
});
