import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const ticker = (base: string, last: string, open: string) => ({
  symbol: `${base}/USDT`,
  base,
  quote: 'USDT',
  last,
  change_24h: (((Number(last) - Number(open)) / Number(open)) * 100).toFixed(2),
  high_24h: last,
  low_24h: open,
  volume_24h: '1000',
  simulated: true,
  at: '2026-11-25T08:00:00.000Z',
});

/** The browser's EventSource, as far as useTickers uses it; `emit` plays a tick from the server. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners: ((e: MessageEvent<string>) => void)[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(_type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(data: object) {
    for (const fn of this.listeners) fn(new MessageEvent('tickers', { data: JSON.stringify(data) }));
  }
}

describe('the market list', () => {
  beforeEach(() => {
    logInAs();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    FakeEventSource.last = undefined;
  });

  it('shows each market with its price, moves it with the stream, and searches', async () => {
    const api = scriptedApi({
      'Online/GetcMarket': {
        list: [ticker('BTC', '96000.00', '95000.00'), ticker('ETH', '3600.00', '3700.00')],
        source: 'simulated',
        exchange: 'binance',
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/online');
    expect((await screen.findByTestId('market-BTC-last')).textContent).toBe('96,000.00');
    expect(screen.getByTestId('market-BTC').textContent).toContain('+1.05%');
    expect(screen.getByTestId('market-ETH').textContent).toContain('-2.70%');
    expect(screen.getByText(/simulated/i)).toBeTruthy();
    expect(FakeEventSource.last?.url).toBe('/api/stream/tickers');

    act(() =>
      FakeEventSource.last?.emit({
        at: Date.now(),
        tickers: [
          {
            symbol: 'BTC/USDT',
            last: '97000.00',
            open_24h: '95000.00',
            high_24h: '97000.00',
            low_24h: '95000.00',
            volume_24h: '1001',
            simulated: true,
          },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('market-BTC-last').textContent).toBe('97,000.00'));
    expect(screen.getByTestId('market-BTC').textContent).toContain('+2.11%');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'eth' } });
    await waitFor(() => expect(screen.queryByTestId('market-BTC')).toBeNull());
    expect(screen.getByTestId('market-ETH').getAttribute('href')).toBe(
      '/pages/trade/onlinec?symbol=ETH%2FUSDT&account=demo',
    );
  });
});

describe('the demo account', () => {
  beforeEach(() => logInAs());

  it('shows the equity and balances, and starts afresh once after asking', async () => {
    let resets = 0;
    const balance = () => ({
      account: 'demo',
      balances:
        resets === 0
          ? [
              { asset: 'USDT', free: '8000', used: '0', value: '8000' },
              { asset: 'BTC', free: '0.02', used: '0', value: '1920' },
            ]
          : [{ asset: 'USDT', free: '10000', used: '0', value: '10000' }],
      equity: resets === 0 ? '9920' : '10000',
      quote: 'USDT',
      start_balance: '10000',
      resets,
    });
    const api = scriptedApi({
      'Trade/demobalance': balance,
      'Trade/demoreset': () => {
        resets++;
        return { account: 'demo', resets };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/test');
    expect((await screen.findByTestId('demo-equity')).textContent).toBe('9,920.00');
    expect(screen.getByTestId('demo-balance-BTC').textContent).toContain('0.02');
    fireEvent.click(screen.getByTestId('demo-reset'));
    await confirmDialogWith('');
    await waitFor(() => expect(screen.getByTestId('demo-equity').textContent).toBe('10,000.00'));
    expect(screen.queryByTestId('demo-balance-BTC')).toBeNull();
    const sent = api.bodiesOf('Trade/demoreset');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ account: 'demo' });
    expect(String(sent[0]?.idempotency_key).length).toBeGreaterThan(8);
  });
});
