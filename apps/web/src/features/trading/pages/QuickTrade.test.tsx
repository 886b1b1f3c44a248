import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

// The chart draws on a canvas, which jsdom lacks; it is not what these tests look at.
vi.mock('../components/CandleChart.tsx', () => ({ CandleChart: () => null }));

const info = {
  market: {
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    name: 'Bitcoin',
    amount_decimals: 5,
    price_decimals: 2,
    min_amount: '0.00001',
    min_cost: '5',
    price_band_percent: 10,
  },
  ticker: {
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    last: '50000.00',
    change_24h: '1.00',
    high_24h: '50500.00',
    low_24h: '49000.00',
    volume_24h: '1000',
    simulated: true,
    at: '2026-11-25T08:00:00.000Z',
  },
  fee_bps: 10,
  spread_bps: 0,
  venue_symbol: 'BTC/USDT',
};

const pressed = (testId: string) => screen.getByTestId(testId).getAttribute('aria-pressed');
const classes = (testId: string) => screen.getByTestId(testId).className;

describe('quick buy and quick sell', () => {
  beforeEach(() => {
    logInAs();
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener() {}
        close() {}
      },
    );
    const api = scriptedApi({
      'Online/marketinfo': info,
      'Online/accounts': { list: [], exchanges: [] },
      'Online/openorders': { list: [] },
      'Trade/demobalance': {
        account: 'demo',
        balances: [{ asset: 'USDT', free: '10000', used: '0', value: '10000' }],
        equity: '10000',
        quote: 'USDT',
        start_balance: '10000',
        resets: 0,
      },
    });
    vi.stubGlobal('fetch', api.fetch);
  });

  it('opens Quick sell with Sell chosen, also when coming from Quick buy (one page at two routes)', async () => {
    const { router } = renderAt('/pages/home/Trade');
    await screen.findByTestId('side-buy');
    expect(pressed('side-buy')).toBe('true');
    await router.navigate('/pages/home/Tradesell');
    await waitFor(() => expect(pressed('side-sell')).toBe('true'));
    expect(pressed('side-buy')).toBe('false');
  });

  it('fills the chosen option and leaves the others plain (not the reverse)', async () => {
    renderAt('/pages/home/Tradesell');
    await screen.findByTestId('market-kind-spot');
    // Spot and Market are chosen: filled in the app's colour; Perpetual and Limit plain.
    expect(classes('market-kind-spot')).toContain('adm-button-primary');
    expect(classes('type-market')).toContain('adm-button-primary');
    for (const id of ['market-kind-perp', 'type-limit', 'side-buy']) {
      expect(classes(id)).toContain('adm-button-default');
      expect(classes(id)).not.toContain('adm-button-fill-outline');
    }
    expect(classes('side-sell')).toContain('adm-button-danger');
  });
});
