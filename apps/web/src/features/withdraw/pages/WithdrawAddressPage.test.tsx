import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { inputOf, logInAs, Refuse, renderAt, scriptedApi } from '../../../test/renderApp.tsx';

const type = (testId: string, value: string) => fireEvent.change(inputOf(testId), { target: { value } });

beforeEach(async () => {
  await setLanguage('en-US');
  logInAs();
});

describe('withdrawal address', () => {
  it('shows a bound address read-only with the customer-service message', async () => {
    vi.stubGlobal(
      'fetch',
      scriptedApi({
        'member/getcaddress': {
          bound: true,
          address: 'TXYZabc1234',
          address_type: 'USDT-TRC20',
          bound_at: '2030-01-01T00:00:00Z',
        },
      }).fetch,
    );
    const { router } = renderAt('/pages/personal/WithdrawAdress');
    expect((await screen.findByTestId('address-bound-value')).textContent).toBe('TXYZabc1234');
    expect(screen.getByTestId('address-locked-message').textContent).toBe(
      'The withdrawal address cannot be changed. Please contact customer service.',
    );
    expect(screen.queryByTestId('address-input')).toBeNull();
    // Bound, the page leads on to the withdrawal.
    fireEvent.click(screen.getByTestId('address-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/Wallet/menuWithdraw'));
  });

  it('asks for the login password when binding again replaces an address, and sends it', async () => {
    let tries = 0;
    const api = scriptedApi({
      'member/getcaddress': { bound: false, address: '', address_type: '', bound_at: '' },
      'Member/withdrawAddressType': {
        list: [{ code: 'USDT-TRC20', name: 'USDT (TRON, TRC-20)', asset: 'USDT' }],
      },
      'Member/totpstatus': { enabled: false },
      'member/updatecaddress': (b: Record<string, unknown>) => {
        tries += 1;
        if (!b.password)
          return new Refuse(422, 'Please enter your current login password to confirm this change', [
            { field: 'password', message: 'Please enter your current login password to confirm this change' },
          ]);
        return {
          bound: true,
          address: String(b.address),
          address_type: 'USDT-TRC20',
          bound_at: '2030-01-01T00:00:00Z',
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/WithdrawAdress');
    await screen.findByTestId('address-form');
    expect(screen.queryByTestId('address-password')).toBeNull();
    type('address-input', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    fireEvent.click(screen.getByTestId('address-submit'));
    await screen.findByTestId('address-sheet-password');
    type('address-sheet-password', '123456');
    fireEvent.click(screen.getByTestId('address-sheet-confirm'));
    await screen.findByTestId('address-password');
    expect(tries).toBe(1);

    type('address-password', 'secret123');
    fireEvent.click(screen.getByTestId('address-submit'));
    await screen.findByTestId('address-sheet-password');
    type('address-sheet-password', '123456');
    fireEvent.click(screen.getByTestId('address-sheet-confirm'));
    await waitFor(() => expect(tries).toBe(2));
    expect(api.bodiesOf('member/updatecaddress')[1]).toMatchObject({
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      password: 'secret123',
      tx_password: '123456',
    });
  });

  it('offers the networks the server lists, and shows why binding to a closed one is refused', async () => {
    const closed = 'Withdrawals to USDT (BSC, BEP-20) are closed: bind an address on another network';
    const api = scriptedApi({
      'member/getcaddress': { bound: false, address: '', address_type: '', bound_at: '' },
      'Member/withdrawAddressType': {
        list: [
          { code: 'USDT-ERC20', name: 'USDT (Ethereum, ERC-20)', asset: 'USDT' },
          { code: 'USDT-BEP20', name: 'USDT (BSC, BEP-20)', asset: 'USDT' },
        ],
      },
      'Member/totpstatus': { enabled: false },
      // Closed by the operator after this page listed it.
      'member/updatecaddress': new Refuse(422, closed),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderAt('/pages/personal/WithdrawAdress');
    const chips = await screen.findByTestId('address-type');
    expect([...chips.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'USDT (Ethereum, ERC-20)',
      'USDT (BSC, BEP-20)',
    ]);
    fireEvent.click(screen.getByTestId('address-type-USDT-BEP20'));
    type('address-input', `0x${'ab'.repeat(20)}`);
    fireEvent.click(screen.getByTestId('address-submit'));
    await screen.findByTestId('address-sheet-password');
    type('address-sheet-password', '123456');
    fireEvent.click(screen.getByTestId('address-sheet-confirm'));
    expect((await screen.findByTestId('address-error')).textContent).toBe(closed);
    expect(api.bodiesOf('member/updatecaddress')[0]).toMatchObject({ address_type: 'USDT-BEP20' });
  });
});
