import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminPage } from './admin.ts';
import { adminApi, api, launchBrowser, openApp, screenshot } from './browser.ts';
import { apiLogin, createMember, DEMO, expectText, logInThroughPage, type NewMember } from './members.ts';

/**
 * A withdrawal paid on the same chain from the server's hot wallet, approved on the admin page.
 *
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

/** JSON-RPC to the server's local test chain (its address from the admin's chain page). */
async function chainRpc() {
  const info = await adminApi<{ rpc_url: string }>('Admin/chaininfo');
  expect(info.status, info.msg).toBe(1);
  return async (method: string, params: unknown[]) => {
    const res = await fetch(info.data.rpc_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
  };
}

describe('a deposit from the chain', () => {
  it('is sent, confirms 6 times and is credited to the deposit wallet', async () => {
    const page = await openApp(browser);
    await logInThroughPage(page, member.userid, member.password);
    await page.getByTestId('home-area-deposit').click();
    await page.getByTestId('topup-page').waitFor();
    await expectText(page.getByTestId('topup-networks'), 'Local test chain (ERC20)');
    await expectText(page.getByTestId('deposit-address'), /^0x[0-9a-fA-F]{40}$/);
    await expectText(page.getByTestId('deposit-confirmations'), 'after 6 confirmations');
    // The chain's blocks are held while the deposit is mined into one block: it then waits at 1 of 6 confirmations for
    // as long as the page needs to show it (with a block every 2 s a busy machine could see it credited first).
    const chain = await chainRpc();
    await chain('evm_setIntervalMining', [0]);
    const state = page.getByTestId('deposit-records').locator('[data-testid^="deposit-state-"]').first();
    try {
      await page.getByTestId('deposit-test-send').click();
      await expectText(page.locator('.adm-toast-main'), '100 test USDT sent');
      // In no block yet: the page shows it as sent at once.
      await expectText(state, 'Sent, waiting for the chain');
      await chain('anvil_mine', ['0x1']);
      await expectText(state, 'Confirming 1/6', 20_000);
      await screenshot(page, 'chain-deposit-confirming');
    } finally {
      await chain('evm_setIntervalMining', [2]);
    }
    await expectText(state, 'Credited', 40_000);
    await expectText(page.getByTestId('deposit-records'), '+100.00 USDT');

    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await expectText(page.getByTestId('wallet-deposit-USDT-balance'), '100');
  });
});

describe('a withdrawal paid on the chain', () => {
  it('is approved on the admin page, sent from the hot wallet, confirmed, and the address holds it', async () => {
    const payee = await createMember('erin', 'R');
    const token = await apiLogin(payee.userid, payee.password);
    const funded = await adminApi('Admin/adjustbalance', {
      userid: payee.userid,
      wallet: 'funds',
      asset: 'USDT',
      amount: '60',
      reason: 'e2e payout test',
      idempotency_key: randomUUID(),
    });
    expect(funded.status, funded.msg).toBe(1);
    // A fresh address of the member's own on the chain.
    const to = `0x${randomBytes(20).toString('hex')}`;
    const bound = await api(
      'member/updatecaddress',
      { address: to, address_type: 'USDT-ERC20', tx_password: DEMO.txPassword },
      token,
    );
    expect(bound.status, bound.msg).toBe(1);
    const asked = await api<{ id: string }>(
      'asset/withdrawsave',
      { amount: '40', tx_password: DEMO.txPassword, idempotency_key: randomUUID() },
      token,
    );
    expect(asked.status, asked.msg).toBe(1);
    const id = asked.data.id;

    const desk = await openAdminPage(browser, '#/pages/admin/wd');
    try {
      await desk.getByTestId('admin-wd-page').waitFor();
      const row = `wd-row-${id}`;
      await desk.getByTestId(row).waitFor();
      await desk.getByTestId(`wd-approve-${id}`).click();
      const dialog = desk.locator('.adm-dialog');
      await expectText(dialog, '38.00 USDT will be sent from the hot wallet on USDT-ERC20.');
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await desk.getByTestId('wd-filter-status-approved').click();
      // Queued, sent, then paid after 6 confirmations (a block every 2 s): the list refreshes by itself.
      await expectText(desk.getByTestId(`${row}-payout`), /Payout queued|Sent on chain, confirming/);
      await expectText(desk.getByTestId(`${row}-tx`), /^0x[0-9a-f]{8}…[0-9a-f]{8}$/, 20_000);
      await expectText(desk.getByTestId(`${row}-payout`), 'Paid on chain', 40_000);
      await screenshot(desk, 'chain-payout-admin');
    } finally {
      await desk.context().close();
    }

    // On the chain: the address received 40 minus the 5% fee.
    const info = await adminApi<{ rpc_url: string; token_address: string }>('Admin/chaininfo');
    const call = await fetch(info.data.rpc_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [
          { to: info.data.token_address, data: `0x70a08231${to.slice(2).padStart(64, '0')}` },
          'latest',
        ],
      }),
    });
    expect(BigInt(((await call.json()) as { result: string }).result)).toBe(38_000_000n);

    // The member sees it paid, with its transaction.
    const page = await openApp(browser);
    await logInThroughPage(page, payee.userid, payee.password);
    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/menuWithdraw?tab=list'));
    await expectText(page.getByTestId(`withdrawal-${id}-payout`), 'Paid');
    await expectText(page.getByTestId(`withdrawal-${id}-tx`), /^0x/);
    await screenshot(page, 'chain-payout-member');
    await page.goto(page.url().replace(/#.*$/, '#/pages/Wallet/Wallet'));
    await expectText(page.getByTestId('wallet-funds-USDT-balance'), '20');
  });
});
