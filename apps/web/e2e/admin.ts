import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { api, openApp, type Viewport } from './browser.ts';
import { expectText, fill } from './members.ts';

/**
 * Opens an admin page in a browser context of its own (`viewport`: openApp's phone unless given), logging the admin
 * in through the login page it lands on.
 */
export async function openAdminPage(browser: Browser, hash: string, viewport?: Viewport): Promise<Page> {
  const admin = inject('admin');
  const desk = await openApp(browser, hash, viewport);
  desk.setDefaultTimeout(15_000);
  await desk.getByTestId('login-page').waitFor();
  await fill(desk, 'login-username', admin.userid);
  await fill(desk, 'login-password', admin.password);
  await desk.getByTestId('login-submit').click();
  return desk;
}

/** The member's pending identity submission, as the admin queue lists it. */
export async function pendingKycId(userid: string, adminToken: string): Promise<string> {
  const queue = await api<{ list: { id: string; userid: string }[] }>(
    'Admin/kyclist',
    { status: 'pending', pagesize: 100 },
    adminToken,
  );
  const id = queue.data.list.find((k) => k.userid === userid)?.id ?? '';
  expect(id).not.toBe('');
  return id;
}

/** On the KYC detail page: approve the member's identity and confirm; the page shows it approved. */
export async function approveKycOnPage(desk: Page, userid: string) {
  await desk.getByTestId('kyc-approve').click();
  const dialog = desk.locator('.adm-dialog');
  await expectText(dialog, `Approve the identity of ${userid}?`);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectText(desk.getByTestId('kyc-detail-status'), 'Approved');
}
