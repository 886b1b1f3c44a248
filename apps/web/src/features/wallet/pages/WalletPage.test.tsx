import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const balances = [
  { wallet: 'funds', asset: 'USDT', balance: '1234567.5', available: '1234500', pending: '67.5' },
  { wallet: 'funds', asset: 'XT', balance: '10', available: '10', pending: '0' },
];

const record = {
  id: '41',
  created_at: '2030-01-01T10:00:00Z',
  wallet: 'funds',
  asset: 'USDT',
  type: 'transfer',
  amount: '-25.5',
  balance_after: '974.5',
  status: 'posted',
  reference: 'op:1',
  counterparty: 'bob22',
};

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('wallet tab', () => {
  it('shows the total and every wallet with balance, available and pending', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'asset/index2': { total_usdt: '1234577.5', wallets: [] },
        'Asset/getwalletbalance': { wallets: balances },
      }).fetch,
    );
    const { router } = renderAt('/pages/Wallet/Wallet');
    expect((await screen.findByTestId('wallet-total-usdt')).textContent).toBe('1,234,577.50 USDT');
    expect((await screen.findByTestId('wallet-funds-USDT-balance')).textContent).toBe('1,234,567.50 USDT');
    expect(screen.getByTestId('wallet-funds-USDT-pending').textContent).toBe('67.50 USDT');
    expect(screen.getByTestId('wallet-deposit-USDT-available').textContent).toBe('0.00 USDT');
    expect(screen.getByTestId('wallet-card-registration_points').textContent).toContain(
      'Registration points',
    );
    expect(screen.queryByTestId('wallet-empty')).toBeNull();
    fireEvent.click(screen.getByTestId('wallet-action-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/Wallet/menuWithdraw'));
  });

  it('offers a retry when the balances cannot be loaded', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'asset/index2': new Refuse(500, 'Server error') }).fetch);
    renderAt('/pages/Wallet/Wallet');
    expect(await screen.findByTestId('wallet-error')).toBeTruthy();
  });
});

describe('records', () => {
  it('lists transfers by default and one wallet when filtered, with translated types', async () => {
    await setLanguage('zh-CN');
    const api = scriptedApi({
      'asset/walletrecord2': { list: [record], page: 1, pagesize: 10, total: 1 },
      'asset/walletrecord': { list: [], page: 1, pagesize: 10, total: 0 },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/Wallet/Other_History');
    expect((await screen.findByTestId('record-41-type')).textContent).toBe('转账');
    const amount = screen.getByTestId('record-41-amount');
    expect(amount.textContent).toBe('-25.50 USDT');
    expect(amount.className).toContain('money-out');
    expect(screen.getByTestId('record-41-status').textContent).toBe('已完成');
    fireEvent.click(screen.getByTestId('history-filter-reward'));
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
    expect(api.bodiesOf('asset/walletrecord')[0]).toMatchObject({ wallet: 'reward', page: 1 });
  });
});
