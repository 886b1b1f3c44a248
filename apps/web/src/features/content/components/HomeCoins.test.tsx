import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

// The chart draws on a canvas, which jsdom lacks; the market page is what this test opens.
vi.mock('../../trading/components/CandleChart.tsx', () => ({ CandleChart: () => null }));

const coins = (source: string) => ({
  list: [
    { symbol: 'BTC', name: 'Bitcoin', price: '96120.55', change_24h: '1.25' },
    { symbol: 'ETH', name: 'Ethereum', price: '3590.10', change_24h: '-0.40' },
  ],
  source,
  as_of: '2026-11-25T08:00:00.000Z',
});

describe('the home page coin strip', () => {
  beforeEach(() => logInAs());

  it('shows the feed’s prices with their change, says they are simulated, and opens a market', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Main/homecoin': coins('simulated') }).fetch);
    renderAt('/pages/home/home');
    const btc = await screen.findByTestId('home-coin-BTC');
    expect(btc.textContent).toBe('BTC96,120.55+1.25%');
    expect(screen.getByTestId('home-coin-ETH').textContent).toContain('-0.40%');
    expect(screen.getByTestId('home-coins-simulated').textContent).toBe('Simulated prices, for practice');
    fireEvent.click(btc);
    expect((await screen.findByTestId('market-page')).textContent).toContain('BTC/USDT');
  });

  it('labels reference prices, which do not open a market', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Main/homecoin': coins('reference') }).fetch);
    renderAt('/pages/home/home');
    const btc = await screen.findByTestId('home-coin-BTC');
    expect(btc.hasAttribute('disabled')).toBe(true);
    expect(btc.textContent).toBe('BTC96,120.55');
    expect(screen.getByTestId('home-coins-reference').textContent).toBe('Reference prices, not live');
  });
});
