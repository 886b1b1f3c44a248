import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAdminPage } from './admin.ts';
import { api, launchBrowser, openApp, screenshot } from './browser.ts';
import { PNG } from './kyc-steps.ts';
import { apiLogin, createMember, expectText, logInThroughPage, type NewMember, route } from './members.ts';

/**
 * Content and support end to end: an admin publishes a news item with a picture in English and Chinese through the
 * CMS; a member reads it in each language. The member writes to customer service with a picture, the admin answers,
 * the member reads the answer. A newcomer opening the app sees the intro once.
 */

let browser: Browser;
let member: NewMember;
let adminToken: string;
const stamp = Date.now().toString(36);
const EN_TITLE = `Harvest festival ${stamp}`;
const ZH_TITLE = `丰收节 ${stamp}`;
const SUBJECT = `Bonus question ${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = inject('admin');
  adminToken = await apiLogin(admin.userid, admin.password);
  member = await createMember();
});

afterAll(async () => {
  await browser?.close();
});

const input = (page: Page, id: string) => page.getByTestId(id).locator('input, textarea').first();

async function setLanguage(page: Page, lang: string) {
  await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
  await page.reload();
}

describe('the CMS and the news', () => {
  let newsId = '';

  it('an admin writes a news item with a picture in English and Chinese and publishes it', async () => {
    const desk = await openAdminPage(browser, '#/pages/admin/content');
    await desk.getByTestId('admin-content-page').waitFor();
    await desk.getByTestId('content-new').click();
    await desk.getByTestId('admin-content-edit-page').waitFor();
    await desk
      .getByTestId('content-image-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await desk.locator('.admin-file-preview').waitFor();
    await input(desk, 'content-title').fill(EN_TITLE);
    await desk.getByTestId('rich-box').click();
    await desk.keyboard.type('Come and celebrate with the team. ');
    await desk.getByTestId('rich-bold').click();
    await desk.keyboard.type('Prizes for everyone.');
    await desk.getByTestId('content-save').click();
    await expect.poll(() => new URL(desk.url()).hash).toMatch(/id=\d+/);
    newsId = /id=(\d+)/.exec(new URL(desk.url()).hash)?.[1] ?? '';

    await desk.getByTestId('content-lang-zh-CN').click();
    await input(desk, 'content-title').fill(ZH_TITLE);
    await desk.getByTestId('rich-box').click();
    await desk.keyboard.type('欢迎与团队一起庆祝。');
    await desk.getByTestId('content-preview').click();
    await expectText(desk.getByTestId('content-preview-article'), ZH_TITLE);
    await screenshot(desk, 'content-admin-preview');
    await desk.getByRole('button', { name: /Close preview/ }).click();
    // The admin sees the Chinese text saved when the "not saved yet" note goes away: read it only then.
    await desk.getByTestId('content-not-saved').waitFor();
    await desk.getByTestId('content-save').click();
    await desk.getByTestId('content-not-saved').waitFor({ state: 'hidden' });

    const detail = await api<{
      langs: string[];
      missing: string[];
      state: string;
      texts: { body_html: string }[];
    }>('Admin/contentdetail', { id: newsId }, adminToken);
    expect(detail.data.langs).toEqual(['en-US', 'zh-CN']);
    expect(detail.data.missing).toEqual(['bm-MY']);
    expect(detail.data.state).toBe('published');
    expect(detail.data.texts[0]?.body_html).toContain('<b>Prizes for everyone.</b>');
    await desk.context().close();
  });

  it('a member reads it in English, then in Chinese, and Malay falls back to English', async () => {
    const phone = await openApp(browser);
    phone.setDefaultTimeout(15_000);
    await logInThroughPage(phone, member.userid, member.password);
    await phone.getByTestId('home-area-news').click();
    await phone.getByTestId('news-page').waitFor();
    await phone.getByText(EN_TITLE).click();
    await expectText(phone.getByTestId('article-title'), EN_TITLE);
    await expectText(phone.getByTestId('article-body'), 'Prizes for everyone.');
    await phone.getByTestId('article-image').waitFor();
    expect(
      await phone.getByTestId('article-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(1);
    await expectText(phone.getByTestId('article-reads'), /1 read/);
    await screenshot(phone, 'content-news-en');

    await setLanguage(phone, 'zh-CN');
    await expectText(phone.getByTestId('article-title'), ZH_TITLE);
    await expectText(phone.getByTestId('article-body'), '欢迎与团队一起庆祝');
    await screenshot(phone, 'content-news-zh');

    await setLanguage(phone, 'bm-MY');
    await expectText(phone.getByTestId('article-title'), EN_TITLE);
    await phone.getByTestId('article-fallback').waitFor();
    await setLanguage(phone, 'en-US');
    await phone.context().close();
  });
});

describe('customer service', () => {
  it('a member writes with a picture, an admin answers, the member reads the answer', async () => {
    const phone = await openApp(browser);
    phone.setDefaultTimeout(15_000);
    await logInThroughPage(phone, member.userid, member.password);
    await phone.getByTestId('home-area-service').click();
    await phone.getByTestId('cs-page').waitFor();
    await phone.getByTestId('cs-send').click();
    await expectText(phone.getByTestId('cs-subject-error'), 'Please fill in Subject');
    await input(phone, 'cs-subject').fill(SUBJECT);
    await input(phone, 'cs-message').fill('My pairing bonus did not arrive yesterday.');
    await phone
      .getByTestId('cs-picture-input')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await phone.locator('.cs-thumb').first().waitFor();
    await phone.getByTestId('cs-send').click();
    await phone.getByTestId('cs-history-page').waitFor();
    const row = phone.locator('[data-testid^="enquiry-"]', { hasText: SUBJECT }).first();
    await row.waitFor();
    const id = (await row.getAttribute('data-testid'))?.replace('enquiry-', '') ?? '';
    await expectText(phone.getByTestId(`enquiry-state-${id}`), 'Open');

    const desk = await openAdminPage(browser, '#/pages/admin/enquiries');
    await desk.getByTestId('admin-enquiries-page').waitFor();
    await desk.getByTestId(`admin-enquiry-${id}`).click();
    await desk.getByTestId(`enquiry-pictures-${id}`).click();
    await desk.locator('.cs-thumb img').first().waitFor();
    await desk
      .getByTestId(`admin-reply-${id}`)
      .locator('textarea')
      .fill('It was paid this morning. Sorry for the wait!');
    await desk.getByTestId(`admin-reply-send-${id}`).click();
    await expect
      .poll(async () =>
        (
          await api<{ list: { id: number; state: string }[] }>(
            'Admin/enquirylist',
            { state: 'answered' },
            adminToken,
          )
        ).data.list.some((e) => String(e.id) === id),
      )
      .toBe(true);
    await screenshot(desk, 'content-admin-enquiry');
    await desk.context().close();

    await phone.reload();
    await expectText(phone.getByTestId(`enquiry-state-${id}`), 'Answered');
    await phone.getByTestId(`enquiry-${id}`).click();
    await expectText(phone.getByTestId('cs-reply').first(), 'It was paid this morning.');
    await screenshot(phone, 'content-enquiry-answered');
    await phone.context().close();
  });
});

describe('an important notice', () => {
  it('pops up once for a member; read, it does not come back', async () => {
    const saved = await api<{ id: number }>(
      'Admin/newssave',
      {
        kind: 'notice',
        lang: 'en-US',
        title: `Security notice ${stamp}`,
        body: '<p>Never share your password.</p>',
        published: true,
      },
      adminToken,
    );
    try {
      const reader = await createMember();
      const phone = await openApp(browser);
      phone.setDefaultTimeout(15_000);
      await logInThroughPage(phone, reader.userid, reader.password);
      const popup = phone.locator('.adm-modal');
      await expectText(popup, `Security notice ${stamp}`);
      await expectText(phone.getByTestId('notice-body'), 'Never share your password.');
      await screenshot(phone, 'content-notice');
      const acknowledged = phone.waitForResponse((r) => r.url().includes('/api/Logon/checkxmlnews'));
      await popup.getByRole('button', { name: 'I have read it' }).click();
      await acknowledged;
      await popup.waitFor({ state: 'detached' });
      await phone.reload();
      await phone.getByTestId('home-latest-news').waitFor();
      await phone.waitForTimeout(500);
      expect(await phone.locator('.adm-modal').count()).toBe(0);
      await phone.context().close();
    } finally {
      await api(
        'Admin/newssave',
        { id: saved.data.id, kind: 'notice', lang: 'en-US', title: 'x', published: false },
        adminToken,
      );
    }
  });
});

describe('a newcomer', () => {
  it('sees the intro once when first opening the app, then goes home', async () => {
    const phone = await openApp(browser, '');
    phone.setDefaultTimeout(15_000);
    await phone.getByTestId('intro-page').waitFor();
    await screenshot(phone, 'content-intro');
    await phone.getByTestId('intro-skip').click();
    await phone.getByTestId('home-page').waitFor();
    await phone.goto(`${inject('baseUrl')}/`);
    await phone.getByTestId('home-page').waitFor();
    expect(route(phone)).toBe('/pages/home/home');
    await phone.context().close();
  });
});
