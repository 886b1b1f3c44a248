import { randomBytes } from 'node:crypto';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { api, codeFromOutbox } from './browser.ts';

/** Demo data loaded by the server (apps/server demo seed). */
export const DEMO = { password: 'demo1234', txPassword: '123456' } as const;

/** A username that is new on every run: 5-15 letters and digits, starting with a letter. */
export function uniqueUserid(prefix = 'e2e'): string {
  const stamp = Date.now().toString(36).slice(-5);
  return `${prefix}${stamp}${randomBytes(3).toString('hex')}`.slice(0, 15);
}

export type NewMember = { userid: string; email: string; password: string; sponsor: string };

/**
 * Signs a member up through the API (TAC from the dev outbox). With no placement the server puts them at
 * the sponsor's outermost free spot on `side`, so repeated calls never compete for one place.
 */
export async function createMember(sponsor = 'erin', side: 'L' | 'R' = 'L'): Promise<NewMember> {
  const userid = uniqueUserid('api');
  const email = `${userid}@e2e.test`;
  const password = 'Secret-pass-1';
  const sent = await api('Logon/getsmsverification', { signup_type: 'email', email });
  expect(sent.status, sent.msg).toBe(1);
  const tac = await codeFromOutbox(email);
  const saved = await api('Signup/signupsave', {
    username: userid,
    password,
    confirm_password: password,
    tx_password: DEMO.txPassword,
    confirm_tx_password: DEMO.txPassword,
    sponsor_id: sponsor,
    side,
    signup_type: 'email',
    email,
    tac,
  });
  expect(saved.status, saved.msg).toBe(1);
  return { userid, email, password, sponsor };
}

/** A session token for a member, as another device would get one. */
export async function apiLogin(username: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('Logon/login', { username, password });
  expect(res.status, res.msg).toBe(1);
  return res.data.token;
}

/** Types into an antd-mobile input: the input carries an `id` equal to its field's test id. */
export async function fill(page: Page, id: string, value: string) {
  await page.locator(`#${id}`).fill(value);
}

/** Logs in through the login page and waits until the app has left it (a member's home, an admin's dashboard). */
export async function logInOnPage(page: Page, userid: string, password: string) {
  await page.getByTestId('login-page').waitFor();
  const answers: string[] = [];
  const onResponse = (response: Response) => {
    if (!response.url().includes('/api/Logon/login')) return;
    response.text().then(
      (body) => answers.push(`${response.status()} ${body.slice(0, 120)}`),
      () => answers.push(`${response.status()} (no body)`),
    );
  };
  page.on('response', onResponse);
  try {
    await fill(page, 'login-username', userid);
    await fill(page, 'login-password', password);
    await page.getByTestId('login-submit').click();
    await page.waitForFunction(() => !window.location.hash.includes('/login'));
  } catch (error) {
    throw new Error(`log-in as ${userid} did not leave the login page: ${await loginState(page, answers)}`, {
      cause: error,
    });
  } finally {
    page.off('response', onResponse);
  }
}

/** What the login page shows (route, fields, errors, toasts, whether the app took the form over) and the server's answers. */
async function loginState(page: Page, answers: string[]): Promise<string> {
  const shown = await page
    .evaluate(() => {
      const form = document.querySelector('[data-testid="login-page"] form');
      return {
        hash: window.location.hash,
        username: document.querySelector<HTMLInputElement>('#login-username')?.value,
        passwordLength: document.querySelector<HTMLInputElement>('#login-password')?.value.length,
        taken: form ? form.hasAttribute('data-hydrated') : null,
        errors: [
          ...document.querySelectorAll('.adm-form-item-feedback-error, .adm-toast-main, .adm-modal-body'),
        ].map((el) => el.textContent),
        token: window.localStorage.getItem('token') !== null,
      };
    })
    .catch((error: unknown) => ({ unreadable: String(error) }));
  return JSON.stringify({ ...shown, answers });
}

/** Logs in through the login page and waits for the home page. */
export async function logInThroughPage(page: Page, userid: string, password: string) {
  await logInOnPage(page, userid, password);
  await page.getByTestId('home-page').waitFor();
}

/** The value the app keeps in local storage under `key`. */
export function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The hash route the app shows, without its query (e.g. '/pages/login/login'). */
export function route(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';
}

/** Waits (up to `timeout`) until the first element `locator` finds shows `expected` (a substring or a pattern). */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = 10_000) {
  await expect
    .poll(
      () =>
        locator
          .first()
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the user sees.
          .innerText({ timeout: 1_000 })
          .catch(() => ''),
      { timeout, interval: 100 },
    )
    .toMatch(expected);
}
