import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const info = (hot: string) => ({
  network: 'ERC20',
  name: 'Local test chain',
  chain_id: 31337,
  rpc_url: 'http://127.0.0.1:8545',
  token: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  token_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  token_decimals: 6,
  confirmations: 6,
  demo: true,
  hot_wallet_address: hot,
  hot_wallet_usdt: '999952.5',
  hot_wallet_gas: '99.999946102433099495',
  payouts: { queued: 1, broadcast: 2, failed: 0 },
  head: 120,
  cursor: 120,
  lag: 1,
  pending: 0,
  credited: '500',
  deposit_wallets: '580',
  on_addresses: '0',
  attention: [],
});

describe('the admin chain page', () => {
  beforeEach(() => logInAs('admin', 'admin1'));

  it('shows the hot wallet, its balances and the payouts under way', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({ 'Admin/chaininfo': info('0x8e3dD9c9B412Eb75420971a53a7bbfe6F4Bc368e') }).fetch,
    );
    renderAt('/pages/admin/chain');
    expect((await screen.findByTestId('chain-hot-usdt')).textContent).toBe('999,952.50 USDT');
    // Gas cut to 4 decimals, every digit on a tap.
    const gas = screen.getByTestId('chain-hot-gas');
    expect(gas.textContent).toBe('99.9999');
    fireEvent.click(within(gas).getByRole('button'));
    expect(gas.textContent).toBe('99.999946102433099495');
    expect(screen.getByTestId('chain-payouts').textContent).toBe('1 queued · 2 confirming · 0 failed');
    expect(screen.getByTestId('chain-wallets').textContent).toBe('580.00 USDT');
    expect(screen.getByTestId('chain-info').textContent).toContain(
      'Local test chain (test USDT has no value)',
    );
  });

  it('says approvals are paid by hand without a hot wallet', async () => {
    vi.stubGlobal('fetch', scriptedApi({ 'Admin/chaininfo': info('') }).fetch);
    renderAt('/pages/admin/chain');
    expect((await screen.findByTestId('chain-no-hot-wallet')).textContent).toContain('paid by hand');
  });
});
