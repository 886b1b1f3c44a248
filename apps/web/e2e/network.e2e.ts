import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.ts';
import { createMember, expectText, logInThroughPage, type NewMember, route } from './members.ts';

/**
 * The network screens end to end (issue 4), as one member's story: `top` has a placement downline five levels deep
 * (a1..a4 down the left leg, each invited by the one above, and b1 on the right), made through the API. In the
 * browser top opens the tree (three levels load), shows more below the last loaded level, searches a member by the
 * start of their userid and shows the tree from them, bookmarks that node, jumps back to it from the bookmarks,
 * goes back to the top, and checks the team figures. Top's invitation link, opened by someone logged out, shows the
 * register page with top as sponsor and the side chosen.
 */

let browser: Browser;
let top: NewMember;
/** top's left leg, one below the other: a1 under top, a2 under a1, ... a4 (5 placement levels with top). */
const chain: NewMember[] = [];
/** top's right child. */
let right: NewMember;
/** A member outside top's downline. */
let outsider: NewMember;
/** top's phone: one page kept across the steps, as one session would be. */
let phone: Page;

/** A small phone (375 px wide) of its own (nobody logged in), opening `url`. */
async function openPhone(url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(url);
  return page;
}

/** How long a screen may take to show what the server answered (expect.poll's own default is 1 s). */
const POLL = { timeout: 10_000, interval: 100 };

/** Goes to a hash route in the same page (same-document navigation, the app keeps its state). */
async function go(page: Page, hash: string) {
  await page.goto(page.url().replace(/#.*$/, hash));
}

/** The page itself does not scroll sideways on the small phone (the tree pans inside its own box). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.page, 'page wider than the screen').toBeLessThanOrEqual(widths.view);
}

/** Waits for the `ok` test id or the `error` one, and fails with the server's message on the error. */
async function loaded(page: Page, ok: string, error: string) {
  await page.locator(`[data-testid="${ok}"], [data-testid="${error}"]`).first().waitFor();
  if (await page.getByTestId(error).count())
    expect.fail(`${error}: ${await page.getByTestId(error).textContent()}`);
}

/** The tree shows from `userid`: its card is the focused one and the diagram says so. */
async function expectRoot(page: Page, userid: string) {
  await expect.poll(() => page.getByTestId('tree-diagram').getAttribute('data-root'), POLL).toBe(userid);
  expect(await page.getByTestId(`tree-node-${userid}`).getAttribute('aria-current')).toBe('true');
}

beforeAll(async () => {
  browser = await launchBrowser();
  top = await createMember('erin', 'R');
  let sponsor = top.userid;
  for (let i = 0; i < 4; i++) {
    // Each invited by the one above, on the left: placed straight under them.
    const m = await createMember(sponsor, 'L');
    chain.push(m);
    sponsor = m.userid;
  }
  right = await createMember(top.userid, 'R');
  outsider = await createMember('erin', 'L');
});

afterAll(async () => {
  await browser?.close();
});

describe.sequential('network: tree, search, favourites, team, invitation link', () => {
  it('the tree shows three levels from the top; "show more" loads the levels below the last one', async () => {
    const [a1, a2, a3, a4] = chain as [NewMember, NewMember, NewMember, NewMember];
    phone = await openPhone(`${inject('baseUrl')}/#/pages/login/login`);
    await logInThroughPage(phone, top.userid, top.password);
    await go(phone, '#/pages/personal/tree');
    await loaded(phone, 'tree-diagram', 'tree-error');
    await expectRoot(phone, top.userid);
    await expectText(phone.getByTestId('tree-where'), 'Showing your tree from the top');
    expect(await phone.getByTestId('tree-top').isDisabled()).toBe(true);
    expect(await phone.getByTestId('tree-up').isDisabled()).toBe(true);

    // Levels 0-2: top, its children a1 (left) and b1 (right), and a2 under a1.
    await expectText(phone.getByTestId(`tree-node-${top.userid}-userid`), top.userid);
    expect(await phone.getByTestId(`tree-node-${a1.userid}`).getAttribute('data-side')).toBe('L');
    expect(await phone.getByTestId(`tree-node-${right.userid}`).getAttribute('data-side')).toBe('R');
    await phone.getByTestId(`tree-node-${a2.userid}`).waitFor();
    await expectText(phone.getByTestId(`tree-node-${top.userid}-left-count`), /^4$/);
    await expectText(phone.getByTestId(`tree-node-${top.userid}-right-count`), /^1$/);
    // b1 has nobody under it: two free spots, each with a link to register there.
    await phone.getByTestId(`tree-empty-${right.userid}-L`).waitFor();
    // a3 is below the loaded levels: not shown, a2 offers to show more.
    expect(await phone.getByTestId(`tree-node-${a3.userid}`).count()).toBe(0);
    expect(await phone.getByTestId(`tree-expand-${a1.userid}`).count()).toBe(0);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'network-tree-top');

    await phone.getByTestId(`tree-expand-${a2.userid}`).click();
    await phone.getByTestId(`tree-node-${a3.userid}`).waitFor();
    await expectText(phone.getByTestId(`tree-node-${a3.userid}-userid`), a3.userid);
    expect(await phone.getByTestId(`tree-node-${a3.userid}`).getAttribute('data-side')).toBe('L');
    await phone.getByTestId(`tree-node-${a4.userid}`).waitFor();
    // Everything under a2 is now on screen: no more "show more" there, and the root has not changed.
    await expect.poll(() => phone.getByTestId(`tree-expand-${a2.userid}`).count(), POLL).toBe(0);
    await phone.getByTestId(`tree-empty-${a4.userid}-R`).waitFor();
    await expectRoot(phone, top.userid);
    await screenshot(phone, 'network-tree-expanded');
  });

  it('search finds downline members by the start of their userid, not others; a result shows the tree from there', async () => {
    const [, a2, a3, a4] = chain as [NewMember, NewMember, NewMember, NewMember];
    const search = phone.locator('#tree-search');

    // Someone outside top's downline is not found.
    await search.fill(outsider.userid);
    await phone.getByTestId('tree-search-none').waitFor();

    // The start of a3's userid (random enough to match nobody else in top's downline).
    await search.fill(a3.userid.slice(0, 12));
    const result = phone.getByTestId(`tree-search-result-${a3.userid}`);
    await result.waitFor();
    await expectText(result, /Left · Level 3/);
    expect(await phone.locator('[data-testid^="tree-search-result-"]').count()).toBe(1);
    await screenshot(phone, 'network-tree-search');
    await result.click();

    await expectRoot(phone, a3.userid);
    expect(new URL(phone.url()).hash).toContain(`userid=${a3.userid}`);
    await expectText(phone.getByTestId('tree-where'), `Showing from ${a3.userid} · 3 levels below you`);
    await phone.getByTestId(`tree-node-${a4.userid}`).waitFor();
    expect(await phone.getByTestId(`tree-node-${a2.userid}`).count()).toBe(0);
    expect(await phone.getByTestId('tree-search-results').count()).toBe(0);
    expect(await search.inputValue()).toBe('');
  });

  it('the star bookmarks the node; the bookmarks list jumps back to it; "back to my tree" returns to the top', async () => {
    const [, a2, a3] = chain as [NewMember, NewMember, NewMember];
    const star = phone.getByTestId('tree-favorite');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), POLL).toBe('true');
    await screenshot(phone, 'network-tree-favourite');

    // "Up one level" shows the tree from a3's parent; "back to my tree" from the top.
    await phone.getByTestId('tree-up').click();
    await expectRoot(phone, a2.userid);
    await phone.getByTestId('tree-top').click();
    await expectRoot(phone, top.userid);
    expect(new URL(phone.url()).hash).not.toContain('userid=');
    await expectText(phone.getByTestId('tree-where'), 'Showing your tree from the top');

    await phone.getByTestId('tree-favorites-open').click();
    const bookmark = phone.getByTestId(`tree-favorite-${a3.userid}`);
    await bookmark.waitFor();
    await expectText(bookmark, /Left · Level 3/);
    // Only the one bookmark.
    expect(await phone.locator('.adm-popup .network-search-result').count()).toBe(1);
    await screenshot(phone, 'network-tree-favourites');
    await bookmark.click();
    await expectRoot(phone, a3.userid);
    await expect.poll(() => bookmark.count(), POLL).toBe(0);
    await expect
      .poll(() => phone.getByTestId('tree-favorite').getAttribute('aria-pressed'), POLL)
      .toBe('true');

    await phone.getByTestId('tree-top').click();
    await expectRoot(phone, top.userid);
    expect(await phone.getByTestId('tree-top').isDisabled()).toBe(true);
  });

  it("the team screen shows top's team figures and sponsor levels", async () => {
    await go(phone, '#/pages/personal/MyTeam2');
    await loaded(phone, 'team-sizes', 'team-error');
    await loaded(phone, 'team-levels', 'team-levels-error');
    // Invited by top: a1 and b1; a2..a4 one sponsor level below the other.
    await expectText(phone.getByTestId('team-directs'), /^2$/);
    await expectText(phone.getByTestId('team-sponsor-team'), /^5$/);
    await expectText(phone.getByTestId('team-left-count'), /^4$/);
    await expectText(phone.getByTestId('team-right-count'), /^1$/);
    const counts = ['2', '1', '1', '1', '0'];
    for (const [i, count] of counts.entries())
      await expectText(phone.getByTestId(`team-level-${i + 1}-count`), new RegExp(`^${count}$`));
    await expectText(phone.getByTestId('team-levels-count'), /^5$/);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'network-team');
  });

  it('the invitation link, opened logged out, shows the register page with top as sponsor and the side chosen', async () => {
    await go(phone, '#/pages/personal/InviteFriend');
    await loaded(phone, 'invite-card', 'invite-error');
    await expectText(phone.getByTestId('invite-code'), top.userid);
    await expectText(phone.getByTestId('invite-link-url'), `sponsor=${top.userid}`);
    const link = ((await phone.getByTestId('invite-link-url').textContent()) ?? '').trim();
    const leftLink = ((await phone.getByTestId('invite-left-url').textContent()) ?? '').trim();
    const rightLink = ((await phone.getByTestId('invite-right-url').textContent()) ?? '').trim();
    expect(link.startsWith(`${inject('baseUrl')}/`), link).toBe(true);
    // The general link leaves the side to the friend; the left and right links choose it.
    expect(link).not.toContain('side=');
    expect(leftLink).toBe(`${link}&side=L`);
    expect(await phone.getByTestId('invite-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'network-invite');
    await phone.context().close();

    for (const [url, side] of [
      [leftLink, 'L'],
      [rightLink, 'R'],
    ] as const) {
      // A new browser context opening the link: nobody logged in, as on a friend's phone.
      const friend = await openPhone(url);
      try {
        await friend.getByTestId('register-page').waitFor();
        expect(route(friend)).toBe('/pages/register/register');
        expect(await friend.locator('#register-sponsor').inputValue()).toBe(top.userid);
        // The sponsor is checked and found.
        await expect
          .poll(() => friend.getByTestId('register-sponsor-result').getAttribute('data-state'), POLL)
          .toBe('ok');
        await expectText(friend.getByTestId('register-sponsor-result'), `(${top.userid})`);
        const other = side === 'L' ? 'R' : 'L';
        expect(await friend.locator(`[data-testid="register-side-${side}"] input`).isChecked()).toBe(true);
        expect(await friend.locator(`[data-testid="register-side-${other}"] input`).isChecked()).toBe(false);
        if (side === 'L') {
          await friend.getByTestId('register-side-L').scrollIntoViewIfNeeded();
          await screenshot(friend, 'network-invite-register');
        }
      } finally {
        await friend.context().close();
      }
    }
  });
});
