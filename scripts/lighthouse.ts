/**
 * `npm run lighthouse`: scores the home, wallet and login pages with Lighthouse on a phone (its default mobile
 * settings: a mid-range phone on a slow 4G network, simulated), against `npm start`'s own server with the demo
 * data on a fresh data directory, in Debian's chromium (CHROME_PATH to use another). Home and wallet are scored
 * logged in as the demo member alice. Each page is loaded cold three times (empty cache, no service worker) and
 * the median run is printed (Lighthouse's own choice of median, by FCP and time to interactive), then once more as
 * a repeat visit: loaded once in the same browser, then scored with its cache and service worker kept. Writes each
 * median report to test-artifacts/lighthouse-<page>.html (and .json) and fails when a page misses a target of
 * issue 30. LIGHTHOUSE_RUNS changes the number of cold runs; LIGHTHOUSE_PAGES=home,login scores only those; WEB_DIST serves another build of the web app;
 * LIGHTHOUSE_CPU_SLOWDOWN sets the simulated CPU slowdown (default 4x, Lighthouse's own, calibrated for a host whose
 * benchmarkIndex is 1500-2000; the table prints this host's);
 * LIGHTHOUSE_ORIGIN scores a server already running (with the demo data) instead of starting one; LIGHTHOUSE_TRACE=1
 * also writes each report's trace (test-artifacts/lighthouse-<page>.trace.json, for the performance panel: where the
 * blocking time goes).
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ROOT, startAppServer } from '../bench/common.ts';

type Lhr = RunnerResult['lhr'];

const SCORE_TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
type Category = keyof typeof SCORE_TARGETS;
const CATEGORIES = Object.keys(SCORE_TARGETS) as Category[];
/** Upper bounds in ms; the repeat visit's first paint has its own. */
const TIME_TARGETS = { 'first-contentful-paint': 1500, 'largest-contentful-paint': 2500 } as const;
const REPEAT_FCP_MS = 1000;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/**
 * The simulated CPU slowdown; Lighthouse's default is 4x, which its docs calibrate for a host whose benchmarkIndex
 * is 1500-2000 (a high-end desktop) to stand for a mid-tier phone: a faster host needs more (the table prints the
 * host's index).
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 50))
  throw new Error(
    `LIGHTHOUSE_CPU_SLOWDOWN must be a number from 1 to 50, not ${process.env.LIGHTHOUSE_CPU_SLOWDOWN}`,
  );
const ALL_PAGES = [
  { name: 'home', path: '/#/pages/home/home', member: true },
  { name: 'wallet', path: '/#/pages/Wallet/Wallet', member: true },
  { name: 'login', path: '/#/pages/login/login', member: false },
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',');
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

type Target = (typeof ALL_PAGES)[number];
type Session = { token: string; userInfo: object };

const log = (line: string) => process.stdout.write(`${line}\n`);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 8790);
const reports = path.join(ROOT, 'test-artifacts');
mkdirSync(reports, { recursive: true });

/**
 * A page of the app's origin holding the member's session (the spec's local storage keys) when `member`, and
 * nothing else: no cache, no service worker, no Cache Storage. Lighthouse resets storage itself only when it may
 * also drop the session.
 */
async function coldPage(browser: Browser, origin: string, target: Target, session: Session): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/api/index/check_version`);
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage,local_storage',
  });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  if (target.member) {
    await page.evaluate(
      (token, info) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userInfo', info);
      },
      session.token,
      JSON.stringify(session.userInfo),
    );
  }
  return page;
}

/** The demo member alice's session, as the login page would store it. */
async function login(origin: string): Promise<Session> {
  const res = await fetch(`${origin}/api/Logon/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'demo1234' }),
  });
  const body = (await res.json()) as { status: number; msg: string; data: Session };
  if (body.status !== 1) throw new Error(`demo login refused: ${body.msg}`);
  return body.data;
}

/** A page that has loaded the app once (its cache and, when the app registers one, its service worker, warm). */
async function warmPage(browser: Browser, origin: string, target: Target, session: Session): Promise<Page> {
  const page = await coldPage(browser, origin, target, session);
  await page.goto(`${origin}${target.path}`, { waitUntil: 'networkidle0' });
  // A service worker takes over from the next load once it has installed (precaching) and activated.
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker?.ready.then(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]),
  );
  await page.goto('about:blank');
  return page;
}

async function score(page: Page, url: string, keepStorage: boolean): Promise<RunnerResult> {
  const result = await lighthouse(
    url,
    {
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: keepStorage,
      ...(CPU_SLOWDOWN === undefined
        ? {}
        : { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  await page.close();
  return result;
}

const categoryScore = (lhr: Lhr, id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const ms = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY;

/** What misses a target in a cold run's median: scores, FCP and LCP. */
function misses(lhr: Lhr): string[] {
  const low = CATEGORIES.filter((c) => categoryScore(lhr, c) < SCORE_TARGETS[c]).map(
    (c) => `${c} ${categoryScore(lhr, c)} < ${SCORE_TARGETS[c]}`,
  );
  const slow = Object.entries(TIME_TARGETS)
    .filter(([id, max]) => ms(lhr, id) > max)
    .map(([id, max]) => `${id} ${Math.round(ms(lhr, id))} ms > ${max} ms`);
  return [...low, ...slow];
}

/** The failed audits of the accessibility and best-practices categories, and where the main thread's time went. */
function explain(name: string, lhr: Lhr): void {
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        log(`  ${name}: ${category}: ${audit.title}`);
    }
  }
  if (categoryScore(lhr, 'performance') >= SCORE_TARGETS.performance) return;
  for (const id of ['mainthread-work-breakdown', 'bootup-time', 'largest-contentful-paint-element']) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) log(`  ${name}: ${audit.title}: ${audit.displayValue}`);
  }
}

function saveReport(name: string, result: RunnerResult): void {
  const [html, json] = Array.isArray(result.report) ? result.report : [result.report, ''];
  writeFileSync(path.join(reports, `lighthouse-${name}.html`), String(html));
  writeFileSync(path.join(reports, `lighthouse-${name}.json`), String(json));
  if (process.env.LIGHTHOUSE_TRACE === '1' && result.artifacts.Trace)
    writeFileSync(
      path.join(reports, `lighthouse-${name}.trace.json`),
      JSON.stringify(result.artifacts.Trace),
    );
}

const row = (name: string, lhr: Lhr, verdict: string) => [
  name,
  ...CATEGORIES.map((c) => String(categoryScore(lhr, c))),
  ...METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? '?'),
  verdict,
];

function printTable(rows: string[][]): void {
  const head = ['page', 'perf', 'a11y', 'best-pr', ...METRICS.map(([, label]) => label), ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  log(line(head));
  for (const r of rows) log(line(r));
}

/** The cold runs' median and the repeat visit of one page; their table rows and whether every target is met. */
async function scorePage(browser: Browser, origin: string, target: Target, session: Session) {
  const url = `${origin}${target.path}`;
  const runs: RunnerResult[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A run Lighthouse itself could not trace (NO_NAVSTART, seen on a busy machine) is taken again, twice at most.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const result = await score(await coldPage(browser, origin, target, session), url, target.member);
      if (target.member && result.lhr.finalDisplayedUrl.includes('/pages/login/'))
        throw new Error(`${target.name} was sent to login: ${result.lhr.finalDisplayedUrl}`);
      const { runtimeError } = result.lhr;
      if (runtimeError)
        log(`  ${target.name}: run ${i + 1} failed: ${runtimeError.code} ${runtimeError.message}`);
      if (!runtimeError || attempt === 3) {
        runs.push(result);
        break;
      }
    }
  }
  const valid = filterToValidRuns(runs.map((r) => r.lhr));
  if (valid.length === 0) throw new Error(`${target.name}: no run measured a first paint`);
  const median = computeMedianRun(valid);
  const medianResult = runs.find((r) => r.lhr === median) ?? (runs[0] as RunnerResult);
  saveReport(target.name, medianResult);
  const repeat = await score(await warmPage(browser, origin, target, session), url, true);
  if (repeat.lhr.runtimeError) log(`  ${target.name}: repeat visit failed: ${repeat.lhr.runtimeError.code}`);
  saveReport(`${target.name}-repeat`, repeat);
  const missed = misses(median);
  const repeatFcp = ms(repeat.lhr, 'first-contentful-paint');
  if (repeatFcp >= REPEAT_FCP_MS)
    missed.push(`repeat visit FCP ${Math.round(repeatFcp)} ms >= ${REPEAT_FCP_MS} ms`);
  for (const m of missed) log(`  ${target.name}: below target: ${m}`);
  explain(target.name, median);
  const perfRuns = runs.map((r) => categoryScore(r.lhr, 'performance')).join('/');
  return {
    ok: missed.length === 0,
    version: median.lighthouseVersion,
    benchmarks: runs
      .map((r) => r.lhr.environment?.benchmarkIndex)
      .filter((b): b is number => typeof b === 'number'),
    rows: [
      row(target.name, median, `median of ${RUNS} (performance ${perfRuns})`),
      row(
        `${target.name} repeat`,
        repeat.lhr,
        repeatFcp < REPEAT_FCP_MS ? 'repeat visit' : 'repeat visit: SLOW',
      ),
    ],
  };
}

/** `npm start`'s server with the demo data on a fresh data directory, or the one LIGHTHOUSE_ORIGIN names. */
async function startServer(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const external = process.env.LIGHTHOUSE_ORIGIN;
  if (external) return { origin: external.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-lighthouse-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
  log(`starting npm start's server on :${port} with the demo data (${dataDir})`);
  const server = await startAppServer({ DATA_DIR: dataDir }, port);
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<boolean> {
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { origin } = server;
    const session = await login(origin);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const rows: string[][] = [];
    let ok = true;
    let version = '';
    const benchmarks: number[] = [];
    const load = loadavg().map((l) => l.toFixed(2));
    for (const target of PAGES) {
      const result = await scorePage(browser, origin, target, session);
      ok &&= result.ok;
      version = result.version;
      benchmarks.push(...result.benchmarks);
      rows.push(...result.rows);
    }
    await browser.disconnect();
    log('');
    log(
      `Lighthouse ${version}, mobile (simulated slow 4G, ${CPU_SLOWDOWN ?? 4}x CPU slowdown); load average at start ${load.join(' ')}; ` +
        `host benchmarkIndex ${Math.round(Math.min(...benchmarks))}-${Math.round(Math.max(...benchmarks))}`,
    );
    printTable(rows);
    log(
      `targets: performance >= 90, accessibility >= 95, best practices >= 95, FCP <= 1.5 s, LCP <= 2.5 s; ` +
        `repeat visit FCP < 1 s`,
    );
    log(`reports: ${path.relative(ROOT, reports)}/lighthouse-<page>[-repeat].html (and .json)`);
    return ok;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

process.exit((await main()) ? 0 : 1);
