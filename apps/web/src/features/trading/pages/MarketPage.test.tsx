import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

// The chart draws on a canvas, which jsdom lacks; it is not what these tests look at.
vi.mock('../components/CandleChart.tsx', () => ({ CandleChart: () => null }));

const ticker = {
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
};
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
  ticker,
  fee_bps: 10,
  spread_bps: 0,
  venue_symbol: 'BTC/USDT',
};
const balance = (free: string, used: string) => ({
  account: 'demo',
  balances: [{ asset: 'USDT', free, used, value: free }],
  equity: '10000',
  quote: 'USDT',
  start_balance: '10000',
  resets: 0,
});
const order = {
  order_id: '7',
  account: 'demo',
  symbol: 'BTC/USDT',
  market: 'perp',
  leverage: 10,
  side: 'buy',
  type: 'market',
  amount: '0.1',
  price: '',
  filled: '0.1',
  avg_price: '50000.00',
  fee: '5',
  fee_asset: 'USDT',
  state: 'filled',
  reason: '',
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
};
const position = {
  symbol: 'BTC/USDT',
  side: 'long',
  contracts: '0.1',
  entry_price: '50000.00',
  mark_price: '50000.00',
  liquidation_price: '45226.14',
  margin: '500',
  leverage: 10,
  unrealized_pnl: '0',
  roe_percent: '0.00',
  funding: '0',
  opened_at: '2026-11-25T08:00:00.000Z',
};

describe('perpetuals on the market page', () => {
  beforeEach(() => {
    logInAs();
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener() {}
        close() {}
      },
    );
  });

  it('opens a long at the chosen leverage, shows the position and closes it after asking', async () => {
    let open = false;
    const api = scriptedApi({
      'Online/marketinfo': info,
      'Online/accounts': { list: [], exchanges: [] },
      'Online/openorders': { list: [] },
      'Trade/demobalance': () => (open ? balance('9495', '500') : balance('10000', '0')),
      'Online/positions': () => ({ list: open ? [position] : [] }),
      'Online/SaveOrder': (body: Record<string, unknown>) => {
        if (body.amount === '50') return new Refuse(422, 'Not enough USDT: 10000 available, 250250 needed');
        open = true;
        return { order_id: '7', state: 'filled', filled: '0.1', avg_price: '50000.00', order };
      },
      'Online/closeposition': () => {
        open = false;
        return { order: { ...order, order_id: '8', side: 'sell' } };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/onlinec?symbol=BTC/USDT&market=perp');
    expect((await screen.findByTestId('positions')).textContent).toContain('No open positions');
    expect((await screen.findByTestId('side-buy')).textContent).toBe('Buy / Long');
    fireEvent.click(screen.getByTestId('leverage-10'));
    fireEvent.change(screen.getByLabelText('Amount (BTC)'), { target: { value: '0.1' } });
    // 5,000 of value at 10x: 500 of margin.
    expect(screen.getByTestId('order-estimate').textContent).toContain('margin 500.00 USDT');
    expect(screen.getByTestId('order-submit').textContent).toBe('Buy / Long BTC 10x');

    fireEvent.change(screen.getByLabelText('Amount (BTC)'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(await screen.findByText('Not enough USDT: 10000 available, 250250 needed')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Amount (BTC)'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('position-BTC/USDT').textContent).toContain('Long BTC/USDT · 10x'),
    );
    const [sent] = api.bodiesOf('Online/SaveOrder').slice(-1);
    expect(sent).toMatchObject({ market: 'perp', leverage: 10, side: 'buy', type: 'market', amount: '0.1' });
    expect(screen.getByTestId('liq-BTC/USDT').textContent).toBe('45,226.14');
    // An open position fixes the leverage of what is added to it.
    expect(screen.getByTestId('leverage-5').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('close-BTC/USDT'));
    await confirmDialogWith('Close the whole BTC/USDT position at the market price?');
    await waitFor(() => expect(screen.getByTestId('positions').textContent).toContain('No open positions'));
    expect(api.bodiesOf('Online/closeposition')).toEqual([
      expect.objectContaining({ account: 'demo', symbol: 'BTC/USDT' }),
    ]);
  });
});
