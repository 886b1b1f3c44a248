import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, openApp, screenshot } from './browser.ts';
import { createMember, logInThroughPage, type NewMember } from './members.ts';

/**
 * The demo's art on a phone (issue 29): the home slider's banner, the news and guide covers, the shop's product
 * pictures and the intro's pictures load (a real picture: naturalWidth > 0), and the video item plays. Screenshots
 * of each screen at 390 x 844 are kept for a look.
 */

let browser: Browser;
let member: NewMember;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createMember();
});

afterAll(async () => {
  await browser?.close();
});

/** Waits until the picture has loaded and decoded to a real size. */
async function expectLoaded(img: Locator) {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

async function go(page: Page, hash: string) {
  await page.goto(`${inject('baseUrl')}/#${hash}`);
}

/** Closes the demo's important notice, which pops up over the home page for a member who has not read it. */
async function closeNotice(page: Page) {
  const button = page.locator('.adm-modal .adm-button').first();
  if (await button.isVisible({ timeout: 3_000 }).catch(() => false)) await button.click();
}

describe("the demo's pictures and video", () => {
  it('show on home, news, guides and the shop, and the video plays', async () => {
    const page = await openApp(browser);
    page.setDefaultTimeout(15_000);
    await logInThroughPage(page, member.userid, member.password);
    await closeNotice(page);
    await expectLoaded(page.locator('[data-testid^="home-slide-"] img').first());
    await screenshot(page, 'demo-art-home');

    await go(page, '/pages/home/HomegetAllNews');
    await expectLoaded(page.locator('.content-thumb').first());
    await screenshot(page, 'demo-art-news');
    const news = await api<{ list: { id: number }[] }>('Content/list', { kind: 'news' });
    await go(page, `/pages/home/HomeshowOneNews?id=${news.data.list[0]?.id}`);
    await expectLoaded(page.getByTestId('article-image'));
    await screenshot(page, 'demo-art-article');

    await go(page, '/pages/home/BeginnersGuide');
    await page.getByTestId('guide-step-3').click();
    await expectLoaded(page.getByTestId('article-image'));
    await screenshot(page, 'demo-art-guide');

    await go(page, '/pages/shop/shop');
    await expectLoaded(page.locator('[data-testid^="shop-product-"] img').first());
    await screenshot(page, 'demo-art-shop');
    await page.locator('[data-testid^="shop-product-"]').first().click();
    await expectLoaded(page.getByTestId('shop-product-sheet').locator('img'));
    await screenshot(page, 'demo-art-product');

    // The member finds the video on the Video page (the home grid's "Video") and opens it.
    const videos = await api<{ list: { id: number }[] }>('Content/list', { kind: 'video' });
    await go(page, '/pages/home/video');
    const item = page.getByTestId(`content-item-${videos.data.list[0]?.id}`);
    await expectLoaded(item.locator('img'));
    await item.click();
    const video = page.getByTestId('article-video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    // Its picture is the player's poster, not a second copy above the title.
    expect(await video.getAttribute('poster')).toMatch(/^\/media\//);
    expect(await page.getByTestId('article-image').count()).toBe(0);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(4);
    expect(duration).toBeLessThan(10);
    await screenshot(page, 'demo-art-video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.5);
    await page.context().close();
  });

  it("shows the intro's three pictures to a newcomer", async () => {
    const page = await openApp(browser, '');
    page.setDefaultTimeout(15_000);
    await page.getByTestId('intro-page').waitFor();
    for (const n of [1, 2, 3]) await expectLoaded(page.getByTestId(`intro-slide-${n}`).locator('img'));
    await screenshot(page, 'demo-art-intro-1');
    await page.getByTestId('intro-next').click();
    await page.waitForTimeout(600);
    await screenshot(page, 'demo-art-intro-2');
    await page.context().close();
  });
});
