import { SPEC_ROUTES } from '@mp/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { fakeApi, renderAt } from '../test/renderApp.tsx';
import { BUILT_PAGES, EXTRA_PAGES } from './pages.ts';

beforeEach(async () => {
  await setLanguage('en-US');
  vi.stubGlobal('fetch', fakeApi({ 'Logon/getAnnouncement': { list: [], page: 1, pagesize: 10, total: 0 } }));
});

afterEach(() => vi.unstubAllGlobals());

describe('routes', () => {
  it('registers every spec route: each shows a page or the coming-soon page, never not-found', async () => {
    for (const { path } of SPEC_ROUTES) {
      const { unmount, container } = renderAt(path);
      await waitFor(() => expect(container.querySelector('.page')).not.toBeNull(), {
        timeout: 3000,
        interval: 5,
      });
      expect(screen.queryByTestId('not-found'), path).toBeNull();
      unmount();
    }
  }, 30_000);

  it('has a page for every spec route (none is left "coming soon")', () => {
    // The entry routes send the member to the home tab (below).
    const entries = ['/', '/pages/main'];
    const missing = SPEC_ROUTES.filter(({ path }) => !BUILT_PAGES[path] && !entries.includes(path));
    expect(missing.map(({ path }) => path)).toEqual([]);
  });

  it('sends the entry routes to the home tab', async () => {
    const { router } = renderAt('/pages/main');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/home'));
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(screen.getByTestId('tab-home')).toBeTruthy();
  });

  it('shows a newcomer the intro once at the entry, then sends the entry home', async () => {
    localStorage.removeItem('mp.introSeen');
    const first = renderAt('/');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/pages/Intro'));
    (await screen.findByTestId('intro-skip')).click();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/pages/home/home'));
    expect(localStorage.getItem('mp.introSeen')).toBe('1');
    first.unmount();
    const again = renderAt('/');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/pages/home/home'));
  });

  it('registers our extra routes (bonus, two-factor) behind the login', async () => {
    for (const path of Object.keys(EXTRA_PAGES)) {
      const { router, unmount } = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
      unmount();
    }
  });

  it('shows not-found for an unknown path', async () => {
    renderAt('/pages/nowhere');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('sends a visitor without a token from a member page to login', async () => {
    const memberPaths = Object.entries(BUILT_PAGES).filter(([, page]) => page.auth);
    expect(memberPaths.length).toBeGreaterThan(0);
    const { router } = renderAt('/pages/personal/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fpages%2Fpersonal%2Fprofile');
  });
});
