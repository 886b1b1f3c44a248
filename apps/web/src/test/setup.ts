import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { setUpAntdRender } from '../lib/antdRender.ts';
import { loadLanguage } from '../lib/i18n.ts';
import { fakeApi } from './renderApp.tsx';

const unmountAntdRoots = setUpAntdRender();
// findBy* and waitFor wait up to 5 s (the library's default is 1 s): a page's lazily loaded chunk, imported for the
// first time while the machine runs other test files, was seen to take longer than a second (a test failing under
// load, not a slow screen). A test that needs an element to be absent still says so with its own assertion.
configure({ asyncUtilTimeout: 5_000 });
// Tests render in English unless they switch; the other languages load when a test asks for them.
await loadLanguage('en-US');
// The API client checks each answer against the contract's schemas in tests, importing them on first use:
// import them now, so that first use does not slow a test's first call.
await import('@mp/contract');

// No test reaches a real network: calls a test does not answer are refused.
beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({}));
  localStorage.setItem('mp.introSeen', '1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
  // The first-run intro is its own test (routes.test.tsx); other tests start as a returning member.
  localStorage.setItem('mp.introSeen', '1');
});

// At a test file's end its document goes away: what Toast and Dialog still show is unmounted first, and React's work
// for that (a scheduler task) runs while the page is there. Else it can run after, and fail on the missing `window`
// (seen once in CI after AdminWithdrawalsPage.test.tsx).
afterAll(async () => {
  unmountAntdRoots();
  await new Promise((resolve) => setTimeout(resolve, 0));
});
