import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from './admin.ts';
import { adminApi, api, launchBrowser, openApp, screenshot } from './browser.ts';
import { apiLogin, createMember, DEMO, expectText, fill, logInThroughPage } from './members.ts';

/**
 * Payout networks end to end (issue 28). The e2e server follows a local ERC-20 chain with a hot wallet, so ERC-20 is
 * paid automatically and BEP-20 by hand: a member binds a BEP-20 address and withdraws in the browser; the admin's
 * approval dialog says it is paid by hand, the admin records the transaction's hash (a malformed one is refused in
 * the dialog), and the member sees the withdrawal paid with that hash. Then the limits: an ERC-20 withdrawal above
 * the per-payout limit waits for a second approver after the first approval.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Credits a member's funds wallet with USDT, as an admin. */
async function fund(userid: string, amount: string) {
  const funded = await adminApi('Admin/adjustbalance', {
    userid,
    wallet: 'funds',
    asset: 'USDT',
    amount,
    reason: 'e2e payout networks',
    idempotency_key: randomUUID(),
  });
  expect(funded.status, funded.msg).toBe(1);
}

/** Goes to a hash route in the same page. */
async function go(page: Page, hash: string) {
  await page.goto(page.url().replace(/#.*$/, hash));
}

/** The member's newest withdrawal's id, as their list answers it. */
async function newestWithdrawal(token: string): Promise<string> {
  const list = await api<{ list: { id: string }[] }>('Asset/withdrawlist', { page: 1, pagesize: 1 }, token);
  expect(list.status, list.msg).toBe(1);
  return list.data.list[0]?.id ?? '';
}

describe.sequential('payout networks', () => {
  it('a BEP-20 withdrawal is approved to be paid by hand, its hash recorded, and the member sees it paid', async () => {
    const member = await createMember('erin', 'L');
    await fund(member.userid, '60');
    const address = `0x${randomBytes(20).toString('hex')}`;
    const hash = `0x${randomBytes(32).toString('hex')}`;

    // The member binds a BEP-20 address (a network the operator left open) and withdraws 40 USDT.
    const phone = await openApp(browser);
    phone.setDefaultTimeout(15_000);
    await logInThroughPage(phone, member.userid, member.password);
    await go(phone, '#/pages/personal/WithdrawAdress');
    await phone.getByTestId('address-type-USDT-BEP20').click();
    await fill(phone, 'address-input', address);
    await phone.getByTestId('address-submit').click();
    await fill(phone, 'address-sheet-password', DEMO.txPassword);
    await phone.getByTestId('address-sheet-confirm').click();
    await expectText(phone.getByTestId('address-bound-type'), 'USDT-BEP20');
    // Kept with its checksum (mixed case), as the admin will see it.
    const bound = (await phone.getByTestId('address-bound-value').textContent()) ?? '';
    expect(bound.toLowerCase()).toBe(address);

    await go(phone, '#/pages/Wallet/menuWithdraw');
    await phone.getByTestId('withdraw-form').waitFor();
    await fill(phone, 'withdraw-amount', '40');
    await expectText(phone.getByTestId('withdraw-receive'), '38.00 USDT');
    await phone.getByTestId('withdraw-submit').click();
    await fill(phone, 'withdraw-sheet-password', DEMO.txPassword);
    await phone.getByTestId('withdraw-sheet-confirm').click();
    await expectText(phone.getByTestId('withdraw-result-status'), 'Waiting for approval');
    const id = await newestWithdrawal(await apiLogin(member.userid, member.password));
    expect(id).not.toBe('');

    // The admin approves: the dialog says BEP-20 is paid by hand, to which address, and how much.
    const desk = await openAdminPage(browser, '#/pages/admin/wd');
    try {
      const row = `wd-row-${id}`;
      await desk.getByTestId(row).waitFor();
      await desk.getByTestId(`wd-approve-${id}`).click();
      const dialog = desk.locator('.adm-dialog');
      await expectText(
        dialog,
        `Approve the withdrawal of ${member.userid}? USDT-BEP20 is paid by hand: after approving, send 38.00 USDT ` +
          `to ${bound} yourself, then record the transaction hash here.`,
      );
      await screenshot(desk, 'payouts-approve-manual');
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await desk.getByTestId(row).waitFor({ state: 'detached' });
      await desk.getByTestId('wd-filter-status-approved').click();
      await expectText(desk.getByTestId(`${row}-payout`), 'To be paid by hand');

      // A TRON-style hash (no 0x) is not a BEP-20 one: refused in the dialog, nothing recorded.
      await desk.getByTestId(`wd-record-${id}`).click();
      await fill(desk, 'wd-record-hash', hash.slice(2));
      await desk.getByTestId('wd-record-ok').click();
      await expectText(desk.getByTestId('wd-record-error'), 'transaction hash');
      await fill(desk, 'wd-record-hash', hash);
      await desk.getByTestId('wd-record-ok').click();
      await expectText(desk.getByTestId(`${row}-payout`), 'Paid on chain');
      await expectText(desk.getByTestId(`${row}-tx`), `${hash.slice(0, 10)}…${hash.slice(-8)}`);
      expect(await desk.getByTestId(`${row}-tx`).getAttribute('title')).toBe(hash);
      await screenshot(desk, 'payouts-recorded-admin');
    } finally {
      await desk.context().close();
    }

    // The member sees it paid, with the hash; the 40 has left the wallet.
    await go(phone, '#/pages/Wallet/menuWithdraw?tab=list');
    await expectText(phone.getByTestId(`withdrawal-${id}-payout`), 'Paid');
    await expectText(phone.getByTestId(`withdrawal-${id}-tx`), `${hash.slice(0, 10)}…${hash.slice(-8)}`);
    await screenshot(phone, 'payouts-paid-member');
    await go(phone, '#/pages/Wallet/Wallet');
    await expectText(phone.getByTestId('wallet-funds-USDT-balance'), '20');
    await phone.context().close();
  }, 90_000);

  it('an ERC-20 withdrawal above the per-payout limit waits for a second approver after the first approval', async () => {
    const settings = await adminApi<{
      limit_per_withdrawal_usdt: string;
      networks: { code: string; mode: string }[];
    }>('Admin/payoutsettings');
    expect(settings.status, settings.msg).toBe(1);
    expect(settings.data.networks.find((n) => n.code === 'USDT-ERC20')?.mode).toBe('automatic');
    const limit = Number(settings.data.limit_per_withdrawal_usdt);
    // Above the limit once the 5% fee is taken, below the two-person threshold: the limit alone asks a second admin.
    const amount = String(Math.ceil((limit + 100) / 0.95));
    const member = await createMember('erin', 'R');
    await fund(member.userid, amount);
    const token = await apiLogin(member.userid, member.password);
    const bound = await api(
      'member/updatecaddress',
      {
        address: `0x${randomBytes(20).toString('hex')}`,
        address_type: 'USDT-ERC20',
        tx_password: DEMO.txPassword,
      },
      token,
    );
    expect(bound.status, bound.msg).toBe(1);
    const asked = await api<{ id: string }>(
      'asset/withdrawsave',
      { amount, tx_password: DEMO.txPassword, idempotency_key: randomUUID() },
      token,
    );
    expect(asked.status, asked.msg).toBe(1);
    const id = asked.data.id;

    const desk = await openAdminPage(browser, '#/pages/admin/payouts');
    try {
      // The payouts page: ERC-20 automatic, BEP-20 only by hand here, the limit as listed by the server.
      await expectText(desk.getByTestId('payouts-network-USDT-BEP20-no-automatic'), 'paid by hand');
      expect(await desk.locator('#payouts-limit_per_withdrawal_usdt').inputValue()).toBe(
        settings.data.limit_per_withdrawal_usdt,
      );
      await screenshot(desk, 'payouts-settings');

      await go(desk, '#/pages/admin/wd');
      const row = `wd-row-${id}`;
      await desk.getByTestId(row).waitFor();
      await desk.getByTestId(`wd-approve-${id}`).click();
      const dialog = desk.locator('.adm-dialog');
      await expectText(dialog, 'will be sent from the hot wallet on USDT-ERC20.');
      await expectText(
        dialog,
        'A second admin must approve it too: it is above the limit per automatic payout.',
      );
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectText(desk.getByTestId(`${row}-first-approval`), 'Waiting for a second approver');
      expect(await desk.getByTestId(row).getAttribute('data-status')).toBe('pending');
    } finally {
      await desk.context().close();
    }
  }, 60_000);
});
