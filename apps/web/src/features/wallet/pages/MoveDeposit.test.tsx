import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

/** Deposits land in the deposit wallet; transfers, withdrawals and exchanges use the funds wallet: said, and moved. */
const balances = (deposit: string, funds: string) => ({
  wallets: [
    { wallet: 'deposit', asset: 'USDT', balance: deposit, available: deposit, pending: '0' },
    { wallet: 'funds', asset: 'USDT', balance: funds, available: funds, pending: '0' },
  ],
});
const transferMenu = {
  wallets: [{ wallet: 'funds', to_wallet: 'funds', asset: 'USDT', available: '0' }],
  fee_percent: '0',
  min_amount: '1',
  max_amount: '0',
};

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('money that arrives in the deposit wallet', () => {
  it('the wallet tab has Deposit (to the top-up page) and Move to Funds', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'asset/index2': { total_usdt: '100', wallets: [] },
        'Asset/getwalletbalance': balances('100', '0'),
      }).fetch,
    );
    const { router } = renderAt('/pages/Wallet/Wallet');
    expect((await screen.findByTestId('wallet-action-deposit')).textContent).toBe('Deposit');
    expect(screen.getByTestId('wallet-action-move').textContent).toBe('Move to Funds');
    fireEvent.click(screen.getByTestId('wallet-action-deposit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/Wallet/menuTOPUP'));
  });

  it('the transfer says it uses the funds wallet and why, and leads to moving the deposit wallet’s 100 USDT', async () => {
    let moved = false;
    const api = scriptedApi({
      'asset/transfer': transferMenu,
      'Asset/getwalletbalance': () => (moved ? balances('60', '40') : balances('100', '0')),
      'Asset/walletmove': (b: Record<string, unknown>) => {
        moved = true;
        return {
          id: '77',
          from: 'deposit',
          to: 'funds',
          amount: String(b.amount),
          fee: '0',
          asset: 'USDT',
          balance_after: '40',
          created_at: '2026-11-27T08:00:00.000Z',
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderAt('/pages/Wallet/CurrencyOther?type=transfer');
    const note = await screen.findByTestId('transfer-source-note');
    expect(note.textContent).toContain('Transfers are sent from your Funds wallet.');
    expect(note.textContent).toContain('Deposits land in your Deposit wallet');
    expect((await screen.findByTestId('transfer-source-deposit')).textContent).toBe('100.00 USDT');

    fireEvent.click(screen.getByTestId('transfer-source-move'));
    await waitFor(() => expect(router.state.location.search).toBe('?type=move'));
    expect((await screen.findByTestId('move-from-balance')).textContent).toBe('100.00 USDT');
    type('move-amount', '40');
    fireEvent.click(screen.getByTestId('move-submit'));
    await screen.findByTestId('move-sheet-password');
    type('move-sheet-password', '654321');
    fireEvent.click(screen.getByTestId('move-sheet-confirm'));
    expect((await screen.findByTestId('move-result-amount')).textContent).toBe('40.00 USDT');
    expect(screen.getByTestId('move-result-balance').textContent).toBe('40.00 USDT');
    expect(api.bodiesOf('Asset/walletmove')).toEqual([
      {
        from: 'deposit',
        to: 'funds',
        amount: '40',
        tx_password: '654321',
        idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('says it in Chinese and Malay too, and says nothing about moving when the deposit wallet is empty', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'asset/transfer': transferMenu, 'Asset/getwalletbalance': balances('0', '5') }).fetch,
    );
    await setLanguage('zh-CN');
    const first = renderAt('/pages/Wallet/CurrencyOther?type=transfer');
    expect((await screen.findByTestId('transfer-source-note')).textContent).toContain('转账从资金钱包发出');
    expect(screen.queryByTestId('transfer-source-move')).toBeNull();
    first.unmount();
    await setLanguage('bm-MY');
    renderAt('/pages/Wallet/CurrencyOther?type=transfer');
    expect((await screen.findByTestId('transfer-source-note')).textContent).toContain(
      'Pindahan dihantar dari Dompet dana anda.',
    );
  });
});
