import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approveKycOnPage, openAdminPage, pendingKycId } from './admin.ts';
import { submitKycInBrowser } from './kyc-steps.ts';
import { launchBrowser, openApp, screenshot } from './browser.ts';
import { apiLogin, createMember, expectText, logInThroughPage, type NewMember } from './members.ts';

/**
 * Identity verification end to end: a member fills in the details and uploads three real pictures from the
 * browser (multipart), an admin opens the review queue, zooms a picture and approves, the member sees it.
 */

let browser: Browser;
let member: NewMember;
let phone: Page;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = inject('admin');
  adminToken = await apiLogin(admin.userid, admin.password);
  member = await createMember();
});

afterAll(async () => {
  await browser?.close();
});

describe('identity verification', () => {
  it('a member fills in the details and uploads the three pictures, then waits for approval', async () => {
    phone = await openApp(browser);
    phone.setDefaultTimeout(15_000);
    await logInThroughPage(phone, member.userid, member.password);
    await submitKycInBrowser(phone, 'E2E Member', `P${Date.now()}`, 'kyc');
    expect(await phone.getByTestId('kyc-steps').getAttribute('data-step')).toBe('waiting');
    await screenshot(phone, 'kyc-waiting');
  });

  it('an admin reviews the pictures (zoomable) and approves; the member sees it approved', async () => {
    const id = await pendingKycId(member.userid, adminToken);
    const desk = await openAdminPage(browser, '#/pages/admin/admin');
    await desk.getByTestId('admin-menu-kyc').click();
    await desk.getByTestId(`kyc-row-${id}`).click();
    await expectText(desk.getByTestId('kyc-detail-userid'), member.userid);
    for (const side of ['front', 'back', 'holding'])
      await desk.getByTestId(`kyc-review-${side}-img`).waitFor();
    await screenshot(desk, 'kyc-admin-detail');
    await desk.getByTestId('kyc-review-front').click();
    await desk.locator('.adm-image-viewer-content').waitFor();
    // A tap on the picture closes the viewer (antd-mobile); tap again if the first tap came mid-animation.
    const viewer = desk.locator('.adm-image-viewer-content');
    for (let i = 0; i < 5 && (await viewer.count()) > 0; i++) {
      await viewer.click({ force: true }).catch(() => {});
      await viewer.waitFor({ state: 'detached', timeout: 2000 }).catch(() => {});
    }
    await viewer.waitFor({ state: 'detached' });

    await approveKycOnPage(desk, member.userid);

    await phone.reload();
    await phone.getByTestId('kyc-approved').waitFor();
    expect(await phone.getByTestId('kyc-steps').getAttribute('data-step')).toBe('result');
    await screenshot(phone, 'kyc-approved');
  });
});
