import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const day = (date: string, personal: string, team: string) => ({
  date,
  personal,
  left: team,
  right: '0',
  team,
});

describe('sales', () => {
  beforeEach(() => logInAs());

  it('shows my and my team’s totals over the chosen period, a bar per day, and the latest team sales', async () => {
    const api = scriptedApi({
      'Member/memberSales': (b: Record<string, unknown>) => ({
        asset: 'USDT',
        days: Array.from({ length: Number(b.days) }, (_, i) =>
          day(`2026-11-${String(i + 1).padStart(2, '0')}`, i === 0 ? '100' : '0', '50'),
        ),
        totals: { personal: '100', team: String(50 * Number(b.days)) },
      }),
      'Member/Lastestsales': {
        list: [{ userid: 'bob', level: 1, source: 'shop', amount: '48', at: '2026-11-25T08:00:00.000Z' }],
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/trade/Sales');
    expect((await screen.findByTestId('sales-team')).textContent).toBe('1,500.00 USDT');
    expect(screen.getByTestId('sales-mine').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('sales-chart').querySelectorAll('g')).toHaveLength(30);
    expect(screen.getByTestId('sales-latest').textContent).toContain('bob');
    expect(screen.getByTestId('sales-latest').textContent).toContain('Level 1 · Shop');
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('sales-team').textContent).toBe('350.00 USDT'));
    expect(api.bodiesOf('Member/memberSales').map((b) => b.days)).toEqual([30, 7]);
  });
});
