import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, api, codeFromOutbox, launchBrowser, openApp, screenshot } from './browser.ts';
import { createMember, expectText, fill, logInThroughPage, type NewMember } from './members.ts';

let browser: Browser;
let page: Page;
let member: NewMember;
const newEmail = () => `${member.userid}-moved@e2e.test`;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
  page = await openApp(browser);
  page.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await browser?.close();
});

async function go(hash: string) {
  await page.goto(page.url().replace(/#.*$/, hash));
}

describe.sequential('security changes need the owner', () => {
  it('a member changes the e-mail with the password, a code to the old address and a code to the new', async () => {
    await logInThroughPage(page, member.userid, member.password);
    await go('#/pages/personal/profile');
    await page.getByTestId('profile-page').waitFor();
    await fill(page, 'profile-email', newEmail());
    await fill(page, 'profile-password', member.password);

    // The first code goes to the address on file, shown masked; none goes to the new address yet.
    await page.getByTestId('profile-tac-send').click();
    await expectText(
      page.getByTestId('profile-tac-hint'),
      `Sent to ${member.userid.slice(0, 1)}***@e2e.test`,
    );
    const none = await adminApi<{ list: unknown[] }>('Admin/outbox', { destination: newEmail() });
    expect(none.data.list).toEqual([]);
    await fill(page, 'profile-tac', await codeFromOutbox(member.email));

    await page.getByTestId('profile-new-tac-send').click();
    await page.getByTestId('profile-new-tac-hint').waitFor();
    await fill(page, 'profile-new-tac', await codeFromOutbox(newEmail()));
    await screenshot(page, 'security-email-change');
    await page.getByTestId('profile-contact-save').click();
    await expectText(page.getByTestId('profile-email'), newEmail());

    // The old address is told, with the hold.
    const box = await adminApi<{ list: { subject: string; body: string }[] }>('Admin/outbox', {
      destination: member.email,
    });
    expect(box.data.list[0]?.subject).toBe('A security change on your account');
    expect(box.data.list[0]?.body).toMatch(
      /^Your e-mail was changed to .\*\*\*@e2e\.test at .* UTC\. If it was not you, contact customer service\. Withdrawals and transfers are paused until .* UTC\.$/,
    );
  });

  it('the withdraw page shows the hold, and binding an address is refused with its time', async () => {
    await go('#/pages/Wallet/menuWithdraw');
    await expectText(
      page.getByTestId('security-hold-banner'),
      /^Withdrawals and transfers are paused until .+ because your e-mail was changed\.$/,
    );
    await screenshot(page, 'security-hold-withdraw');
    const login = await api<{ token: string }>('Logon/login', {
      username: member.userid,
      password: member.password,
    });
    const bind = await api(
      'member/updatecaddress',
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_type: 'USDT-TRC20', tx_password: '123456' },
      login.data.token,
    );
    expect(bind).toMatchObject({ status: 0, code: 409 });
    expect(bind.msg).toMatch(/paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC because your e-mail was changed$/);
  });
});
