import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialogWith, inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

describe('the admin copy trading page', () => {
  beforeEach(() => logInAs('admin', 'admin'));

  it('shows custody and runs, runs today, and adds a package for a trader', async () => {
    let runs: Record<string, unknown>[] = [];
    const api = scriptedApi({
      'Admin/copyinvestments': {
        list: [],
        page: 1,
        pagesize: 10,
        total: 0,
        custody: '800',
        active_value: '812.5',
        shared: '2',
        fees: '0.4',
      },
      'Admin/copysettle': (b: Record<string, unknown>) => {
        if (b.run)
          runs = [
            {
              date: '2026-11-26',
              investments: 2,
              shared: '1',
              fees: '0.2',
              started_by: 'admin',
              at: '2026-11-26T02:00:00.000Z',
            },
          ];
        return { list: runs };
      },
      'Admin/copypackages': {
        list: [],
        traders: [
          { id: '7', display_name: 'Carol Trend', company: false },
          { id: '8', display_name: 'House', company: true },
        ],
      },
      'Admin/copypackagesave': (b: Record<string, unknown>) => ({ ...b, id: '9', trader_name: 'House' }),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/copy');
    expect((await screen.findByTestId('admin-copy-custody')).textContent).toContain('800');
    fireEvent.click(screen.getByTestId('admin-copy-run'));
    await confirmDialogWith('Settle every active copy');
    expect((await screen.findByTestId('admin-copy-run-2026-11-26')).textContent).toContain(
      '2 copies settled',
    );
    fireEvent.click(screen.getByTestId('admin-copy-package-new'));
    await screen.findByTestId('admin-copy-package-form');
    fireEvent.click(screen.getByText('House', { selector: 'button' }));
    fireEvent.change(inputOf('admin-copy-package-name'), { target: { value: 'Managed' } });
    fireEvent.change(inputOf('admin-copy-package-share'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('admin-copy-package-save'));
    await waitFor(() =>
      expect(api.bodiesOf('Admin/copypackagesave')).toEqual([
        {
          trader_id: '8',
          name: 'Managed',
          min_amount: '100',
          term_days: 30,
          share_percent: '20',
          fee_percent: '2',
          active: true,
        },
      ]),
    );
    expect(screen.getByTestId('admin-copy-trader-8').textContent).toContain('Company');
  });
});
