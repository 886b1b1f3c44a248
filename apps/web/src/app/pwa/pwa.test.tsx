import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi, renderAt } from '../../test/renderApp.tsx';
import { noteReachable } from '../../lib/reachability.ts';
import { offerUpdate } from './status.ts';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const versionAnswer = (extra: Record<string, unknown>) => ({
  current: '0.0.0-test',
  latest: '2.0.0',
  has_update: false,
  force: false,
  download_url: '/',
  notes: '',
  ...extra,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the offline banner', () => {
  it('shows while the browser has no network and goes when the network is back', () => {
    renderAt('/pages/login/login');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    setOnline(false);
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline. Balances and records will load again when the connection is back.',
    );
    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows when calls get no answer though the browser says it is online, until the server answers again', async () => {
    vi.useFakeTimers();
    try {
      const probe = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(() =>
        Promise.reject(new TypeError('Failed to fetch')),
      );
      vi.stubGlobal('fetch', probe);
      renderAt('/pages/login/login');
      expect(screen.queryByTestId('offline-banner')).toBeNull();
      act(() => noteReachable(false));
      expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline.');
      // The server is still away at the first probe; it answers at the second.
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(probe).toHaveBeenCalledWith('/healthz', { cache: 'no-store' });
      expect(screen.getByTestId('offline-banner')).toBeTruthy();
      probe.mockImplementation(() => Promise.resolve(new Response('ok')));
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      expect(screen.queryByTestId('offline-banner')).toBeNull();
      // Two probes, 3 s apart, and none once the server answered.
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(probe.mock.calls.filter(([input]) => input === '/healthz')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The offer is the page's one waiting version: these run in order (none offered at first, then one stays).
describe('the update prompt', () => {
  it('is replaced by the download dialog when the server names a version no service worker brings', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'index/check_version': versionAnswer({ has_update: true }) }).fetch);
    renderAt('/pages/login/login');
    expect((await screen.findByTestId('update-dialog')).textContent).toContain('Latest version: 2.0.0');
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('update-dialog')).toBeNull());
  });

  it('looks for a new service worker when the server names a newer version, without the download dialog', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'index/check_version': versionAnswer({ has_update: true }) }).fetch);
    // The browser's side: a registration whose update() finds a new worker, on a page an older one controls.
    const registration = { installing: null as object | null, waiting: null, update: vi.fn() };
    registration.update.mockImplementation(async () => {
      registration.installing = {};
    });
    const browserWorkers = { controller: {}, getRegistration: async () => registration };
    Object.defineProperty(navigator, 'serviceWorker', { value: browserWorkers, configurable: true });
    try {
      renderAt('/pages/login/login');
      await waitFor(() => expect(registration.update).toHaveBeenCalledTimes(1));
      // Long enough for the dialog to have opened, had the check found nothing.
      await new Promise((r) => setTimeout(r, 200));
      expect(screen.queryByTestId('update-dialog')).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('appears only once a new version waits, and its reload button switches to it', async () => {
    renderAt('/pages/login/login');
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const accept = vi.fn();
    act(() => offerUpdate(accept));
    expect(screen.getByTestId('update-prompt').textContent).toContain('A new version is available');
    fireEvent.click(screen.getByTestId('update-reload'));
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('can be put off with Later, without reloading, until a newer version comes', async () => {
    renderAt('/pages/login/login');
    const accept = vi.fn();
    act(() => offerUpdate(accept));
    fireEvent.click(within(screen.getByTestId('update-prompt')).getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(accept).not.toHaveBeenCalled();
    // A version deployed after that one is offered again.
    act(() => offerUpdate(vi.fn()));
    expect(screen.getByTestId('update-prompt')).toBeTruthy();
  });

  it('has no Later when the server forces the update, and then shows no download dialog', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'index/check_version': versionAnswer({ has_update: true, force: true }) }).fetch,
    );
    renderAt('/pages/login/login');
    act(() => offerUpdate(vi.fn()));
    const prompt = await screen.findByTestId('update-prompt');
    // The version check has answered (forced) by the time the prompt drops its Later button.
    await waitFor(() => expect(within(prompt).queryByRole('button', { name: 'Later' })).toBeNull());
    expect(screen.queryByTestId('update-dialog')).toBeNull();
  });
});
