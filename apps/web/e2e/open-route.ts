import type { Page } from 'playwright-core';

/**
 * Opens a route in the running app (hash navigation, no reload) and waits until its page has rendered: a page root
 * that was not there before (unless `samePage`: a route on the page already open, e.g. another filter of the
 * records, waits only for its data), and no loading display or skeleton. A route that keeps its page without saying
 * so gives up waiting after `timeoutMs` and is taken as it is; `settleMs` more lets the last paint land.
 */
export async function openRoute(
  page: Page,
  path: string,
  { samePage = false, timeoutMs = 2000, preWaitMs = 0, settleMs = 50 } = {},
) {
  await page.evaluate((p) => {
    for (const el of document.querySelectorAll('.page, [data-testid$="-page"]'))
      el.setAttribute('data-was', '1');
    window.location.hash = `#${p}`;
  }, path);
  if (preWaitMs) await page.waitForTimeout(preWaitMs);
  await page
    .waitForFunction(
      (same) =>
        (same ||
          document.querySelector('.page:not([data-was]), [data-testid$="-page"]:not([data-was])') !== null) &&
        document.querySelector(
          '[data-testid="page-loading"], .adm-skeleton, [data-testid="state-loading"]',
        ) === null,
      samePage,
      { timeout: timeoutMs, polling: 50 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(settleMs);
}
