import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, runningEmbeddedUrl } from '../../server/src/db/embedded.ts';
import { startAppProcess } from './app-process.ts';
import { launchBrowser, screenshot } from './browser.ts';
import { createMember, expectText, logInThroughPage } from './members.ts';

/**
 * The installable app: a second app server on the run's database serves a copy of the built app, so this file can
 * deploy a "new version" into that copy without touching the build the other test files use.
 */

const builtApp = path.resolve(import.meta.dirname, '../dist');
let webDir = '';
let dataDir = '';
let app: ChildProcess | undefined;
let appUrl = '';
let browser: Browser;

/** The app server on `port` (a new one for the file, or the same again after a stop), with `env` added. */
async function startAppServer(port: number, env: NodeJS.ProcessEnv = {}): Promise<string> {
  dataDir ||= mkdtempSync(path.join(tmpdir(), 'mp-e2e-pwa-'));
  const started = await startAppProcess({
    port,
    name: 'pwa test server',
    deadlineMs: 60_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: runningEmbeddedUrl(path.join(inject('dataDir'), 'pg'), 'app'),
      WEB_DIST: webDir,
      DEMO_DATA: '0',
      CHAIN: '0',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  app = started.child;
  return started.url;
}

async function stopAppServer(): Promise<void> {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((resolve) => app?.once('exit', resolve));
  app.kill('SIGINT');
  await exited;
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'mp-e2e-pwa-web-'));
  cpSync(builtApp, webDir, { recursive: true });
  [appUrl, browser] = await Promise.all([freePort().then((port) => startAppServer(port)), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stopAppServer();
  for (const dir of [dataDir, webDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What the browser refused under the content security policy, as it says in the console. */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  return refused;
}

/** Opens the login page in a new browser profile and waits until the service worker controls it (one reload). */
async function openControlled(): Promise<{ context: BrowserContext; page: Page; refused: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await context.newPage();
  const refused = cspRefusals(page);
  await page.goto(`${appUrl}/#/pages/login/login`);
  await page.getByTestId('login-page').waitFor();
  // Registered after the page's load, then installed (the precache): ready resolves once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await page.reload();
  await page.getByTestId('login-page').waitFor();
  return { context, page, refused };
}

/** The dimensions a PNG says in its header. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the installable app', () => {
  it('registers a service worker that controls the page from the next load, with no CSP refusal', async () => {
    const { context, page, refused } = await openControlled();
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controller).toBe(`${appUrl}/sw.js`);
    // The shell now comes from the precache: the page loaded without the server sending index.html.
    const fromWorker = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.workerStart ?? 0,
    );
    expect(fromWorker).toBeGreaterThan(0);
    // The API is not the worker's: its answers come from the network (so page.route still sees them).
    let routed = 0;
    // A request of the test's own (the app, which starts after the first paint, may still be asking for its data).
    await page.route('**/api/Index/getdata?probe', async (route) => {
      routed += 1;
      await route.continue();
    });
    const [answer] = await Promise.all([
      page.waitForResponse('**/api/Index/getdata?probe'),
      page.evaluate(() => fetch('/api/Index/getdata?probe').then((r) => r.status)),
    ]);
    expect(answer.fromServiceWorker()).toBe(false);
    expect(routed).toBe(1);
    expect(refused).toEqual([]);
    // The cached shell keeps the server's headers, its content security policy with them.
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    expect(shell?.headers()['content-security-policy']).toContain("script-src 'self'");
    await context.close();
  });

  it('serves a manifest per language with reachable icons of the sizes it names', async () => {
    const html = await (await fetch(`${appUrl}/`)).text();
    expect(html).toContain('<link rel="manifest" href="./manifest.webmanifest"');
    expect(html).toContain('<link rel="apple-touch-icon" href="./apple-touch-icon.png"');
    const res = await fetch(`${appUrl}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Member Platform',
      start_url: './#/pages/main',
      display: 'standalone',
    });
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, `${appUrl}/manifest.webmanifest`));
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await image.arrayBuffer())), icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);

    // A member who reads the app in Chinese installs it under its Chinese name.
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.goto(`${appUrl}/#/pages/login/login`);
    // The login page is painted from the HTML before the app runs: the app sets the link once it has started.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href')))
      .toBe('./manifest.zh-CN.webmanifest');
    const zh = (await (await fetch(`${appUrl}/manifest.zh-CN.webmanifest`)).json()) as { name: string };
    expect(zh.name).toBe('会员平台');
    await context.close();
  });

  it('opens offline from its cache with the offline banner, and never shows money from a cache', async () => {
    const member = await createMember();
    const { context, page } = await openControlled();
    await logInThroughPage(page, member.userid, member.password);
    await page.evaluate(() => {
      window.location.hash = '#/pages/Wallet/Wallet';
    });
    await page.getByTestId('wallet-total-usdt').waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('wallet-page').waitFor();
    await expectText(page.getByTestId('offline-banner'), 'You are offline.');
    // The balances are asked of the network, which is not there: the page's error state, no figure.
    await page.getByTestId('wallet-error').waitFor();
    expect(await page.getByTestId('wallet-total-usdt').count()).toBe(0);
    await screenshot(page, 'pwa-offline-wallet');

    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.getByTestId('wallet-error-retry').click();
    await page.getByTestId('wallet-total-usdt').waitFor();
    await context.close();
  });

  it('offers a newly deployed version and reloads into it when the member accepts', async () => {
    const { context, page } = await openControlled();
    expect(await page.locator('meta[name="e2e-build"]').count()).toBe(0);
    deployNewVersion();
    // The app looks for a new worker when the member comes back to it (as after switching apps).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByTestId('update-prompt').waitFor({ timeout: 30_000 });
    await screenshot(page, 'pwa-update-prompt');
    // Nothing reloads until the member says so.
    expect(await page.locator('meta[name="e2e-build"]').count()).toBe(0);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await page.getByTestId('login-page').waitFor();
    expect(await page.locator('meta[name="e2e-build"]').getAttribute('content')).toBe('2');
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    await context.close();
  });
});

describe('the cached shell', () => {
  it("takes the server's new content security policy without a new build (MAP_TILE_URL set later)", async () => {
    const { context, page } = await openControlled();
    const policy = async () => {
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      return response?.headers()['content-security-policy'] ?? '';
    };
    expect(await policy()).not.toContain('tiles.example');
    // The operator restarts the server with a tile server: same build, so the same worker, another policy.
    await stopAppServer();
    await startAppServer(Number(new URL(appUrl).port), {
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    // The first load after it still has the cached policy; the worker refreshes the shell behind it.
    await expect.poll(policy, { timeout: 15_000, interval: 500 }).toContain('https://tiles.example');
    await context.close();
  });
});

/**
 * What a rebuild changes for the worker: index.html (here a marker in it) and, in sw.js, that file's precache
 * revision. The compressed copies of index.html go, so the server sends the new one.
 */
function deployNewVersion(): void {
  const index = path.join(webDir, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('<head>', '<head><meta name="e2e-build" content="2" />'),
  );
  rmSync(`${index}.br`, { force: true });
  rmSync(`${index}.gz`, { force: true });
  const worker = path.join(webDir, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  const updated = source.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, '$1e2e-build-2"');
  expect(updated).not.toBe(source);
  writeFileSync(worker, updated);
}
