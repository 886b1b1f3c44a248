import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './browser.ts';
import { DEMO, logInOnPage } from './members.ts';
import { openRoute } from './open-route.ts';

/**
 * Every amount and date read at a glance (issue 29): the main member and admin screens, with the demo's data, in
 * the three languages, show no raw long decimal ("2181.88256784"), no raw server timestamp, no US numeric date and
 * (in Chinese and Malay) no 12-hour clock. A figure shown exact on purpose (a detail, a tapped amount) is marked
 * `data-exact` and skipped. One browser, one login per role; the pages are reused across languages.
 */
const LANGUAGES = ['en-US', 'zh-CN', 'bm-MY'] as const;
type Lang = (typeof LANGUAGES)[number];
const DEMO_ADMIN = { userid: 'admin', password: 'admin1234' };

const MEMBER_ROUTES = [
  '/pages/home/home',
  '/pages/Wallet/Wallet',
  '/pages/Wallet/Other_History',
  '/pages/Wallet/Other_History?view=token',
  '/pages/Wallet/Other_History?wallet=deposit',
  '/pages/Wallet/Other_History?wallet=trading',
  '/pages/Wallet/Other_History?wallet=reward',
  '/pages/Wallet/Other_History?wallet=funds',
  '/pages/Wallet/Other_History?wallet=registration_points',
  '/pages/Wallet/Other_History?wallet=deposit_points',
  '/pages/Wallet/bonus',
  '/pages/Wallet/menuWithdraw',
  '/pages/Wallet/CurrencyOther?type=transfer',
  '/pages/Wallet/CurrencyOther?type=exchange',
  '/pages/home/onlinemain',
  '/pages/trade/onlinec',
  '/pages/trade/Recordtx',
  '/pages/Mining/AssetIncome',
  '/pages/Mining/packages',
  '/pages/Mining/orders',
  '/pages/Mining/IncomeHistory',
  '/pages/Mining/IncomeHistory2',
  '/pages/personal/tree',
  '/pages/personal/MyTeam2',
  '/pages/personal/MyUnit',
  '/pages/shop/shop',
  '/pages/shop/orders',
  '/pages/Inventory/Inventory',
  '/pages/trade/summary',
  '/pages/personal/personal',
  '/pages/trade/trademain',
  '/pages/trade/Botlist',
  '/pages/home/Tradesell',
  '/pages/copy/traders',
];

const ADMIN_ROUTES = [
  '/pages/admin/admin',
  '/pages/admin/member',
  '/pages/admin/memberdetail?userid=alice',
  '/pages/admin/wd',
  '/pages/admin/ledger',
  '/pages/admin/payouts',
  '/pages/admin/adjustments',
  '/pages/admin/shop',
  '/pages/admin/mining',
  '/pages/admin/chain',
  '/pages/admin/plan',
  '/pages/admin/copy',
  '/pages/admin/bots',
  '/pages/admin/game',
  '/pages/admin/adjust',
  '/pages/admin/audit',
];

type Finding = { lang: Lang; route: string; rule: string; text: string };

/** The rules, by name: each a pattern and the languages it applies to. */
const RULES: { name: string; source: string; langs: readonly Lang[] }[] = [
  { name: 'raw long decimal', source: String.raw`\d[.,]\d{5,}`, langs: LANGUAGES },
  { name: 'long percentage', source: String.raw`\d[.,]\d{3,}\s?%`, langs: LANGUAGES },
  { name: 'raw timestamp', source: String.raw`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}`, langs: LANGUAGES },
  { name: 'US numeric date', source: String.raw`\b\d{1,2}/\d{1,2}/\d{4}\b`, langs: LANGUAGES },
  {
    name: '12-hour clock',
    source: String.raw`\d{1,2}:\d{2}(:\d{2})?\s*(AM|PM|PTG|PG)\b|[上下]午\s*\d`,
    langs: ['zh-CN', 'bm-MY'],
  },
];

/**
 * The visible text of every element (its own text nodes joined, so a figure split over JSX pieces is read whole)
 * that breaks a rule, outside `[data-exact]`.
 */
function offending(page: Page, lang: Lang, root = 'body'): Promise<{ rule: string; text: string }[]> {
  const rules = RULES.filter((r) => r.langs.includes(lang)).map((r) => ({ name: r.name, source: r.source }));
  return page.evaluate(
    ([list, scope]) => {
      const patterns = list.map((r) => ({ name: r.name, re: new RegExp(r.source, 'i') }));
      const found: { rule: string; text: string }[] = [];
      for (const el of document.querySelector(scope)?.querySelectorAll('*') ?? []) {
        if (el.closest('[data-exact], script, style, noscript')) continue;
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('');
        if (!own.trim() || !(el as HTMLElement).checkVisibility?.()) continue;
        for (const p of patterns)
          if (p.re.test(own)) found.push({ rule: p.name, text: own.trim().slice(0, 80) });
      }
      return found;
    },
    [rules, root] as const,
  );
}

/** A figure of each kind the check refuses, and one marked exact: the check finds the first five only. */
async function probeTheCheck(page: Page) {
  await page.evaluate(() => {
    const probe = document.createElement('p');
    probe.id = 'figures-probe';
    for (const [text, exact] of [
      ['2181.88256784 USDT', false],
      ['12.34567%', false],
      ['2026-11-26T11:24:00.000Z', false],
      ['11/26/2026', false],
      ['Nov 26, 2026, 7:24 PM', false],
      ['0.00000001 BTC', true],
    ] as const) {
      const span = document.createElement('span');
      span.textContent = text;
      if (exact) span.dataset.exact = '';
      probe.append(span);
    }
    document.body.append(probe);
  });
  const found = await offending(page, 'zh-CN', '#figures-probe');
  await page.evaluate(() => document.getElementById('figures-probe')?.remove());
  expect(found.map((f) => f.rule)).toEqual([
    'raw long decimal',
    'raw long decimal',
    'long percentage',
    'raw timestamp',
    'US numeric date',
    '12-hour clock',
  ]);
}

/** Every route in every language (the language switched as the app stores it, then one reload). */
async function sweep(page: Page, routes: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const lang of LANGUAGES) {
    await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
    await page.reload();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    let open = '';
    for (const route of routes) {
      const base = route.split('?')[0] ?? route;
      await openRoute(page, route, {
        samePage: base === open,
        timeoutMs: 3000,
        preWaitMs: 50,
        settleMs: 100,
      });
      open = base;
      for (const f of await offending(page, lang)) findings.push({ lang, route, ...f });
    }
  }
  return findings;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('figures and dates at a glance', () => {
  it('shows no raw decimal, timestamp or foreign clock on the main screens', {
    timeout: 120_000,
  }, async () => {
    const member = await openApp(browser);
    await logInOnPage(member, 'alice', DEMO.password);
    await probeTheCheck(member);
    const admin = await openApp(browser);
    await logInOnPage(admin, DEMO_ADMIN.userid, DEMO_ADMIN.password);
    // The two sessions are independent: they are swept side by side.
    const found = (await Promise.all([sweep(member, MEMBER_ROUTES), sweep(admin, ADMIN_ROUTES)])).flat();
    const lines = found.map((f) => `${f.lang} ${f.route}: ${f.rule}: "${f.text}"`);
    expect([...new Set(lines)], lines.join('\n')).toEqual([]);
    await member.context().close();
    await admin.context().close();
  });
});
