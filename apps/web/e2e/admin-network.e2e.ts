import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAdminPage } from './admin.ts';
import { api, launchBrowser, screenshot } from './browser.ts';
import { apiLogin, createMember, expectText, type NewMember, route } from './members.ts';
import { buyPackageByApi } from './purchases.ts';

/**
 * The admin's network screens end to end (issue 4), on a small phone (375 x 667), as one admin session: the home
 * dashboard's figures and its links to the queues; finding a member by the start of their userid, their detail
 * (sponsor, placement), freezing them with a reason (their log-in is refused) and unfreezing them; the bonus plan:
 * editing the sponsor percentage, previewing a purchase under the edit, saving a new version that stays in force
 * after a reload; and running pairing from the plan page.
 *
 * Set-up through the API: a sponsor chain top -> mid -> buyer (buyer invited by mid, placed on mid's left), and
 * `right` invited by top on the right; mid and right each buy 100 USDT of mining (top's two legs: one pair).
 * The plan saved here is put back as it was (one more version with the original settings) when the file ends, so
 * the other files see the plan they started with. Pairing runs for today (UTC): the server refuses a date earlier
 * than one already paired, and no other e2e file runs pairing (nor a later date), so today is never refused.
 */

type PlanSettings = { sponsor_percent: string } & Record<string, unknown>;
type PlanVersion = { version: number; note: string; created_by: string; created_at: string };
type Plan = { current: PlanVersion & { settings: PlanSettings }; history: PlanVersion[] };
type Preview = {
  lines: { type: string; level: number; userid: string; amount: string }[];
  total: string;
  percent_of_amount: string;
};
type Dashboard = {
  members_total: number;
  pending_kyc: number;
  pending_withdrawals: number;
  volume_today: string;
  purchases_today: number;
};
type MemberDetail = {
  left_volume: string;
  right_volume: string;
  left_balance: string;
  right_balance: string;
  rank: string;
};
type JobRun = { status: string; date: string; items: number; items_now: number; runs: number };

const PHONE = { width: 375, height: 667 };
/** How long a screen may take to show what the server answered (expect.poll's own default is 1 s). */
const POLL = { timeout: 10_000, interval: 100 };
const PREVIEW_AMOUNT = '1000';
const FREEZE_REASON = 'e2e: suspected shared account';
const UNFREEZE_REASON = 'e2e: checked, all fine';

let browser: Browser;
let adminToken: string;
/** The admin's phone: one page kept across the steps, as one session would be. */
let desk: Page;
let top: NewMember;
let mid: NewMember;
let buyer: NewMember;
/** top's right child, invited by top. */
let right: NewMember;
/** What mid and right each paid (top's left and right leg volume). */
const LEG_UNITS = 10;
let legVolume = '';
/** The plan in force before this file changed it (put back afterwards). */
let original: Plan;
let planSaved = false;

/** Exact decimal arithmetic on USDT amounts: millionths. */
const SCALE = 1_000_000n;
function micro(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = value.replace(/^-/, '').split('.');
  const v = BigInt(whole) * SCALE + BigInt(frac.padEnd(6, '0').slice(0, 6));
  return negative ? -v : v;
}
/** `amount` x `percent` / 100, rounded down, in millionths (as the server computes a bonus share). */
function shareOf(amount: string, percent: string): bigint {
  return (micro(amount) * micro(percent)) / (100n * SCALE);
}

function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Goes to a hash route in the same page (same-document navigation, the app keeps its state). */
async function go(page: Page, hash: string) {
  await page.goto(page.url().replace(/#.*$/, hash));
}

/** Waits for the `ok` test id or the `error` one, and fails with what the page shows on the error. */
async function loaded(page: Page, ok: string, error: string) {
  await page.locator(`[data-testid="${ok}"], [data-testid="${error}"]`).first().waitFor();
  if (await page.getByTestId(error).count())
    expect.fail(`${error}: ${await page.getByTestId(error).textContent()}`);
}

/** The exact wire value a <Money> shows (its data-value). */
async function moneyValue(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.getAttribute('data-value')) ?? '';
}

/** A count as the dashboard shows it ('1,234'), as a number. */
async function shownCount(locator: Locator): Promise<number> {
  await locator.waitFor();
  return Number(((await locator.textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** Answers the freeze / unfreeze popup titled `title`: fills the reason and confirms; the popup closes. */
async function confirmStatus(page: Page, title: string, reason: string) {
  const popup = page.getByTestId('member-status-confirm');
  await popup.waitFor();
  expect(await popup.getAttribute('aria-label')).toBe(title);
  await page.locator('#member-status-reason').fill(reason);
  await page.getByTestId('member-status-confirm-ok').click();
  await popup.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = inject('admin');
  adminToken = await apiLogin(admin.userid, admin.password);
  top = await createMember('erin', 'R');
  mid = await createMember(top.userid, 'L');
  buyer = await createMember(mid.userid, 'L');
  right = await createMember(top.userid, 'R');
  const paid = await Promise.all([
    buyPackageByApi(mid, adminToken, LEG_UNITS),
    buyPackageByApi(right, adminToken, LEG_UNITS),
  ]);
  expect(paid[0]).toBe(paid[1]);
  legVolume = paid[0] as string;
  const plan = await api<Plan>('Admin/plan', {}, adminToken);
  expect(plan.status, plan.msg).toBe(1);
  original = plan.data;
});

afterAll(async () => {
  // Put the plan back as it was for the other files (a new version with the original settings).
  if (planSaved) {
    const back = await api(
      'Admin/plansave',
      { settings: original.current.settings, note: 'e2e admin-network: original settings back' },
      adminToken,
    );
    expect(back.status, back.msg).toBe(1);
  }
  await browser?.close();
});

describe.sequential('admin network: dashboard, member search and freeze, bonus plan, pairing run', () => {
  it('the dashboard shows the figures; the pending KYC and withdrawal figures open their queues', async () => {
    const dash = await api<Dashboard>('Admin/dashboard', {}, adminToken);
    expect(dash.status, dash.msg).toBe(1);
    expect(dash.data.members_total).toBeGreaterThan(0);

    desk = await openAdminPage(browser, '#/pages/admin/admin', PHONE);
    await loaded(desk, 'dashboard', 'dashboard-error');
    expect(route(desk)).toBe('/pages/admin/admin');
    await expectText(desk.getByTestId('dashboard-date'), `Today (UTC):`);
    // The three members made in set-up at least, and what the server counts right now.
    const members = await shownCount(desk.getByTestId('dash-members-value'));
    expect(members).toBeGreaterThanOrEqual(3);
    expect(members).toBe(dash.data.members_total);
    await expectText(desk.getByTestId('dash-members-sub'), /^\+\d+ today$/);
    expect(await shownCount(desk.getByTestId('dash-pending-kyc-value'))).toBe(dash.data.pending_kyc);
    expect(await shownCount(desk.getByTestId('dash-pending-wd-value'))).toBe(dash.data.pending_withdrawals);
    // Today's volume: the two purchases of the set-up at least.
    const volume = await moneyValue(desk.locator('[data-testid="dash-volume-value"] [data-value]'));
    expect(volume).toBe(dash.data.volume_today);
    expect(micro(volume)).toBeGreaterThanOrEqual(2n * micro(legVolume));
    await expectText(desk.getByTestId('dash-volume-sub'), `Purchases: ${dash.data.purchases_today}`);
    expect(dash.data.purchases_today).toBeGreaterThanOrEqual(2);
    await desk.getByTestId('dash-bonuses-value').waitFor();
    await screenshot(desk, 'admin-network-dashboard');

    await desk.getByTestId('dash-pending-kyc').click();
    await desk.getByTestId('admin-kyc-page').waitFor();
    expect(route(desk)).toBe('/pages/admin/kyc');
    await desk.goBack();
    await loaded(desk, 'dashboard', 'dashboard-error');
    await desk.getByTestId('dash-pending-wd').click();
    await desk.getByTestId('admin-wd-page').waitFor();
    expect(route(desk)).toBe('/pages/admin/wd');
  });

  it('search finds the member by the start of the userid; the detail shows sponsor and placement', async () => {
    await go(desk, '#/pages/admin/search');
    await desk.getByTestId('member-search-hint').waitFor();
    await desk.locator('#member-search-keyword').fill(buyer.userid.slice(0, 12));
    const row = desk.getByTestId(`member-row-${buyer.userid}`);
    await row.waitFor();
    expect(await desk.locator('[data-testid^="member-row-"][data-status]').count()).toBe(1);
    await expectText(desk.getByTestId(`member-row-${buyer.userid}-sponsor`), `Sponsor: ${mid.userid}`);
    await expectText(desk.getByTestId(`member-row-${buyer.userid}-status`), 'Active');
    await screenshot(desk, 'admin-network-search');
    await row.click();

    await loaded(desk, 'member-detail', 'member-detail-error');
    expect(route(desk)).toBe('/pages/admin/memberdetail');
    await expectText(desk.getByTestId('member-userid'), buyer.userid);
    await expectText(desk.getByTestId('member-email'), buyer.email);
    await expectText(desk.getByTestId('member-sponsor'), mid.userid);
    // Invited by mid on the left, mid's left spot free: placed straight under mid.
    await expectText(desk.getByTestId('member-placement'), mid.userid);
    await expectText(desk.getByTestId('member-side'), 'Left');
    await expectText(desk.getByTestId('member-status'), 'Active');
    expect(await desk.getByTestId('member-detail').getAttribute('data-status')).toBe('active');
    await expectText(desk.getByTestId('member-status-history'), 'Never frozen');
    await screenshot(desk, 'admin-network-member');
  });

  it('freezing with a reason: the member shows frozen, the history has the reason, log-in is refused', async () => {
    // A session the member had before: freezing signs them out.
    const session = await apiLogin(buyer.userid, buyer.password);

    await desk.getByTestId('member-freeze').click();
    const popup = desk.getByTestId('member-status-confirm');
    await popup.waitFor();
    // No reason: the popup stays open and asks for one.
    await desk.getByTestId('member-status-confirm-ok').click();
    await expectText(desk.getByTestId('member-status-reason-error'), 'Please give a reason');
    expect(await desk.getByTestId('member-detail').getAttribute('data-status')).toBe('active');
    await screenshot(desk, 'admin-network-freeze-confirm');
    await confirmStatus(desk, `Freeze ${buyer.userid}?`, FREEZE_REASON);

    await expect
      .poll(() => desk.getByTestId('member-detail').getAttribute('data-status'), POLL)
      .toBe('frozen');
    await expectText(desk.getByTestId('member-status'), 'Frozen');
    await expectText(desk.getByTestId('member-status-change-0'), `Frozen · ${FREEZE_REASON}`);
    await expectText(desk.getByTestId('member-status-change-0'), `By ${inject('admin').userid}`);
    await desk.getByTestId('member-unfreeze').waitFor();
    await screenshot(desk, 'admin-network-frozen');

    const login = await api('Logon/login', { username: buyer.userid, password: buyer.password });
    expect([login.status, login.code]).toEqual([0, 403]);
    // The session they had is revoked (status -9: session missing, expired or revoked).
    const wallets = await api('Asset/getwalletbalance', {}, session);
    expect([wallets.status, wallets.code], 'the old session still works').toEqual([-9, 401]);

    // The members page lists them under "Frozen".
    await go(desk, '#/pages/admin/member');
    await desk.getByTestId('member-filter-status-frozen').click();
    await expectText(desk.getByTestId(`member-row-${buyer.userid}-status`), 'Frozen');
    await desk.getByTestId(`member-row-${buyer.userid}`).click();
    await loaded(desk, 'member-detail', 'member-detail-error');
    await expectText(desk.getByTestId('member-userid'), buyer.userid);
  });

  it('unfreezing: the member is active again and can log in', async () => {
    await desk.getByTestId('member-unfreeze').click();
    await confirmStatus(desk, `Unfreeze ${buyer.userid}?`, UNFREEZE_REASON);
    await expect
      .poll(() => desk.getByTestId('member-detail').getAttribute('data-status'), POLL)
      .toBe('active');
    await expectText(desk.getByTestId('member-status'), 'Active');
    const history = desk.getByTestId('member-status-history');
    await expectText(history, `Unfrozen · ${UNFREEZE_REASON}`);
    await expectText(history, `Frozen · ${FREEZE_REASON}`);
    expect(await desk.locator('[data-testid^="member-status-change-"]').count()).toBe(2);
    await desk.getByTestId('member-freeze').waitFor();
    await screenshot(desk, 'admin-network-unfrozen');

    const login = await api('Logon/login', { username: buyer.userid, password: buyer.password });
    expect(login.status, login.msg).toBe(1);
  });

  it('the plan: edit the sponsor percentage, preview a purchase under it, save a new version; it stays in force', async () => {
    const before = original.current;
    const oldPercent = before.settings.sponsor_percent;
    const newPercent = oldPercent === '7.5' ? '6' : '7.5';

    await go(desk, '#/pages/admin/plan');
    await loaded(desk, 'plan-form', 'plan-error');
    await expectText(
      desk.getByTestId('plan-current'),
      before.version === 0 ? 'The built-in defaults are in force' : `Version ${before.version} in force`,
    );
    expect(await desk.locator('#plan-sponsor_percent').inputValue()).toBe(oldPercent);
    await desk.getByTestId(`plan-version-${before.version}`).waitFor();
    expect(await desk.getByTestId('plan-dirty').count()).toBe(0);

    await desk.locator('#plan-sponsor_percent').fill(newPercent);
    await desk.getByTestId('plan-dirty').waitFor();

    // The same purchase under the plan in force, for comparison.
    const baseline = await api<Preview>(
      'Admin/planpreview',
      { settings: before.settings, amount: PREVIEW_AMOUNT, buyer: buyer.userid },
      adminToken,
    );
    expect(baseline.status, baseline.msg).toBe(1);

    await desk.locator('#plan-preview-amount').fill(PREVIEW_AMOUNT);
    await desk.locator('#plan-preview-buyer').fill(buyer.userid);
    await desk.getByTestId('plan-preview-run').click();
    const result = desk.getByTestId('plan-preview-result');
    await result.waitFor();
    expect(await desk.getByTestId('plan-preview-stale').count()).toBe(0);

    // The sponsor bonus first, to the buyer's sponsor, at the edited percentage.
    const sponsorLine = desk.getByTestId('plan-preview-line-0');
    await expectText(sponsorLine, 'Sponsor bonus');
    await expectText(sponsorLine, `To ${mid.userid} · ${newPercent}%`);
    expect(micro(await moneyValue(desk.getByTestId('plan-preview-line-0-amount')))).toBe(
      shareOf(PREVIEW_AMOUNT, newPercent),
    );
    // Level 1 to mid, level 2 to top.
    await expectText(desk.getByTestId('plan-preview-line-1'), `Level bonus · level 1`);
    await expectText(desk.getByTestId('plan-preview-line-1'), `To ${mid.userid}`);
    await expectText(desk.getByTestId('plan-preview-line-2'), `To ${top.userid}`);

    // The total is the sum of the lines shown, and differs from the plan in force only by the sponsor change.
    const lines = await desk.locator('[data-testid^="plan-preview-line-"][data-testid$="-amount"]').all();
    expect(lines.length).toBe(baseline.data.lines.length);
    let sum = 0n;
    for (const line of lines) sum += micro(await moneyValue(line));
    const total = micro(await moneyValue(desk.getByTestId('plan-preview-total')));
    expect(total).toBe(sum);
    expect(total - micro(baseline.data.total)).toBe(
      shareOf(PREVIEW_AMOUNT, newPercent) - shareOf(PREVIEW_AMOUNT, oldPercent),
    );
    // Share of the purchase: total / amount, two decimals.
    const percent = (total * 10_000n) / micro(PREVIEW_AMOUNT);
    await expectText(
      desk.getByTestId('plan-preview-percent'),
      `${percent / 100n}.${String(percent % 100n).padStart(2, '0')}%`,
    );
    await result.scrollIntoViewIfNeeded();
    await screenshot(desk, 'admin-network-plan-preview');

    // Save with a note: the confirm names the next version.
    const note = `e2e: sponsor bonus ${newPercent}%`;
    await desk.locator('#plan-note').fill(note);
    await desk.getByTestId('plan-save').click();
    const confirm = desk.getByTestId('plan-save-confirm');
    await confirm.waitFor();
    await expectText(confirm, `version ${before.version + 1}`);
    await expectText(confirm, `Note: ${note}`);
    await desk.getByTestId('plan-save-confirm-ok').click();
    await confirm.waitFor({ state: 'detached' });
    planSaved = true;

    await expectText(desk.getByTestId('plan-saved'), `Version ${before.version + 1} is in force`);
    await expectText(desk.getByTestId('plan-current'), `Version ${before.version + 1} in force`);
    const saved = desk.getByTestId(`plan-version-${before.version + 1}`);
    await expectText(saved, `Version ${before.version + 1} · ${note}`);
    await expectText(saved, 'In force');
    // The version it replaces is listed below it (version 0 being the built-in defaults, always the last).
    await desk.getByTestId(`plan-version-${before.version}`).waitFor();
    await expectText(desk.getByTestId('plan-version-0'), 'Built-in defaults');
    expect(
      await desk.locator('[data-testid^="plan-version-"]:not([data-testid="plan-version-current"])').count(),
    ).toBe(original.history.length + 1);
    expect(await desk.getByTestId('plan-version-current').count()).toBe(1);
    expect(await desk.locator('#plan-sponsor_percent').inputValue()).toBe(newPercent);
    expect(await desk.getByTestId('plan-dirty').count()).toBe(0);

    // A reload reads the plan from the server again: the edit is in force.
    await desk.reload();
    await loaded(desk, 'plan-form', 'plan-error');
    await expectText(desk.getByTestId('plan-current'), `Version ${before.version + 1} in force`);
    expect(await desk.locator('#plan-sponsor_percent').inputValue()).toBe(newPercent);
    await expectText(desk.getByTestId(`plan-version-${before.version + 1}`), 'In force');
    const now = await api<Plan>('Admin/plan', {}, adminToken);
    expect(now.data.current.version).toBe(before.version + 1);
    expect(now.data.current.settings).toEqual({ ...before.settings, sponsor_percent: newPercent });
  });

  it('pairing runs for a date from the plan page and shows the run; top is paid its pair', async () => {
    const today = utcToday();
    // top's legs before: the two purchases, all of it not yet paired.
    const before = await api<MemberDetail>('Admin/memberdetail', { userid: top.userid }, adminToken);
    expect(before.status, before.msg).toBe(1);
    expect([micro(before.data.left_volume), micro(before.data.right_volume)]).toEqual([
      micro(legVolume),
      micro(legVolume),
    ]);
    expect([micro(before.data.left_balance), micro(before.data.right_balance)]).toEqual([
      micro(legVolume),
      micro(legVolume),
    ]);
    // What top earns (pairing settings unchanged by the plan edit): whole pairs of the unit on both legs, 1:1.
    const plan = original.current.settings as PlanSettings & {
      pair_ratio: string;
      pair_unit: string;
      pairing_percent: string;
      daily_cap: Record<string, string>;
      level_percents: string[];
      wallets: Record<string, string>;
    };
    expect(plan.pair_ratio).toBe('1:1');
    const pairs = micro(legVolume) / micro(plan.pair_unit);
    const uncapped = pairs * shareOf(plan.pair_unit, plan.pairing_percent);
    const cap = micro(plan.daily_cap[before.data.rank] ?? '0');
    // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers).
    const expected = uncapped < cap ? uncapped : cap;
    expect(expected).toBeGreaterThan(0n);

    const date = desk.locator('#run-pairing-date');
    await date.scrollIntoViewIfNeeded();
    await date.fill(today);
    expect(await date.inputValue()).toBe(today);
    await desk.getByTestId('run-pairing').click();
    const dialog = desk.locator('.adm-dialog');
    await expectText(dialog, `Run pairing for ${today}?`);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();

    const run = desk.getByTestId('run-pairing-result');
    await run.waitFor();
    expect(await run.getAttribute('data-status')).toBe('done');
    // The run's day in the app's one date format ('Nov 27, 2026').
    const shownDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${today}T00:00:00Z`),
    );
    await expectText(run, `Pairing · ${shownDay}`);
    await expectText(desk.getByTestId('run-pairing-result-status'), 'Done');
    await run.scrollIntoViewIfNeeded();
    await screenshot(desk, 'admin-network-pairing');

    // What the page shows is what the server recorded for that date.
    const runs = await api<{ list: JobRun[] }>('Admin/jobruns', { job: 'pairing' }, adminToken);
    expect(runs.status, runs.msg).toBe(1);
    const recorded = runs.data.list.find((r) => r.date === today);
    expect(recorded?.status).toBe('done');
    await expectText(desk.getByTestId('run-pairing-result-items'), `Settled: ${recorded?.items} · `);
    await expectText(run, `Runs: ${recorded?.runs}`);
    // The first run for the date settles everything there is: all of it by this run.
    if (recorded?.runs === 1)
      await expectText(desk.getByTestId('run-pairing-result-items'), `by this run: ${recorded.items}`);
    expect(recorded?.items).toBeGreaterThanOrEqual(1);
    // All the run paid (top and whoever else had pairs), top's share included.
    const paid = micro(await moneyValue(desk.getByTestId('run-pairing-result-amount-USDT')));
    expect(paid).toBeGreaterThanOrEqual(expected);

    // top's own pairing, as top sees it, and the admin's view of top's legs: matched, nothing left over.
    const group = await api<{ last_pairing_date: string; last_pairing: string }>(
      'Tree/getgroupinfo2',
      {},
      await apiLogin(top.userid, top.password),
    );
    expect(group.status, group.msg).toBe(1);
    expect(group.data.last_pairing_date).toBe(today);
    expect(micro(group.data.last_pairing)).toBe(expected);
    await go(desk, `#/pages/admin/memberdetail?userid=${top.userid}`);
    await loaded(desk, 'member-detail', 'member-detail-error');
    await expectText(desk.getByTestId('member-userid'), top.userid);
    expect(micro(await moneyValue(desk.getByTestId('member-left-volume')))).toBe(micro(legVolume));
    expect(micro(await moneyValue(desk.getByTestId('member-right-volume')))).toBe(micro(legVolume));
    const leftover = micro(legVolume) - pairs * micro(plan.pair_unit);
    expect(micro(await moneyValue(desk.getByTestId('member-left-balance')))).toBe(leftover);
    expect(micro(await moneyValue(desk.getByTestId('member-right-balance')))).toBe(leftover);
    await expectText(desk.getByTestId('member-direct-count'), /^2$/);
    // top's reward wallet: the sponsor and level-1 bonus of both purchases (paid under the plan then in force,
    // the original) and the pair.
    expect(Object.values(plan.wallets)).toEqual(['reward', 'reward', 'reward']);
    const perPurchase =
      shareOf(legVolume, plan.sponsor_percent) + shareOf(legVolume, plan.level_percents[0] ?? '0');
    expect(micro(await moneyValue(desk.getByTestId('member-wallet-reward-USDT-balance')))).toBe(
      2n * perPurchase + expected,
    );
    await desk.getByTestId('member-legs-balance').scrollIntoViewIfNeeded();
    await screenshot(desk, 'admin-network-top-after-pairing');
    await desk.context().close();
  });
});
