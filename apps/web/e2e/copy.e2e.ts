import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAdminPage, pendingKycId } from './admin.ts';
import { adminApi, api, launchBrowser, openApp, screenshot } from './browser.ts';
import { ethLast, feedSource, liveEth, MOCK_ETH, mockPrice } from './market.ts';
import { submitKycInBrowser } from './kyc-steps.ts';
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
 * Copy trading end to end on `npm start`'s own server, feed and copy engine: a verified member moves USDT to the
 * trading wallet, picks the demo lead trader Carol and invests; Carol trades on her demo account and the pool
 * mirrors it; the price (from the local stand-in for Binance, which the test moves) rises, the follower sees the
 * result, an admin runs today's settlement and Carol is paid her share above the high-water mark.
 */
let browser: Browser;
let member: NewMember;
let phone: Page;
let start = 0;

async function reward(token: string): Promise<number> {
  const res = await api<{ wallets: { wallet: string; asset: string; balance: string }[] }>(
    'Asset/getwalletbalance',
    {},
    token,
  );
  return Number(res.data.wallets.find((w) => w.wallet === 'reward' && w.asset === 'USDT')?.balance ?? 0);
}
async function confirmSheet(page: Page, sheet: string) {
  await page.getByTestId(`${sheet}-password`).waitFor();
  await fill(page, `${sheet}-password`, DEMO.txPassword);
  await page.getByTestId(`${sheet}-confirm`).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
  const credit = await adminApi('Admin/adjustbalance', {
    userid: member.userid,
    wallet: 'funds',
    asset: 'USDT',
    amount: '500',
    reason: 'e2e copy trading',
    idempotency_key: randomUUID(),
  });
  expect(credit.status, credit.msg).toBe(1);
});
afterAll(async () => {
  await feedSource('simulated').catch(() => {});
  await mockPrice(MOCK_ETH).catch(() => {});
  await browser?.close();
});

describe('copy trading', () => {
  it('a verified member funds the trading wallet, picks a lead trader and invests', async () => {
    phone = await openApp(browser);
    phone.setDefaultTimeout(15_000);
    await logInThroughPage(phone, member.userid, member.password);
    await submitKycInBrowser(phone, 'E2E Follower', `C${Date.now()}`);
    const id = await pendingKycId(member.userid, await adminToken());
    const approved = await adminApi('Admin/kycreview', { id, action: 'approve' });
    expect(approved.status, approved.msg).toBe(1);

    start = await liveEth();

    await phone.goto(phone.url().replace(/#.*$/, '#/pages/trade/trademain'));
    await phone.getByTestId('bots-link-copy').click();
    await phone.getByTestId('copy-traders-page').waitFor();
    const carol = phone.locator('[data-testid^="copy-trader-"]').filter({ hasText: 'Carol Trend' }).first();
    await expectText(carol, /\d+ followers?/);
    await screenshot(phone, 'copy-traders');
    await carol.click();
    await phone.getByTestId('copy-trader-page').waitFor();
    await phone.getByTestId('trader-stats').waitFor();
    await phone.locator('[data-testid$="-invest"]').first().click();
    await phone.getByTestId('copy-invest-page').waitFor();

    // The trading wallet is empty: move 300 USDT into it first.
    await expectText(phone.getByTestId('copy-invest-available'), '0');
    await phone.getByTestId('copy-invest-fund').click();
    await phone.getByTestId('copy-fund-page').waitFor();
    await fill(phone, 'copy-fund-amount', '300');
    await phone.getByTestId('copy-fund-submit').click();
    await confirmSheet(phone, 'copy-fund-sheet');
    await expectText(phone.getByTestId('copy-fund-result'), 'Moved');
    await phone.goBack();
    await phone.getByTestId('copy-invest-page').waitFor();
    await expectText(phone.getByTestId('copy-invest-available'), '300');

    await fill(phone, 'copy-invest-amount', '200');
    await phone.getByTestId('copy-invest-agree').click();
    await screenshot(phone, 'copy-invest');
    await phone.getByTestId('copy-invest-submit').click();
    await confirmSheet(phone, 'copy-invest-sheet');
    await expectText(phone.getByTestId('copy-invest-result'), 'You now copy this trader');
    await phone.getByTestId('copy-invest-view').click();
    await phone.getByTestId('copy-investment-page').waitFor();
    await expectText(phone.getByTestId('copy-investment-principal'), '200');
    await expectText(phone.getByTestId('copy-investment-state'), 'Copying');
  });

  it('the trader trades on paper, the follower sees the mirrored trade and result, and settlement pays the share', async () => {
    const carol = await apiLogin('carol', DEMO.password);
    const before = await reward(carol);
    const bought = await api(
      'Online/SaveOrder',
      {
        account: 'demo',
        symbol: 'ETH/USDT',
        side: 'buy',
        type: 'market',
        amount: '1.2',
        idempotency_key: randomUUID(),
      },
      carol,
    );
    expect(bought.status, bought.msg).toBe(1);

    // The copy engine mirrors it after the next feed step.
    await expect
      .poll(
        async () => {
          await phone.reload();
          await phone.getByTestId('copy-investment-page').waitFor();
          return phone.getByTestId('copy-mirrored-trade').filter({ hasText: 'ETH/USDT' }).count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);

    await mockPrice(start * 1.1);
    await expect.poll(async () => (await ethLast()).last > start * 1.09, { timeout: 15_000 }).toBe(true);
    await expect
      .poll(
        async () => {
          await phone.reload();
          return Number(await phone.getByTestId('copy-investment-pnl').getAttribute('data-value'));
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(phone, 'copy-investment-profit');

    // An admin runs today's settlement on the admin page.
    const desk = await openAdminPage(browser, '#/pages/admin/copy');
    try {
      await desk.getByTestId('admin-copy-page').waitFor();
      await desk.getByTestId('admin-copy-run').click();
      const dialog = desk.locator('.adm-dialog');
      await expectText(dialog, 'Settle every active copy');
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectText(desk.locator('.adm-toast-main'), "Today's settlement has run");
      await screenshot(desk, 'copy-admin');
    } finally {
      await desk.context().close();
    }

    await phone.reload();
    const today = new Date().toISOString().slice(0, 10);
    await phone.getByTestId(`copy-settlement-${today}-daily`).waitFor();
    expect(
      Number(await phone.getByTestId('copy-investment-shared').getAttribute('data-value')),
    ).toBeGreaterThan(0);
    expect(await reward(carol)).toBeGreaterThan(before);
    await screenshot(phone, 'copy-investment-settled');
  });
});

let token: string | undefined;
async function adminToken(): Promise<string> {
  if (!token) {
    const admin = inject('admin');
    token = await apiLogin(admin.userid, admin.password);
  }
  return token;
}
