import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, openApp, screenshot } from './browser.ts';
import {
  apiLogin,
  createMember,
  DEMO,
  expectText,
  fill,
  logInThroughPage,
  type NewMember,
  route,
  storage,
} from './members.ts';

/**
 * The money features end to end, as one member's story told in steps that build on each other: funded by an
 * admin, the member transfers, exchanges, binds an address and asks for a withdrawal in the browser; an admin
 * approves it on the admin page and records its payment by hand; the member sees the outcome and the history; the
 * ledger stays healthy.
 */

type WalletRow = { wallet: string; asset: string; balance: string; available: string; pending: string };
type Health = { healthy: boolean; problems: string[] };

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LOCKED = 'The withdrawal address cannot be changed. Please contact customer service.';

let browser: Browser;
let adminToken: string;
let member: NewMember;
let recipient: NewMember;
/** The member's phone: one page kept across the steps, as one session would be. */
let phone: Page;
/** What the exchange gave, as the server wrote it ('39.6'). */
let received = '';
let withdrawalId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = inject('admin');
  adminToken = await apiLogin(admin.userid, admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** The member's phone: like openApp's page, with a touch screen (for pull-to-refresh). */
async function openPhone(hash: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${inject('baseUrl')}/${hash}`);
  return page;
}

/** Goes to a hash route in the same page (same-document navigation, the app keeps its state). */
async function go(page: Page, hash: string) {
  await page.goto(page.url().replace(/#.*$/, hash));
}

/** The exact wire value a <Money> shows (its data-value), under `locator` or on it. */
async function moneyValue(locator: Locator): Promise<string | null> {
  const own = await locator.getAttribute('data-value');
  return own ?? locator.locator('[data-value]').first().getAttribute('data-value');
}

/** The test id of the first element `locator` finds, minus `prefix` (the record's or withdrawal's id). */
async function idOf(locator: Locator, prefix: string): Promise<string> {
  await locator.first().waitFor();
  const testId = (await locator.first().getAttribute('data-testid')) ?? '';
  expect(testId.startsWith(prefix), testId).toBe(true);
  return testId.slice(prefix.length);
}

/**
 * Pulls a list down with a finger, far enough for the rubber band to pass its 80 px threshold, then lets go.
 * The app's pull-to-refresh listens to touches only and Playwright can only tap, so the finger moves through
 * the DevTools protocol.
 */
async function pullToRefresh(page: Page, list: Locator) {
  const box = await list.boundingBox();
  if (!box) throw new Error('the list is not on screen');
  const cdp = await page.context().newCDPSession(page);
  try {
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + 20);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let dy = 20; dy <= 400; dy += 20) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + dy }] });
    }
    // Far enough: the list says "release to refresh".
    await expect
      .poll(() => list.getByTestId('list-pull-state').first().getAttribute('data-state'))
      .toBe('releasing');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

async function balances(token: string): Promise<WalletRow[]> {
  const res = await api<{ wallets: WalletRow[] }>('Asset/getwalletbalance', {}, token);
  expect(res.status, res.msg).toBe(1);
  return res.data.wallets;
}

function row(list: WalletRow[], wallet: string, asset: string): WalletRow | undefined {
  return list.find((w) => w.wallet === wallet && w.asset === asset);
}

describe.sequential('money: transfer, exchange, address, withdrawal, admin approval, history', () => {
  it('a funded member sees 100 USDT on the wallet tab and transfers 10 USDT to another member', async () => {
    [member, recipient] = await Promise.all([createMember('erin', 'L'), createMember('erin', 'R')]);
    const credit = await api<{ balance_after: string }>(
      'Admin/adjustbalance',
      {
        userid: member.userid,
        wallet: 'funds',
        asset: 'USDT',
        amount: '100',
        reason: 'e2e money test',
        idempotency_key: randomUUID(),
      },
      adminToken,
    );
    expect(credit.status, credit.msg).toBe(1);
    expect(credit.data.balance_after).toBe('100');

    phone = await openPhone('#/pages/login/login');
    await logInThroughPage(phone, member.userid, member.password);

    await phone.getByTestId('tab-wallet').click();
    await phone.getByTestId('wallet-page').waitFor();
    expect(route(phone)).toBe('/pages/Wallet/Wallet');
    await expectText(phone.getByTestId('wallet-funds-USDT-balance'), '100.00 USDT');
    expect(await moneyValue(phone.getByTestId('wallet-funds-USDT-balance'))).toBe('100');
    await expectText(phone.getByTestId('wallet-funds-USDT-available'), '100.00 USDT');
    await expectText(phone.getByTestId('wallet-total-usdt'), '100.00 USDT');
    await screenshot(phone, 'money-wallet');

    await phone.getByTestId('wallet-action-transfer').click();
    await phone.getByTestId('transfer-form').waitFor();
    expect(route(phone)).toBe('/pages/Wallet/CurrencyOther');
    await expectText(phone.getByTestId('transfer-available'), '100.00 USDT');
    await fill(phone, 'transfer-to', recipient.userid);
    // The recipient check shows the member with their name masked (no name given: the username, masked).
    const masked = `${recipient.userid.slice(0, 2)}***${recipient.userid.slice(-2)}`;
    const check = phone.getByTestId('transfer-to-result');
    await expect.poll(() => check.getAttribute('data-state').catch(() => null)).toBe('ok');
    await expectText(check, `${recipient.userid} (${masked})`);
    await fill(phone, 'transfer-amount', '10');
    await expectText(phone.getByTestId('transfer-total'), '10.00 USDT');
    await phone.getByTestId('transfer-submit').click();

    await fill(phone, 'transfer-sheet-password', DEMO.txPassword);
    await expectText(phone.getByTestId('transfer-sheet-summary'), `Transfer to ${recipient.userid}`);
    await phone.getByTestId('transfer-sheet-confirm').click();

    const result = phone.getByTestId('transfer-result');
    await result.waitFor();
    expect(await result.getAttribute('data-state')).toBe('success');
    await expectText(phone.getByTestId('transfer-result-title'), 'Transfer successful');
    await expectText(phone.getByTestId('transfer-result-to'), recipient.userid);
    await expectText(phone.getByTestId('transfer-result-amount'), '10.00 USDT');
    await expectText(phone.getByTestId('transfer-result-fee'), '0.00 USDT');
    await expectText(phone.getByTestId('transfer-result-balance'), '90.00 USDT');
    // The password sheet has slid away (it is removed once closed).
    await phone.getByTestId('transfer-sheet-form').waitFor({ state: 'detached' });
    await screenshot(phone, 'money-transfer-result');

    const theirs = await balances(await apiLogin(recipient.userid, recipient.password));
    expect(row(theirs, 'funds', 'USDT')?.balance).toBe('10');
  });

  it('exchanges 20 USDT to XT at the quoted amount', async () => {
    await phone.getByTestId('currency-tab-exchange').click();
    await phone.getByTestId('exchange-form').waitFor();
    await expect.poll(() => new URL(phone.url()).hash).toContain('type=exchange');
    await expectText(phone.getByTestId('exchange-available'), '90.00 USDT');
    await expectText(phone.getByTestId('exchange-rate'), /^1 USDT = [\d.]+ XT$/);

    await fill(phone, 'exchange-amount', '20');
    // The quote: the server's answer for exactly this amount (a <Money> with its value).
    const receive = phone.locator('[data-testid="exchange-receive"][data-value]');
    await receive.waitFor();
    const quoted = (await receive.getAttribute('data-value')) ?? '';
    // Default terms: 0.5 USDT per XT with a 1% spread (the spread is the platform's: less than 40 XT).
    expect(quoted).toBe('39.6');
    await expectText(receive, '39.60 XT');
    await phone.getByTestId('exchange-submit').click();

    await fill(phone, 'exchange-sheet-password', DEMO.txPassword);
    await expectText(phone.getByTestId('exchange-sheet-summary'), /20\.00 USDT → 39\.60 XT/);
    await phone.getByTestId('exchange-sheet-confirm').click();

    const result = phone.getByTestId('exchange-result');
    await result.waitFor();
    expect(await result.getAttribute('data-state')).toBe('success');
    await expectText(phone.getByTestId('exchange-result-amount'), '20.00 USDT');
    await expectText(phone.getByTestId('exchange-result-receive'), '39.60 XT');
    received = (await moneyValue(phone.getByTestId('exchange-result-receive'))) ?? '';
    expect(received).toBe(quoted);

    await go(phone, '#/pages/Wallet/Wallet');
    await expectText(phone.getByTestId('wallet-funds-USDT-balance'), '70.00 USDT');
    await expectText(phone.getByTestId('wallet-funds-XT-balance'), '39.60 XT');
  });

  it('binds the TRON address once and then sees it locked', async () => {
    await go(phone, '#/pages/personal/WithdrawAdress');
    await phone.getByTestId('address-form').waitFor();
    await phone.getByTestId('address-type-USDT-TRC20').click();
    expect(await phone.getByTestId('address-type-USDT-TRC20').getAttribute('aria-pressed')).toBe('true');
    await fill(phone, 'address-input', TRON_ADDRESS);
    await phone.getByTestId('address-submit').click();
    await fill(phone, 'address-sheet-password', DEMO.txPassword);
    await phone.getByTestId('address-sheet-confirm').click();

    await phone.getByTestId('address-bound').waitFor();
    await expectText(phone.getByTestId('address-bound-value'), TRON_ADDRESS);
    await expectText(phone.getByTestId('address-bound-type'), 'USDT-TRC20');
    await expectText(phone.getByTestId('address-locked-message'), LOCKED);
    expect(await phone.locator('#address-input').count()).toBe(0);

    // Coming back later (a new load of the app) shows the same: bound, no form, the customer-service message.
    await phone.reload();
    await phone.getByTestId('address-bound').waitFor();
    await expectText(phone.getByTestId('address-bound-value'), TRON_ADDRESS);
    await expectText(phone.getByTestId('address-locked-message'), LOCKED);
    expect(await phone.getByTestId('address-form').count()).toBe(0);
  });

  it('requests a withdrawal of 40 USDT: fee 2, receive 38, pending, the available balance drops', async () => {
    await go(phone, '#/pages/Wallet/menuWithdraw');
    await phone.getByTestId('withdraw-form').waitFor();
    await expectText(phone.getByTestId('withdraw-available'), '70.00 USDT');
    await expectText(phone.getByTestId('withdraw-address-type'), 'USDT-TRC20');
    await fill(phone, 'withdraw-amount', '40');
    // The server's preview for exactly this amount (not the local estimate).
    await expect.poll(() => phone.getByTestId('withdraw-preview').getAttribute('data-source')).toBe('server');
    await expectText(phone.getByTestId('withdraw-fee'), '2.00 USDT');
    await expectText(phone.getByTestId('withdraw-receive'), '38.00 USDT');
    await screenshot(phone, 'money-withdraw-form');
    await phone.getByTestId('withdraw-submit').click();

    await fill(phone, 'withdraw-sheet-password', DEMO.txPassword);
    await phone.getByTestId('withdraw-sheet-confirm').click();
    const result = phone.getByTestId('withdraw-result');
    await result.waitFor();
    expect(await result.getAttribute('data-state')).toBe('success');
    await expectText(phone.getByTestId('withdraw-result-amount'), '40.00 USDT');
    await expectText(phone.getByTestId('withdraw-result-fee'), '2.00 USDT');
    await expectText(phone.getByTestId('withdraw-result-receive'), '38.00 USDT');
    await expectText(phone.getByTestId('withdraw-result-address'), TRON_ADDRESS);
    await expectText(phone.getByTestId('withdraw-result-status'), 'Waiting for approval');

    await phone.getByTestId('withdraw-result-list').click();
    await phone.getByTestId('withdrawals-list').waitFor();
    withdrawalId = await idOf(
      phone.locator('[data-testid="withdrawals-list"] article[data-testid^="withdrawal-"]'),
      'withdrawal-',
    );
    expect(await phone.getByTestId(`withdrawal-${withdrawalId}`).getAttribute('data-status')).toBe('pending');
    await expectText(phone.getByTestId(`withdrawal-${withdrawalId}-status`), 'Waiting for approval');
    await expectText(phone.getByTestId(`withdrawal-${withdrawalId}-amount`), '40.00 USDT');
    await expectText(phone.getByTestId(`withdrawal-${withdrawalId}-receive`), '38.00 USDT');

    // The 40 is held: still in the balance, no longer available.
    await go(phone, '#/pages/Wallet/Wallet');
    await expectText(phone.getByTestId('wallet-funds-USDT-available'), '30.00 USDT');
    await expectText(phone.getByTestId('wallet-funds-USDT-pending'), '40.00 USDT');
    await expectText(phone.getByTestId('wallet-funds-USDT-balance'), '70.00 USDT');
  });

  it('an admin sees the pending withdrawal on the admin page and approves it', async () => {
    expect(withdrawalId).not.toBe('');
    const admin = inject('admin');
    const desk = await openApp(browser, '#/pages/admin/wd');
    desk.setDefaultTimeout(15_000);
    try {
      await desk.getByTestId('login-page').waitFor();
      await fill(desk, 'login-username', admin.userid);
      await fill(desk, 'login-password', admin.password);
      await desk.getByTestId('login-submit').click();
      await desk.getByTestId('admin-wd-page').waitFor();
      expect(route(desk)).toBe('/pages/admin/wd');

      await desk.getByTestId('wd-filter-status-pending').click();
      const wdRow = `wd-row-${withdrawalId}`;
      await desk.getByTestId(wdRow).waitFor();
      expect(await desk.getByTestId(wdRow).getAttribute('data-status')).toBe('pending');
      await expectText(desk.getByTestId(`${wdRow}-userid`), member.userid);
      await expectText(desk.getByTestId(`${wdRow}-amount`), '40.00 USDT');
      await expectText(desk.getByTestId(`${wdRow}-fee`), '2.00 USDT');
      await expectText(desk.getByTestId(`${wdRow}-receive`), '38.00 USDT');
      await expectText(desk.getByTestId(`${wdRow}-address`), TRON_ADDRESS);
      await expectText(desk.getByTestId(`${wdRow}-status`), 'Waiting for approval');
      await screenshot(desk, 'money-admin-wd');

      await desk.getByTestId(`wd-approve-${withdrawalId}`).click();
      const dialog = desk.locator('.adm-dialog');
      // This server pays ERC-20 from its hot wallet; TRON is paid by hand, and the dialog says so.
      await expectText(
        dialog,
        `Approve the withdrawal of ${member.userid}? USDT-TRC20 is paid by hand: after approving, send 38.00 USDT ` +
          `to ${TRON_ADDRESS} yourself, then record the transaction hash here.`,
      );
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      // Decided: it leaves the pending list, and the approved list shows who decided it, to be paid by hand.
      await desk.getByTestId(wdRow).waitFor({ state: 'detached' });
      await desk.getByTestId('wd-filter-status-approved').click();
      await expectText(desk.getByTestId(`${wdRow}-status`), 'Approved');
      await expectText(desk.getByTestId(`${wdRow}-decision`), admin.userid);
      await expectText(desk.getByTestId(`${wdRow}-payout`), 'To be paid by hand');
      // Paid by hand on TRON: the admin records the transaction (64 hex digits), and the held 40 is posted.
      await desk.getByTestId(`wd-record-${withdrawalId}`).click();
      await fill(desk, 'wd-record-hash', randomBytes(32).toString('hex'));
      await desk.getByTestId('wd-record-ok').click();
      await expectText(desk.getByTestId(`${wdRow}-payout`), 'Paid on chain');
    } finally {
      await desk.context().close();
    }
  });

  it('the member sees the withdrawal approved and the history of every movement', async () => {
    await go(phone, '#/pages/Wallet/menuWithdraw?tab=list');
    const withdrawals = phone.getByTestId('withdrawals-list');
    await withdrawals.waitFor();
    // The list the member saw a moment ago may still be cached: pulling it down asks the server again.
    await pullToRefresh(phone, withdrawals);
    await expectText(phone.getByTestId(`withdrawal-${withdrawalId}-status`), 'Approved');
    expect(await phone.getByTestId(`withdrawal-${withdrawalId}`).getAttribute('data-status')).toBe(
      'approved',
    );

    await go(phone, '#/pages/Wallet/Other_History');
    const list = phone.getByTestId('history-list');
    await list.waitFor();
    const byType = async (type: string) => {
      const id = await idOf(list.locator(`article[data-type="${type}"]`), 'record-');
      return {
        id,
        type: await phone.getByTestId(`record-${id}-type`).textContent(),
        amount: await phone.getByTestId(`record-${id}-amount`).textContent(),
        status: await phone.getByTestId(`record-${id}-status`).textContent(),
      };
    };
    expect(await byType('transfer')).toMatchObject({
      type: 'Transfer',
      amount: '-10.00 USDT',
      status: 'Completed',
    });
    await expectText(
      phone.getByTestId(`record-${(await byType('transfer')).id}-counterparty`),
      recipient.userid,
    );
    // The exchange is two movements: USDT out, XT in.
    const exchanges = list.locator('article[data-type="exchange"]');
    await expect.poll(() => exchanges.count()).toBe(2);
    const exchangeAmounts = await list
      .locator('article[data-type="exchange"] [data-testid$="-amount"]')
      .allInnerTexts();
    expect(exchangeAmounts.sort()).toEqual(['+39.60 XT', '-20.00 USDT']);
    // The withdrawal: the payout and the fee, both completed once approved.
    const payout = await byType('withdraw');
    expect(payout).toMatchObject({ type: 'Withdraw', amount: '-38.00 USDT', status: 'Completed' });
    const fee = await byType('withdraw_fee');
    expect(fee).toMatchObject({ type: 'Withdrawal fee', amount: '-2.00 USDT', status: 'Completed' });
    expect(await byType('adjustment')).toMatchObject({ amount: '+100.00 USDT', status: 'Completed' });
    await screenshot(phone, 'money-history');
  });

  it('leaves the balances the browser showed and a healthy ledger', async () => {
    const token = (await storage(phone, 'token')) ?? '';
    expect(token).not.toBe('');
    const list = await balances(token);
    expect(row(list, 'funds', 'USDT')).toMatchObject({ balance: '30', available: '30', pending: '0' });
    expect(row(list, 'funds', 'XT')).toMatchObject({ balance: received, available: received, pending: '0' });

    const health = await api<Health>('Admin/ledgerhealth', {}, adminToken);
    expect(health.status, health.msg).toBe(1);
    expect(health.data.problems).toEqual([]);
    expect(health.data.healthy).toBe(true);
    await phone.context().close();
  });
});
