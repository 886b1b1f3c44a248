import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const DASHBOARD = {
  date: '2030-01-02',
  members_total: 12345,
  members_today: 17,
  pending_withdrawals: 3,
  pending_withdrawal_amount: '1500.5',
  pending_kyc: 0,
  volume_today: '98765.4321',
  purchases_today: 42,
  bonuses_today: '1234.5',
  mining_income_today: '77',
  withdrawals_waiting_long: 0,
  oldest_waiting_since: '',
  wait_alert_hours: 24,
};

const text = (testId: string) => screen.getByTestId(testId).textContent;

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('admin home dashboard', () => {
  it("shows today's figures, and a pending queue opens that queue", async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Admin/dashboard': DASHBOARD }).fetch);
    const { router } = renderAt('/pages/admin/admin');
    expect((await screen.findByTestId('dash-members-value')).textContent).toBe('12,345');
    expect(text('dash-members-sub')).toBe('+17 today');
    // A summary shows cents (rounded down); the exact figure is its title.
    expect(text('dash-volume-value')).toBe('98,765.43 USDT');
    expect(screen.getByTestId('dash-volume-value').querySelector('[title]')?.getAttribute('title')).toBe(
      '98,765.4321 USDT',
    );
    expect(text('dash-volume-sub')).toBe('Purchases: 42');
    expect(text('dash-pending-wd-value')).toBe('3');
    expect(text('dash-pending-wd-sub')).toBe('1,500.50 USDT');
    expect(text('dash-pending-kyc-value')).toBe('0');
    expect(text('dash-bonuses-value')).toBe('1,234.50 USDT');
    expect(text('dash-mining-value')).toBe('77.00 USDT');
    expect(screen.getByTestId('dash-pending-wd').className).toContain('dash-attention');
    expect(screen.getByTestId('dash-pending-kyc').className).not.toContain('dash-attention');

    fireEvent.click(screen.getByTestId('dash-pending-wd'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/wd'));
    await router.navigate('/pages/admin/admin');
    fireEvent.click(await screen.findByTestId('dash-pending-kyc'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/kyc'));
  });

  it('keeps the menu, with the plan and member pages, when the figures cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'Admin/dashboard': () => (fail ? new Refuse(503, 'Service busy') : DASHBOARD) }).fetch,
    );
    const { router } = renderAt('/pages/admin/admin');
    expect(await screen.findByTestId('dashboard-error')).toBeTruthy();
    expect(text('admin-menu-plan')).toBe('Bonus plan');
    expect(text('admin-menu-member')).toBe('Members');
    expect(text('admin-menu-search')).toBe('Member search');

    fail = false;
    fireEvent.click(screen.getByTestId('dashboard-error-retry'));
    expect((await screen.findByTestId('dash-members-value')).textContent).toBe('12,345');

    fireEvent.click(screen.getByTestId('admin-menu-plan'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/plan'));
  });

  it('warns of withdrawals waiting too long, and the warning opens the withdrawals', async () => {
    const oldest = '2030-01-01T08:30:00Z';
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Admin/dashboard': { ...DASHBOARD, withdrawals_waiting_long: 2, oldest_waiting_since: oldest },
      }).fetch,
    );
    const { router } = renderAt('/pages/admin/admin');
    expect((await screen.findByTestId('dash-waiting-long')).textContent).toBe(
      `2 withdrawals waiting more than 24 hours (oldest since ${formatDateTime(oldest)})`,
    );
    fireEvent.click(screen.getByTestId('dash-waiting-long'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/wd'));
  });

  it('shows no waiting warning when nothing waits too long', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Admin/dashboard': DASHBOARD }).fetch);
    renderAt('/pages/admin/admin');
    await screen.findByTestId('dash-members-value');
    expect(screen.queryByTestId('dash-waiting-long')).toBeNull();
  });
});
