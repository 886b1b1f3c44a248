import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's chromium, headless, with the flags this closed network needs (no background connections). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type Viewport = { width: number; height: number };

/** A phone-sized page on the app (390 x 844 unless `viewport` says otherwise). */
export async function openApp(
  browser: Browser,
  hash = '#/pages/login/login',
  viewport: Viewport = { width: 390, height: 844 },
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto(`${inject('baseUrl')}/${hash}`);
  return page;
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(inject('artifacts'), `${name}.png`) });
}

type Envelope<T> = { status: number; code: number; msg: string; data: T };

/** Calls the API directly (as another device or an admin would). */
export async function api<T>(
  name: string,
  body: Record<string, unknown> = {},
  token?: string,
): Promise<Envelope<T>> {
  const res = await fetch(`${inject('baseUrl')}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

let adminToken: string | undefined;

/** Calls the API as the e2e admin. */
export async function adminApi<T>(name: string, body: Record<string, unknown> = {}): Promise<Envelope<T>> {
  return api<T>(name, body, await adminSession());
}

/** An admin session, made once per test file (each login counts against the server's login limit). */
async function adminSession(): Promise<string> {
  if (!adminToken) {
    const admin = inject('admin');
    const login = await api<{ token: string }>('Logon/login', {
      username: admin.userid,
      password: admin.password,
    });
    if (login.status !== 1) throw new Error(`admin login refused: ${login.msg}`);
    adminToken = login.data.token;
  }
  return adminToken;
}

/** The newest code the dev outbox holds for a destination, read through Admin/outbox as an admin. */
export async function codeFromOutbox(destination: string): Promise<string> {
  const box = await api<{ list: { body: string }[] }>('Admin/outbox', { destination }, await adminSession());
  const code = /\b(\d{6})\b/.exec(box.data?.list[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code for ${destination}: ${box.msg}`);
  return code;
}
