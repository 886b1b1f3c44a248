import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launchBrowser, openApp, screenshot } from './browser.ts';
import { openAdminPage, pendingKycId } from './admin.ts';
import { apiLogin, DEMO, expectText, fill, logInThroughPage } from './members.ts';

/**
 * The README's picture: home (as alice), sign-up and Me side by side, saved as test-artifacts/readme.png.
 * `UPDATE_README_SCREENSHOT=1 npx vitest run --project e2e readme` also copies it to docs/screenshot.png.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const artifact = (name: string) => path.join(inject('artifacts'), `${name}.png`);

it('composes home, sign-up and Me into one picture', async () => {
  const app = await openApp(browser, '#/pages/login/login');
  await logInThroughPage(app, 'alice', DEMO.password);
  await expectText(app.getByTestId('announcement-list'), 'Welcome to the ...');
  await screenshot(app, 'readme-home');

  await app.getByTestId('tab-me').click();
  await expectText(app.getByTestId('me-userid'), 'alice');
  await screenshot(app, 'readme-me');
  await app.context().close();

  const signup = await openApp(browser, '#/pages/register/register');
  await fill(signup, 'register-username', 'newmember');
  await fill(signup, 'register-email', 'new.member@example.com');
  await expect
    .poll(() => signup.getByTestId('register-username-result').getAttribute('data-state'))
    .toBe('ok');
  await signup.locator('#register-username').blur();
  await screenshot(signup, 'readme-register');
  await signup.context().close();

  await compose(
    [
      ['readme-home', 'Home'],
      ['readme-register', 'Sign up'],
      ['readme-me', 'Me'],
    ],
    'readme',
  );
  const out = artifact('readme');

  if (process.env.UPDATE_README_SCREENSHOT === '1') {
    copyFileSync(out, path.resolve(import.meta.dirname, '../../../docs/screenshot.png'));
  }
});

/** Three phone screens side by side on one picture: `shots` are [artifact name, caption]. */
async function compose(shots: readonly (readonly [string, string])[], out: string) {
  const img = (name: string) => `data:image/png;base64,${readFileSync(artifact(name)).toString('base64')}`;
  const board = await browser.newPage({ viewport: { width: 1080, height: 760 }, deviceScaleFactor: 1 });
  await board.setContent(`<!doctype html>
<html><head><style>
  body { margin: 0; height: 760px; display: flex; align-items: center; justify-content: center; gap: 36px;
         background: linear-gradient(160deg, #fff6e0, #f2f2f2); font: 600 18px system-ui, sans-serif; color: #4d4d4d; }
  figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 12px; }
  img { width: 300px; height: 649px; border-radius: 22px; box-shadow: 0 10px 28px rgba(0,0,0,.18);
        border: 6px solid #222; }
</style></head><body>
${shots.map(([name, caption]) => `<figure><img src="${img(name)}" alt=""><figcaption>${caption}</figcaption></figure>`).join('\n')}
</body></html>`);
  await board.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  await board.screenshot({ path: artifact(out) });
  await board.close();
  expect(readFileSync(artifact(out)).length).toBeLessThan(400_000);
}

it('composes the demo week as a member (wallet, income, team) and as the admin (dashboard, withdrawals, KYC)', async () => {
  const member = await openApp(browser, '#/pages/login/login');
  await logInThroughPage(member, 'alice', DEMO.password);
  await member.goto(`${inject('baseUrl')}/#/pages/Wallet/Wallet`);
  await expectText(member.getByTestId('wallet-total'), 'USDT');
  await screenshot(member, 'readme-wallet');
  await member.goto(`${inject('baseUrl')}/#/pages/Mining/AssetIncome`);
  await member.getByTestId('income-totals').waitFor();
  await member.waitForTimeout(500);
  await screenshot(member, 'readme-income');
  await member.goto(`${inject('baseUrl')}/#/pages/personal/tree`);
  await member.getByTestId('tree-diagram').waitFor();
  await member.waitForTimeout(500);
  await screenshot(member, 'readme-tree');
  await member.context().close();
  await compose(
    [
      ['readme-wallet', 'Wallet'],
      ['readme-income', 'Mining income'],
      ['readme-tree', 'Team tree'],
    ],
    'readme-member',
  );

  const desk = await openAdminPage(browser, '#/pages/admin/admin');
  await desk.waitForTimeout(1500);
  await screenshot(desk, 'readme-admin-home');
  await desk.goto(`${inject('baseUrl')}/#/pages/admin/wd`);
  await desk.getByTestId('wd-totals').waitFor();
  await desk.waitForTimeout(500);
  await screenshot(desk, 'readme-admin-wd');
  const adminToken = await apiLogin(inject('admin').userid, inject('admin').password);
  const id = await pendingKycId('bob', adminToken);
  await desk.goto(`${inject('baseUrl')}/#/pages/admin/kycdetail?id=${id}`);
  await expectText(desk.getByTestId('kyc-detail-userid'), 'bob');
  await desk.waitForTimeout(800);
  await screenshot(desk, 'readme-admin-kyc');
  await desk.context().close();
  await compose(
    [
      ['readme-admin-home', 'Admin dashboard'],
      ['readme-admin-wd', 'Withdrawals to approve'],
      ['readme-admin-kyc', 'Identity review'],
    ],
    'readme-admin',
  );

  if (process.env.UPDATE_README_SCREENSHOT === '1') {
    const docs = path.resolve(import.meta.dirname, '../../../docs');
    copyFileSync(artifact('readme-member'), path.join(docs, 'screenshot-member.png'));
    copyFileSync(artifact('readme-admin'), path.join(docs, 'screenshot-admin.png'));
  }
});
