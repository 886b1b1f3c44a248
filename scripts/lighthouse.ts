/**
 * `npm run lighthouse`: scores the home, wallet and login pages with Lighthouse on a phone (its default mobile
 * settings: a mid-range phone on a slow 4G network, simulated), against `npm start`'s own server with the demo
 * data on a fresh data directory, in Debian's chromium (CHROME_PATH to use another). Home and wallet are scored
 * logged in as the demo member alice, with an empty browser cache. Prints the scores and the main metrics, writes
 * each report to test-artifacts/lighthouse-<page>.html, and fails when a page scores below performance 90 or
 * accessibility 95 (issue 16).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { apiPost, ROOT, startAppServer } from '../bench/common.ts';

const TARGETS = { performance: 90, accessibility: 95 };
const PAGES = [
  { name: 'home', path: '/#/pages/home/home', member: true },
  { name: 'wallet', path: '/#/pages/Wallet/Wallet', member: true },
  { name: 'login', path: '/#/pages/login/login', member: false },
];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

const log = (line: string) => process.stdout.write(`${line}\n`);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8790);
const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-lighthouse-'));
chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
const reports = path.join(ROOT, 'test-artifacts');
mkdirSync(reports, { recursive: true });

log(`starting npm start's server on :${port} with the demo data (${dataDir})`);
const server = await startAppServer({ DATA_DIR: dataDir }, port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const origin = `http://127.0.0.1:${port}`;
  const session = await apiPost<{ token: string; userInfo: object }>(port, 'Logon/login', {
    username: 'alice',
    password: 'demo1234',
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: string[][] = [];
  let version = '';
  for (const target of PAGES) {
    const page = await browser.newPage();
    if (target.member) {
      // The session a login leaves (the spec's local storage keys), then a cold cache: Lighthouse keeps
      // storage when told to, and would then keep the cache too.
      await page.goto(`${origin}/api/index/check_version`);
      await page.evaluate(
        (token, info) => {
          localStorage.setItem('token', token);
          localStorage.setItem('userInfo', info);
        },
        session.token,
        JSON.stringify(session.userInfo),
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      `${origin}${target.path}`,
      {
        output: ['html', 'json'],
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: target.member,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.name}`);
    const { lhr } = result;
    version = lhr.lighthouseVersion;
    const [html, json] = Array.isArray(result.report) ? result.report : [result.report, ''];
    writeFileSync(path.join(reports, `lighthouse-${target.name}.html`), String(html));
    writeFileSync(path.join(reports, `lighthouse-${target.name}.json`), String(json));
    const score = (id: keyof typeof TARGETS) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const perf = score('performance');
    const a11y = score('accessibility');
    const ok = perf >= TARGETS.performance && a11y >= TARGETS.accessibility;
    failed ||= !ok;
    const url = lhr.finalDisplayedUrl ?? '';
    if (target.member && url.includes('/pages/login/'))
      throw new Error(`${target.name} was sent to login: ${url}`);
    rows.push([
      target.name,
      String(perf),
      String(a11y),
      ...METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? '?'),
      ok ? 'OK' : 'BELOW TARGET',
    ]);
    // What cost points, so a low score says where to look.
    for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        log(`  ${target.name}: accessibility: ${audit.title}`);
      }
    }
    for (const [id] of METRICS) {
      const audit = lhr.audits[id];
      if (audit && audit.score !== null && audit.score < 0.9)
        log(`  ${target.name}: ${audit.title} ${audit.displayValue}`);
    }
    await page.close();
  }
  await browser.disconnect();
  const head = ['page', 'performance', 'accessibility', ...METRICS.map(([, label]) => label), ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  log('');
  log(`Lighthouse ${version}, mobile (simulated slow 4G, 4x CPU slowdown), chromium at ${chrome.port}`);
  log(line(head));
  for (const row of rows) log(line(row));
  log(`targets: performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}`);
  log(`reports: ${path.relative(ROOT, reports)}/lighthouse-<page>.html (and .json)`);
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
