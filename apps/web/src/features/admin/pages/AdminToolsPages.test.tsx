import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs('admin', 'admin1');
});

afterEach(() => Toast.clear());

describe('admin tools', () => {
  it('links every admin page from the admin home', async () => {
    const { router } = renderAt('/pages/admin/admin');
    fireEvent.click(await screen.findByTestId('admin-menu-ledger'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/ledger'));
    for (const key of ['adjust', 'rate', 'airdrop', 'unbind']) {
      await router.navigate('/pages/admin/admin');
      expect((await screen.findByTestId(`admin-menu-${key}`)).textContent).toBeTruthy();
    }
  });

  it('shows the ledger check: problems, and debits against credits per asset', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'Admin/ledgerhealth': {
          healthy: false,
          checked_at: '2030-01-01T00:00:00Z',
          accounts: 12,
          transfers: 340,
          problems: ['Account 7 balance 5 differs from its transfers (4)'],
          assets: [
            { asset: 'USDT', debits: '1500.25', credits: '1500.25' },
            { asset: 'XT', debits: '10', credits: '9' },
          ],
        },
      }).fetch,
    );
    renderAt('/pages/admin/ledger');
    expect((await screen.findByTestId('ledger-status')).dataset.state).toBe('unhealthy');
    expect(screen.getByTestId('ledger-problem-0').textContent).toBe(
      'Account 7 balance 5 differs from its transfers (4)',
    );
    expect(screen.getByTestId('ledger-transfers').textContent).toBe('340');
    expect(screen.getByTestId('ledger-asset-USDT-debits').textContent).toBe('1,500.25 USDT');
    expect(screen.getByTestId('ledger-asset-USDT-balanced').dataset.state).toBe('balanced');
    expect(screen.getByTestId('ledger-asset-XT-balanced').dataset.state).toBe('unbalanced');
  });

  it('shows the current rate and sets a new one', async () => {
    const api = scriptedApi({
      'asset/getcoin': { list: [{ asset: 'XT', name: 'X Token', decimals: 6, price_usdt: '0.5' }] },
      'Asset/exchangemenu': {
        wallet: 'funds',
        list: [
          { from: 'USDT', to: 'XT', rate: '1.98', spread_percent: '1', min_amount: '1', available: '0' },
        ],
      },
      'Admin/setexchangerate': (b: Record<string, unknown>) => b,
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/rate');
    expect((await screen.findByTestId('rate-current-price')).textContent).toBe('0.50 USDT');
    expect(screen.getByTestId('rate-current-spread').textContent).toBe('1%');
    expect(screen.getByTestId('rate-pair-USDT-XT').textContent).toBe('1.98');
    expect(inputOf('rate-price').value).toBe('0.5');
    type('rate-price', '0.123456789');
    type('rate-spread', '51');
    fireEvent.click(screen.getByTestId('rate-submit'));
    expect(await screen.findByText('Please enter a price above zero with at most 8 decimals')).toBeTruthy();
    expect(screen.getByText('The spread must be between 0 and 50 percent')).toBeTruthy();
    type('rate-price', '0.65');
    type('rate-spread', '1.5');
    fireEvent.click(screen.getByTestId('rate-submit'));
    await waitFor(() => expect(api.bodiesOf('Admin/setexchangerate')).toHaveLength(1));
    expect(api.bodiesOf('Admin/setexchangerate')[0]).toEqual({ price_usdt: '0.65', spread_percent: '1.5' });
  });

  it('unbinds a member’s withdrawal address after confirming', async () => {
    const api = scriptedApi({ 'Admin/unbindaddress': {} });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/admin/unbind');
    await screen.findByTestId('unbind-form');
    type('unbind-userid', 'alice1');
    type('unbind-reason', 'Lost access to the wallet');
    fireEvent.click(screen.getByTestId('unbind-submit'));
    expect((await screen.findByTestId('unbind-confirm-effect')).textContent).toContain('alice1');
    expect(api.bodiesOf('Admin/unbindaddress')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('unbind-confirm-ok'));
    expect((await screen.findByTestId('unbind-done')).textContent).toContain('alice1');
    expect(api.bodiesOf('Admin/unbindaddress')).toEqual([
      { userid: 'alice1', reason: 'Lost access to the wallet' },
    ]);
  });
});
