import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('mining income page', () => {
  it("shows the totals, today's income, a bar per day of the chart and the order states", async () => {
    const api = scriptedApi({
      'Mining/incomesummary': {
        today_date: '2030-01-31',
        totals: [{ asset: 'USDT', total: '108', today: '3.6', yesterday: '3.6' }],
        series: [
          { date: '2030-01-30', asset: 'USDT', amount: '3.6' },
          { date: '2030-01-31', asset: 'USDT', amount: '3.6' },
        ],
        status: {
          orders: 2,
          pending: 1,
          mining: 1,
          ended: 0,
          capacity: [{ coin: 'BTC', capacity_unit: 'TH/s', quantity: 3 }],
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Mining/AssetIncome');
    expect((await screen.findByTestId('income-total')).textContent).toBe('108.00 USDT');
    expect(screen.getByTestId('income-today').textContent).toBe('3.60 USDT');
    const chart = screen.getByTestId('income-chart');
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    expect(chart.querySelector('rect:last-of-type title')?.textContent).toBe('Jan 31, 2030: 3.60 USDT');
    expect(screen.getByTestId('status-pending').textContent).toBe('1');
    expect(screen.getByTestId('status-mining').textContent).toBe('1');
    expect(api.bodiesOf('Mining/incomesummary')[0]).toEqual({ days: 30 });
  });
});
